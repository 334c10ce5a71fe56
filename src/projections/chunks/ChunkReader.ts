import type Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { keywordIndexPath } from "./keywordIndexPath.js";
import { NO_VECTORS } from "./noVectors.js";
import type { ChunkRow } from "./ChunkRow.js";
import type { ChunkStore } from "./ChunkStore.js";
import { followVectorChanges, type FollowedVectors } from "./followVectorChanges.js";
import { loadVectorMatrix } from "./loadVectorMatrix.js";
import { openKeywordIndex } from "./openKeywordIndex.js";
import type { VectorMatrix } from "./VectorMatrix.js";
import { wholeSet, type VectorSet } from "./VectorSet.js";
import { vectorChangesBetween } from "./vectorChangesBetween.js";
import { readVectorSnapshot, vectorSnapshotPath } from "./vectorSnapshot.js";

export interface KeywordHit {
  readonly id: string;
  readonly path: string;
  /** BM25, higher is better. */
  readonly score: number;
}

export interface ChunkFilter {
  readonly language?: string | undefined;
  readonly kind?: string | undefined;
  /** One file, exactly. */
  readonly path?: string | undefined;
}

/** Column weights for BM25: a term in the path or the symbol name says more than one in the body. */
export const CHUNK_WEIGHTS = { path: 1.0, symbol: 2.0, body: 1.0 };
export const FILE_WEIGHTS = { path: 1.5, body: 1.0 };

/** Rows read past the limit, so rows tied with the last one kept are read too (the order among ties is by id). */
const TIE_MARGIN = 50;

