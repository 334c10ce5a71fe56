import type Database from "better-sqlite3";
import type { ChunkRow } from "./ChunkRow.js";
import { termText } from "./keywordTerms.js";
import { openKeywordIndex } from "./openKeywordIndex.js";

export interface Checkpoint {
  readonly position: number;
  readonly version: number;
  readonly embedder: string | null;
}

/** Path terms: directories and file name, split like identifiers (`src/userService.ts` → src user service…). */
export const pathTermText = (path: string): string => termText(path.replace(/\.[A-Za-z0-9]+$/, "").replace(/[/\\.-]/g, " "));

const symbolTermText = (symbol: string | null): string => (symbol ? termText(symbol.replace(/#\d+$/, "").replace(/\./g, " ")) : "");

/** Writes of the keyword side; every method runs inside the caller's transaction. */
export class KeywordIndex {
  private readonly s;

  constructor(readonly db: Database.Database) {
    this.s = {
      meta: db.prepare("SELECT value FROM meta WHERE key = ?").pluck(),
      setMeta: db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
      idsOfPath: db.prepare("SELECT id, rowid FROM chunks WHERE path = ?"),
      insertChunk: db.prepare(`INSERT INTO chunks (id, path, symbol, kind, language, start_line, end_line, text)
        VALUES (@id, @path, @symbol, @kind, @language, @startLine, @endLine, @text) ON CONFLICT (id) DO NOTHING`),
      insertChunkTerms: db.prepare("INSERT INTO chunk_terms (rowid, path_terms, symbol_terms, body_terms) VALUES (?, ?, ?, ?)"),
      deleteChunk: db.prepare("DELETE FROM chunks WHERE rowid = ?"),
      deleteChunkTerms: db.prepare("DELETE FROM chunk_terms WHERE rowid = ?"),
      fileRowid: db.prepare("SELECT rowid FROM files WHERE path = ?").pluck(),
      upsertFile: db.prepare(
        "INSERT INTO files (path, language) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET language = excluded.language RETURNING rowid",
      ).pluck(),
      deleteFile: db.prepare("DELETE FROM files WHERE rowid = ?"),
      insertFileTerms: db.prepare("INSERT INTO file_terms (rowid, path_terms, body_terms) VALUES (?, ?, ?)"),
      deleteFileTerms: db.prepare("DELETE FROM file_terms WHERE rowid = ?"),
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

  saveCheckpoint(c: Checkpoint): void {
    this.s.setMeta.run("position", String(c.position));
    this.s.setMeta.run("version", String(c.version));
    this.s.setMeta.run("embedder", c.embedder ?? "");
  }

  /** Ids of the chunks the index holds for `path` now. */
  idsOf(path: string): Set<string> {
    return new Set((this.s.idsOfPath.all(path) as { id: string }[]).map((r) => r.id));
  }

  /**
   * Makes `path` hold exactly `rows` (empty: the file is gone). Rows already present are left
   * alone, so applying the same parse twice writes nothing. Returns the ids removed and added.
   */
  replaceFile(path: string, language: string | null, rows: ReadonlyArray<ChunkRow>): { removed: string[]; added: ChunkRow[] } {
    const present = this.s.idsOfPath.all(path) as { id: string; rowid: number }[];
    const wanted = new Set(rows.map((r) => r.id));
    const removed: string[] = [];
    for (const p of present) {
      if (wanted.has(p.id)) continue;
      this.s.deleteChunkTerms.run(p.rowid);
      this.s.deleteChunk.run(p.rowid);
      removed.push(p.id);
    }
    const have = new Set(present.map((p) => p.id));
    const added: ChunkRow[] = [];
    const pathTerms = pathTermText(path);
    const bodies = new Map<string, string>();
    const body = (row: ChunkRow) => {
      let t = bodies.get(row.id);
      if (t === undefined) bodies.set(row.id, (t = termText(row.text)));
      return t;
    };
    for (const row of rows) {
      if (have.has(row.id)) continue;
      const info = this.s.insertChunk.run(row);
      if (info.changes === 0) continue; // the same chunk listed twice in one parse
      this.s.insertChunkTerms.run(info.lastInsertRowid, pathTerms, symbolTermText(row.symbol), body(row));
      added.push(row);
    }
    if (removed.length > 0 || added.length > 0 || rows.length === 0 || this.s.fileRowid.get(path) === undefined) {
      this.replaceFileTerms(path, language, rows.map(body), pathTerms);
    }
    return { removed, added };
  }

  private replaceFileTerms(path: string, language: string | null, bodies: ReadonlyArray<string>, pathTerms: string): void {
    const old = this.s.fileRowid.get(path) as number | undefined;
    if (old !== undefined) {
      this.s.deleteFileTerms.run(old);
      if (bodies.length === 0) this.s.deleteFile.run(old);
    }
    if (bodies.length === 0) return;
    const rowid = this.s.upsertFile.get(path, language ?? "unknown") as number;
    this.s.insertFileTerms.run(rowid, pathTerms, bodies.join(" "));
  }

  transaction<A>(f: () => A): A {
    return this.db.transaction(f)();
  }

  close(): void {
    this.db.close();
  }
}
