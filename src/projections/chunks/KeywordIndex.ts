import type Database from "better-sqlite3";
import type { ChunkRow } from "./ChunkRow.js";
import { termBytes, termText } from "./keywordTerms.js";
import { openKeywordIndex } from "./openKeywordIndex.js";
import { recordVectorChange, type VectorChange } from "./recordVectorChange.js";

export interface Checkpoint {
  readonly position: number;
  readonly version: number;
  readonly embedder: string | null;
}

/** Path terms: directories and file name, split like identifiers (`src/userService.ts` → src user service…). */
export const pathTermText = (path: string): string => termText(path.replace(/\.[A-Za-z0-9]+$/, "").replace(/[/\\.-]/g, " "));

const symbolTermText = (symbol: string | null): string => (symbol ? termText(symbol.replace(/#\d+$/, "").replace(/\./g, " ")) : "");

/** The chunk bodies' terms joined by spaces, as one file's body terms. */
const joinBytes = (bodies: ReadonlyArray<Buffer>): Buffer => {
  let length = Math.max(0, bodies.length - 1);
  for (const b of bodies) length += b.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  bodies.forEach((b, i) => {
    if (i > 0) out[at++] = 32;
    at += b.copy(out, at);
  });
  return out;
};

/**
 * A rebuilt index starts its vector epoch at a random number, so a reader's cached matrix of
 * the index it replaced cannot match it by accident.
 */
const firstEpoch = (): string => String(Math.floor(Math.random() * 2 ** 48));

/** Writes of the keyword side; every method runs inside the caller's transaction. */
export class KeywordIndex {
  private readonly s;

  constructor(readonly db: Database.Database) {
    this.s = {
      meta: db.prepare("SELECT value FROM meta WHERE key = ?").pluck(),
      setMeta: db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
      idsOfPath: db.prepare("SELECT id, rowid FROM chunks WHERE path = ?"),
      insertChunk: db.prepare(`INSERT INTO chunks (id, path, symbol, kind, language, start_line, end_line, text)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
      // Body terms come as ASCII bytes (keywordTerms.termBytes): read as the text they are.
      insertChunkTerms: db.prepare("INSERT INTO chunk_terms (rowid, path_terms, symbol_terms, body_terms) VALUES (?, ?, ?, CAST(? AS TEXT))"),
      deleteChunk: db.prepare("DELETE FROM chunks WHERE rowid = ?"),
      insertVector: db.prepare("INSERT OR IGNORE INTO chunk_vectors (rowid, id, vector) VALUES (?, ?, ?)"),
      fillVector: db.prepare("INSERT OR IGNORE INTO chunk_vectors (rowid, id, vector) SELECT rowid, id, ? FROM chunks WHERE id = ?"),
      pendingRows: db.prepare(`SELECT c.id, c.path, c.symbol, c.kind, c.language, c.start_line AS startLine, c.end_line AS endLine, c.text
        FROM chunks c LEFT JOIN chunk_vectors v ON v.rowid = c.rowid WHERE v.rowid IS NULL ORDER BY c.rowid LIMIT ?`),
      pendingCount: db.prepare("SELECT (SELECT count(*) FROM chunks) - (SELECT count(*) FROM chunk_vectors)").pluck(),
      deleteVector: db.prepare("DELETE FROM chunk_vectors WHERE rowid = ?"),
      bumpVectorEpoch: db.prepare(
        "INSERT INTO meta (key, value) VALUES ('vector_epoch', ?) ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1",
      ),
      deleteChunkTerms: db.prepare("DELETE FROM chunk_terms WHERE rowid = ?"),
      fileRowid: db.prepare("SELECT rowid FROM files WHERE path = ?").pluck(),
      // Two plain single-row statements, not one upsert: an upsert opens a statement savepoint,
      // and FTS5 flushes its pending terms to a new segment on every savepoint — one tiny
      // segment per file, then merged again and again (most of a bulk build's SQLite time).
      insertFile: db.prepare("INSERT INTO files (path, language) VALUES (?, ?)"),
      setFileLanguage: db.prepare("UPDATE files SET language = ? WHERE rowid = ?"),
      deleteFile: db.prepare("DELETE FROM files WHERE rowid = ?"),
      insertFileTerms: db.prepare("INSERT INTO file_terms (rowid, path_terms, body_terms) VALUES (?, ?, CAST(? AS TEXT))"),
      deleteFileTerms: db.prepare("DELETE FROM file_terms WHERE rowid = ?"),
      markLance: db.prepare("INSERT INTO lance_pending (id, seq) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq"),
      lancePending: db.prepare("SELECT id, seq FROM lance_pending ORDER BY seq LIMIT ?"),
      anyLancePending: db.prepare("SELECT 1 FROM lance_pending LIMIT 1").pluck(),
      clearLance: db.prepare("DELETE FROM lance_pending WHERE id = ? AND seq = ?"),
      rowsWithVectors: db.prepare(`SELECT c.id, c.path, c.symbol, c.kind, c.language, c.start_line AS startLine, c.end_line AS endLine, c.text, v.vector AS blob
        FROM chunks c LEFT JOIN chunk_vectors v ON v.rowid = c.rowid WHERE c.id IN (SELECT value FROM json_each(?))`),
      allRows: db.prepare(`SELECT id, path, symbol, kind, language, start_line AS startLine, end_line AS endLine, text
        FROM chunks ORDER BY id`),
    };
  }

  static open(path: string): KeywordIndex {
    return new KeywordIndex(openKeywordIndex(path));
  }

  checkpoint(): Checkpoint {
    const position = Number(this.s.meta.get("position") ?? 0);
    const version = Number(this.s.meta.get("version") ?? 0);
    const embedder = (this.s.meta.get("embedder") as string | undefined) ?? null;
    return { position, version, embedder };
  }

  /** `change`: the chunk ids the pass removed and added (null: not known, readers reload every vector). */
  saveCheckpoint(c: Checkpoint, dimensions: number, change: VectorChange | null): void {
    this.s.setMeta.run("position", String(c.position));
    this.s.setMeta.run("version", String(c.version));
    this.s.setMeta.run("embedder", c.embedder ?? "");
    this.s.setMeta.run("dimensions", String(dimensions));
    this.moveVectorEpoch(change);
  }

  /** Readers cache the vector matrix until the epoch moves, then follow what each move recorded. */
  private moveVectorEpoch(change: VectorChange | null): void {
    const previous = this.vectorEpoch();
    this.s.bumpVectorEpoch.run(firstEpoch());
    recordVectorChange(this.db, previous, this.vectorEpoch(), change);
  }

  /**
   * True while a LanceDB write may hold rows this index does not (set before the write, cleared
   * with the checkpoint): the projector then merges by id instead of appending.
   */
  lanceAhead(): boolean {
    return this.s.meta.get("lance_ahead") === "1";
  }

  setLanceAhead(ahead: boolean): void {
    this.s.setMeta.run("lance_ahead", ahead ? "1" : "0");
  }

  /**
   * Leaves LanceDB's rows of `ids` to the background: each is brought to what this index holds
   * (the row with its vector, or none). `seq` orders requests for one id (the vector epoch will do).
   */
  markLancePending(ids: Iterable<string>, seq: number): void {
    for (const id of ids) this.s.markLance.run(id, seq);
  }

  lancePending(limit: number): Array<{ id: string; seq: number }> {
    return this.s.lancePending.all(limit) as Array<{ id: string; seq: number }>;
  }

  hasLancePending(): boolean {
    return this.s.anyLancePending.get() !== undefined;
  }

  /** Forgets the requests synced, unless one was made again since (another seq). */
  clearLancePending(synced: ReadonlyArray<{ id: string; seq: number }>): void {
    for (const { id, seq } of synced) this.s.clearLance.run(id, seq);
  }

  /** The rows of `ids` still present, each with its stored vector (null while pending). */
  rowsWithVectors(ids: ReadonlyArray<string>): Array<ChunkRow & { blob: Buffer | null }> {
    return this.s.rowsWithVectors.all(JSON.stringify(ids)) as Array<ChunkRow & { blob: Buffer | null }>;
  }

  /** Every chunk row, sorted by id (replay-equality checks when there is no LanceDB table). */
  allRows(): ChunkRow[] {
    return this.s.allRows.all() as ChunkRow[];
  }

  vectorEpoch(): number {
    return Number(this.s.meta.get("vector_epoch") ?? 0);
  }

  /** Chunks without a vector yet, oldest first. */
  pendingRows(limit: number): ChunkRow[] {
    return this.s.pendingRows.all(limit) as ChunkRow[];
  }

  pendingCount(): number {
    return this.s.pendingCount.get() as number;
  }

  /** Stores vectors the backfill computed for chunks still present (a chunk deleted meanwhile is skipped). */
  fillVectors(blobs: ReadonlyMap<string, Buffer>): void {
    const added: string[] = [];
    for (const [id, blob] of blobs) if (this.s.fillVector.run(blob, id).changes > 0) added.push(id);
    this.moveVectorEpoch({ removed: [], added });
  }

  /** Ids of the chunks the index holds for `path` now. */
  idsOf(path: string): Set<string> {
    return new Set((this.s.idsOfPath.all(path) as { id: string }[]).map((r) => r.id));
  }

  /**
   * Makes `path` hold exactly `rows` (empty: the file is gone). Rows already present are left
   * alone, so applying the same parse twice writes nothing. Added rows get their vector from
   * `vectors` (encoded, see embed/vectorBlob.ts) when it has one. Returns the ids removed and added.
   */
  replaceFile(
    path: string,
    language: string | null,
    rows: ReadonlyArray<ChunkRow>,
    vectors: ReadonlyMap<string, Buffer> = new Map(),
  ): { removed: string[]; added: ChunkRow[] } {
    const present = this.s.idsOfPath.all(path) as { id: string; rowid: number }[];
    const wanted = new Set(rows.map((r) => r.id));
    const removed: string[] = [];
    for (const p of present) {
      if (wanted.has(p.id)) continue;
      this.s.deleteChunkTerms.run(p.rowid);
      this.s.deleteVector.run(p.rowid);
      this.s.deleteChunk.run(p.rowid);
      removed.push(p.id);
    }
    const have = new Set(present.map((p) => p.id));
    const added: ChunkRow[] = [];
    const pathTerms = pathTermText(path);
    const bodies = new Map<string, Buffer>();
    const body = (row: ChunkRow) => {
      let t = bodies.get(row.id);
      if (t === undefined) bodies.set(row.id, (t = termBytes(row.text)));
      return t;
    };
    for (const row of rows) {
      if (have.has(row.id)) continue;
      const info = this.s.insertChunk.run(row.id, row.path, row.symbol, row.kind, row.language, row.startLine, row.endLine, row.text);
      if (info.changes === 0) continue; // the same chunk listed twice in one parse
      this.s.insertChunkTerms.run(info.lastInsertRowid, pathTerms, symbolTermText(row.symbol), body(row));
      const vector = vectors.get(row.id);
      if (vector) this.s.insertVector.run(info.lastInsertRowid, row.id, vector);
      added.push(row);
    }
    if (removed.length > 0 || added.length > 0 || rows.length === 0 || this.s.fileRowid.get(path) === undefined) {
      this.replaceFileTerms(path, language, rows.map(body), pathTerms);
    }
    return { removed, added };
  }

  private replaceFileTerms(path: string, language: string | null, bodies: ReadonlyArray<Buffer>, pathTerms: string): void {
    const old = this.s.fileRowid.get(path) as number | undefined;
    if (old !== undefined) {
      this.s.deleteFileTerms.run(old);
      if (bodies.length === 0) this.s.deleteFile.run(old);
    }
    if (bodies.length === 0) return;
    let rowid: number | bigint;
    if (old === undefined) rowid = this.s.insertFile.run(path, language ?? "unknown").lastInsertRowid;
    else {
      this.s.setFileLanguage.run(language ?? "unknown", old);
      rowid = old;
    }
    this.s.insertFileTerms.run(rowid, pathTerms, joinBytes(bodies));
  }

  transaction<A>(f: () => A): A {
    return this.db.transaction(f)();
  }

  close(): void {
    this.db.close();
  }
}