/** SQLite's BINARY collation: UTF-8 bytes, which UTF-16 order matches except above U+D7FF. */
const binaryOrder = (a: string, b: string): number => {
  if (a === b) return 0;
  const plain = /^[\u0000-\ud7ff]*$/;
  if (plain.test(a) && plain.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
};

const ftsQuery = (terms: ReadonlyArray<string>): string => terms.map((t) => `"${t.replace(/"/g, "")}"`).join(" OR ");

/** Vectors are loaded once per process, then follow each vector epoch's changes; queries at an unchanged epoch pay nothing. */
const vectorCache = new Map<string, FollowedVectors>();
/** Vectors of an index from before the SQLite vectors (LanceDB), by table version. */
const lanceCache = new Map<string, VectorMatrix>();
/** How many queries a process answers from the column file before loading the whole matrix. */
const SNAPSHOT_QUERIES = 3;
const snapshotUses = new Map<string, number>();

/**
 * Read access to the chunk read model for queries: keyword search over chunks and files, rows
 * by id, the vector matrix, and the pending-vector count. Never writes.
 */
export class ChunkReader {
  private readonly s;
  private pathOf: { readonly epoch: number; readonly map: Map<string, string> } | null = null;
  /** Opened only for an index built before vectors lived in SQLite (CHUNKS_VERSION 1). */
  private store: Promise<ChunkStore | null> | null = null;
  private pending: Database.Statement | null = null;
  private pendingAt: { readonly epoch: number; readonly count: number } | null = null;
  /** keywordChunksRanked's statements, prepared on first use. */
  private ranked: { readonly top: Database.Statement; readonly rows: Database.Statement } | null = null;

  private constructor(
    private readonly dir: string,
    readonly db: Database.Database,
    private readonly vectorsInSqlite: boolean,
  ) {
    this.s = {
      position: db.prepare("SELECT value FROM meta WHERE key = 'position'").pluck(),
      meta: db.prepare("SELECT value FROM meta WHERE key = ?").pluck(),
      count: db.prepare("SELECT count(*) FROM chunks").pluck(),
      row: db.prepare(
        "SELECT id, path, symbol, kind, language, start_line AS startLine, end_line AS endLine, text FROM chunks WHERE id = ?",
      ),
      idPaths: db.prepare("SELECT id, path FROM chunks"),
      pathsOfIds: db.prepare("SELECT id, path FROM chunks WHERE id IN (SELECT value FROM json_each(?))"),
      rowsOfPath: db.prepare(
        "SELECT id, path, symbol, kind, language, start_line AS startLine, end_line AS endLine, text FROM chunks WHERE path = ? ORDER BY start_line",
      ),
    };
  }

  /** Null when the chunk model was never built (run `nemesis index`). */
  /**
   * A chunk table with no rows, in memory: what a query reads while the first index has not
   * written the real one yet (its search finds nothing, its grep searches no file).
   */
  static empty(): ChunkReader {
    return new ChunkReader("", openKeywordIndex(":memory:"), true);
  }

  /**
   * Forgets the vectors this process keeps for the model in `dir`: its store was dropped and is
   * being rebuilt, and the rebuilt one counts its vector epochs from the start again, so a kept
   * matrix could pass for current.
   */
  static forgetVectors(dir: string): void {
    vectorCache.delete(dir);
    lanceCache.delete(dir);
    snapshotUses.delete(dir);
  }

  static async open(dir: string): Promise<ChunkReader | null> {
    const path = keywordIndexPath(dir);
    if (!existsSync(path)) return null;
    const db = openKeywordIndex(path, true);
    const hasVectors = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'chunk_vectors'").get() !== undefined;
    return new ChunkReader(dir, db, hasVectors);
  }

  private lance(): Promise<ChunkStore | null> {
    // LanceDB and Arrow (large modules, slow to load) load only for an index that predates the SQLite vectors.
    this.store ??= import("./ChunkStore.js").then(({ ChunkStore }) => ChunkStore.openExisting(this.dir));
    return this.store;
  }

  position(): number {
    return Number(this.s.position.get() ?? 0);
  }

  chunkCount(): number {
    return this.s.count.get() as number;
  }

  /**
   * Best first; equal scores (the same text in several files is common: tests, locales) by id,
   * and files by path: SQLite would return them in rowid order, which is the order the index
   * happened to insert them, so a delta-built index ranked ties unlike a fresh one of the same tree.
   */
  keywordChunks(terms: ReadonlyArray<string>, limit: number, filter: ChunkFilter = {}): KeywordHit[] {
    if (terms.length === 0) return [];
    if (!filter.language && !filter.kind && !filter.path) {
      const ranked = this.keywordChunksRanked(terms, limit);
      if (ranked !== null) return ranked;
    }
    return this.keywordChunksJoined(terms, limit, filter);
  }

  /**
   * keywordChunks without a filter in two steps: the best rows by BM25 from the full-text index
   * alone, then the chunk rows of those only. Joining every match to the chunk table before
   * sorting costs a rowid lookup per match, into pages full of chunk text: half the cost of a
   * keyword search on sympy, where a query has thousands of matches.
   * The order is the joined query's (BM25, then id); null when ties at the cut run past what
   * was read, for the joined query to settle.
   */
  private keywordChunksRanked(terms: ReadonlyArray<string>, limit: number): KeywordHit[] | null {
    const read = limit + Math.max(TIE_MARGIN, limit >> 2);
    const w = CHUNK_WEIGHTS;
    this.ranked ??= {
      top: this.db.prepare(`SELECT rowid, bm25(chunk_terms, ${w.path}, ${w.symbol}, ${w.body}) AS r FROM chunk_terms WHERE chunk_terms MATCH ? ORDER BY r LIMIT ?`),
      rows: this.db.prepare("SELECT rowid, id, path FROM chunks WHERE rowid IN (SELECT value FROM json_each(?))"),
    };
    const top = this.ranked.top.all(ftsQuery(terms), read) as Array<{ rowid: number; r: number }>;
    if (top.length === read && limit > 0 && top[read - 1]!.r === top[limit - 1]!.r) return null;
    const rows = new Map<number, { id: string; path: string }>();
    for (const c of this.ranked.rows.all(JSON.stringify(top.map((t) => t.rowid))) as Array<{ rowid: number; id: string; path: string }>) rows.set(c.rowid, c);
    // An index row without its chunk row is left to the joined query, which skips it and reads on.
    if (rows.size !== top.length) return null;
    return top
      .map((t) => ({ ...rows.get(t.rowid)!, score: -t.r, r: t.r }))
      .sort((a, b) => a.r - b.r || binaryOrder(a.id, b.id))
      .slice(0, limit)
      .map(({ id, path, score }) => ({ id, path, score }));
  }

  /** keywordChunks in one query, filters and all. */
  private keywordChunksJoined(terms: ReadonlyArray<string>, limit: number, filter: ChunkFilter): KeywordHit[] {
    const where: string[] = ["chunk_terms MATCH ?"];
    const args: unknown[] = [ftsQuery(terms)];
    if (filter.language) (where.push("c.language = ?"), args.push(filter.language));
    if (filter.kind) (where.push("c.kind = ?"), args.push(filter.kind));
    if (filter.path) (where.push("c.path = ?"), args.push(filter.path));
    const w = CHUNK_WEIGHTS;
    const sql = `SELECT c.id AS id, c.path AS path, -bm25(chunk_terms, ${w.path}, ${w.symbol}, ${w.body}) AS score
      FROM chunk_terms JOIN chunks c ON c.rowid = chunk_terms.rowid
      WHERE ${where.join(" AND ")} ORDER BY bm25(chunk_terms, ${w.path}, ${w.symbol}, ${w.body}), c.id LIMIT ?`;
    return this.db.prepare(sql).all(...args, limit) as KeywordHit[];
  }

  keywordFiles(terms: ReadonlyArray<string>, limit: number, language?: string): Array<{ path: string; score: number }> {
    if (terms.length === 0) return [];
    const w = FILE_WEIGHTS;
    const sql = `SELECT f.path AS path, -bm25(file_terms, ${w.path}, ${w.body}) AS score
      FROM file_terms JOIN files f ON f.rowid = file_terms.rowid
      WHERE file_terms MATCH ?${language ? " AND f.language = ?" : ""} ORDER BY bm25(file_terms, ${w.path}, ${w.body}), f.path LIMIT ?`;
    const args: unknown[] = language ? [ftsQuery(terms), language, limit] : [ftsQuery(terms), limit];
    return this.db.prepare(sql).all(...args) as Array<{ path: string; score: number }>;
  }

  row(id: string): ChunkRow | null {
    return (this.s.row.get(id) as ChunkRow | undefined) ?? null;
  }

  /** Every chunk of one file, in line order. */
  rowsOf(path: string): ChunkRow[] {
    return this.s.rowsOfPath.all(path) as ChunkRow[];
  }

  /**
   * Chunk id → file path, for every chunk: read once per reader, then kept current by the
   * changes each epoch recorded (read again when they do not reach back).
   */
  paths(): Map<string, string> {
    return this.db.transaction((): Map<string, string> => {
      const epoch = this.epoch();
      const known = this.pathOf;
      if (known && known.epoch === epoch) return known.map;
      const changes = known && vectorChangesBetween(this.db, known.epoch, epoch);
      if (known && changes) {
        for (const id of changes.removed) known.map.delete(id);
        for (const id of changes.added) known.map.delete(id);
        for (const r of this.s.pathsOfIds.all(JSON.stringify([...changes.added])) as Array<{ id: string; path: string }>) known.map.set(r.id, r.path);
        this.pathOf = { epoch, map: known.map };
        return known.map;
      }
      const map = new Map<string, string>();
      for (const r of this.s.idPaths.iterate() as IterableIterator<{ id: string; path: string }>) map.set(r.id, r.path);
      this.pathOf = { epoch, map };
      return map;
    })();
  }

  /** File paths of the given chunks (a few hundred candidates: cheaper than `paths()` for one query). */
  pathsOf(ids: Iterable<string>): Map<string, string> {
    const wanted = [...ids];
    // One query for all: a statement per id adds up over a search's hundreds of ids.
    const found = this.pathOf ? this.paths() : new Map((this.s.pathsOfIds.all(JSON.stringify(wanted)) as Array<{ id: string; path: string }>).map((r) => [r.id, r.path]));
    const out = new Map<string, string>();
    for (const id of wanted) {
      const path = found.get(id);
      if (path !== undefined) out.set(id, path);
    }
    return out;
  }

  /** Ids of chunks passing a language/kind filter (for filtering vector candidates). */
  idsWhere(filter: ChunkFilter): Set<string> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.language) (where.push("language = ?"), args.push(filter.language));
    if (filter.kind) (where.push("kind = ?"), args.push(filter.kind));
    const sql = `SELECT id FROM chunks${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
    return new Set(this.db.prepare(sql).pluck().all(...args) as string[]);
  }

  /**
   * Vectors enough to score `query` exactly. A process's first queries read only the query's
   * dimensions from the column file when it is current (a one-shot CLI run pays milliseconds,
   * not a scan of every vector); later ones load and cache the whole matrix.
   */
  async vectorsFor(query: Float32Array): Promise<VectorSet | null> {
    if (!this.vectorsInSqlite) return this.lanceVectors();
    return this.sqliteVectors(query);
  }

  /** Every vector, loaded once per process and then kept current by the changes each epoch recorded. */
  async vectors(): Promise<VectorSet | null> {
    if (!this.vectorsInSqlite) return this.lanceVectors();
    return this.sqliteVectors(null);
  }

  /**
   * The matrix at the current epoch: the cached one if current, else the cached one with the
   * rows changed since replaced (when the changes recorded since reach back to it), else, for a
   * `query` among a process's first, its dimensions from the column file, else a full load.
   * One read transaction, so the epoch, its changes and the rows read agree.
   */
  private sqliteVectors(query: Float32Array | null): VectorSet | null {
    return this.db.transaction((): VectorSet | null => {
      const dimensions = Number(this.s.meta.get("dimensions") ?? 0);
      if (dimensions === 0) return null;
      const version = this.epoch();
      const cached = vectorCache.get(this.dir);
      if (cached && cached.set.dimensions === dimensions) {
        if (cached.set.version === version) return cached.set;
        const changes = vectorChangesBetween(this.db, cached.set.version, version);
        const followed = changes && followVectorChanges(this.db, cached, changes, version);
        if (followed) {
          vectorCache.set(this.dir, followed);
          return followed.set;
        }
      }
      const uses = snapshotUses.get(this.dir) ?? 0;
      if (query && uses < SNAPSHOT_QUERIES) {
        const nonZero: number[] = [];
        for (let j = 0; j < query.length; j++) if (query[j] !== 0) nonZero.push(j);
        const partial = readVectorSnapshot(vectorSnapshotPath(this.dir), version, nonZero);
        if (partial && partial.dimensions === dimensions) {
          snapshotUses.set(this.dir, uses + 1);
          return wholeSet(partial);
        }
      }
      const loaded = wholeSet(loadVectorMatrix(this.db, dimensions, version));
      vectorCache.set(this.dir, { set: loaded, recentRows: [] });
      return loaded;
    })();
  }

  /** Moves whenever the chunk rows or their vectors do (every projector pass, every backfill batch). */
  private epoch(): number {
    return Number(this.s.meta.get("vector_epoch") ?? 0);
  }

  private async lanceVectors(): Promise<VectorSet | null> {
    const store = await this.lance();
    if (!store || store.dimensions === 0) return null;
    const version = await store.version();
    const cached = lanceCache.get(this.dir);
    if (cached && cached.version === version) return wholeSet(cached);
    const loaded = await store.loadVectors();
    lanceCache.set(this.dir, loaded);
    return wholeSet(loaded);
  }

  /** True when the index was built with `embedding.provider = "none"`: search is keyword-only by design. */
  vectorsDisabled(): boolean {
    return this.s.meta.get("embedder") === NO_VECTORS;
  }

  /** Chunks still waiting for a vector (0 when vectors are off: none is coming). */
  async pendingVectors(): Promise<number> {
    if (this.vectorsDisabled()) return 0;
    if (this.vectorsInSqlite) {
      // Two counts of every row (a few ms a search): they move only with the epoch.
      const epoch = this.epoch();
      if (this.pendingAt?.epoch !== epoch) {
        this.pending ??= this.db.prepare("SELECT (SELECT count(*) FROM chunks) - (SELECT count(*) FROM chunk_vectors)").pluck();
        this.pendingAt = { epoch, count: this.pending.get() as number };
      }
      return this.pendingAt.count;
    }
    const store = await this.lance();
    return store ? store.countPending() : 0;
  }

  close(): void {
    this.db.close();
    void this.store?.then((s) => s?.close());
  }
}
