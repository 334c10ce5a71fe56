import Database from "better-sqlite3";
import type { Reference } from "../../events/index.js";
import { EDGE_KINDS, type EdgeKind, type GraphEdge } from "./model.js";

/**
 * What resolving one file gave the graph: the keys the resolver read and the edges stored; and
 * the file's `extends`/`implements` references, the only ones resolving other files reads (a
 * restart leaves the rest in the log until the file itself is resolved again).
 */
export interface CachedResolution {
  readonly deps: ReadonlyArray<string>;
  readonly edges: ReadonlyArray<GraphEdge>;
  readonly heritage: ReadonlyArray<Reference>;
}

/** Where the cache of the graph at `graphPath` lives: beside it, removed and moved with it. */
export const resolutionCachePath = (graphPath: string): string => `${graphPath}.resolved`;
/** The files SQLite keeps for it (its rollback journal while a write is open). */
export const RESOLUTION_CACHE_SUFFIXES = [".resolved", ".resolved-journal"];

/** Bump when the tables change: a cache of another format is emptied at open. */
const FORMAT = 2; // 2: heritage references

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, deps TEXT NOT NULL, edges TEXT NOT NULL, heritage TEXT NOT NULL) WITHOUT ROWID;
`;

const KINDS = new Set<string>(EDGE_KINDS);

/** Edges as `[kind, from, to, line]` tuples: most of the cache's bytes. */
const encodeEdges = (edges: ReadonlyArray<GraphEdge>): string => JSON.stringify(edges.map((e) => [e.kind, e.from, e.to, e.line]));

/** References as `[kind, name, qualifier, from, line, col]` tuples. */
const encodeReferences = (refs: ReadonlyArray<Reference>): string => JSON.stringify(refs.map((r) => [r.kind, r.name, r.qualifier, r.from, r.line, r.col]));

const HERITAGE_KINDS = new Set<string>(["extends", "implements"]);
const nullOrString = (v: unknown): v is string | null => v === null || typeof v === "string";

const decodeReferences = (text: string): Reference[] => {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows)) throw new Error("references are not a list");
  return rows.map((r: unknown) => {
    if (
      !Array.isArray(r) ||
      !HERITAGE_KINDS.has(r[0]) ||
      typeof r[1] !== "string" ||
      !nullOrString(r[2]) ||
      !nullOrString(r[3]) ||
      typeof r[4] !== "number" ||
      typeof r[5] !== "number"
    ) {
      throw new Error(`not an extends/implements reference: ${JSON.stringify(r)}`);
    }
    return { kind: r[0] as Reference["kind"], name: r[1], qualifier: r[2], from: r[3], line: r[4], col: r[5] };
  });
};

const decodeEdges = (text: string): GraphEdge[] => {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows)) throw new Error("edges are not a list");
  return rows.map((r: unknown) => {
    if (!Array.isArray(r) || !KINDS.has(r[0]) || typeof r[1] !== "string" || typeof r[2] !== "string" || typeof r[3] !== "number") {
      throw new Error(`not an edge: ${JSON.stringify(r)}`);
    }
    return { kind: r[0] as EdgeKind, from: r[1], to: r[2], line: r[3] };
  });
};

/**
 * Each file's resolution as of one graph checkpoint, in an SQLite file beside the graph. A
 * restart takes it instead of resolving every file again to learn who depends on what (1.2 s
 * of sympy's ~1.8 s refill). It is a cache: written after the graph commits, valid only at the
 * position and version it names, and anything wrong with it means "resolve everything".
 */
export class ResolutionCache {
  // Prepared once: every graph commit writes through them.
  private readonly s;

  private constructor(private readonly db: Database.Database) {
    this.s = {
      stands: db.prepare("SELECT position, version FROM meta WHERE id = 1"),
      all: db.prepare("SELECT path, deps, edges, heritage FROM files").raw(true),
      put: db.prepare("INSERT OR REPLACE INTO files (path, deps, edges, heritage) VALUES (?, ?, ?, ?)"),
      drop: db.prepare("DELETE FROM files WHERE path = ?"),
      clear: db.prepare("DELETE FROM files"),
      moveTo: db.prepare("INSERT OR REPLACE INTO meta (id, position, version) VALUES (1, ?, ?)"),
    };
  }

  static open(path: string): ResolutionCache {
    const db = new Database(path);
    try {
      // A torn write is caught by the position check or by SQLite itself; no fsync needed.
      db.pragma("synchronous = OFF");
      if (db.pragma("user_version", { simple: true }) !== FORMAT) {
        db.exec("DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS files;");
        db.pragma(`user_version = ${FORMAT}`);
      }
      db.exec(SCHEMA);
      return new ResolutionCache(db);
    } catch (e) {
      db.close();
      throw e;
    }
  }

  /** The position and graph version the cache stands at, null when it was never written. */
  stands(): { readonly position: number; readonly version: number } | null {
    return (this.s.stands.get() as { position: number; version: number } | undefined) ?? null;
  }

  /** Every file's cached resolution, when the cache stands exactly at `position` and `version`. */
  load(position: number, version: number): Map<string, CachedResolution> | null {
    const at = this.stands();
    if (at === null || at.position !== position || at.version !== version) return null;
    const out = new Map<string, CachedResolution>();
    for (const row of this.s.all.iterate() as Iterable<[string, string, string, string]>) {
      const deps = JSON.parse(row[1]) as unknown;
      if (!Array.isArray(deps) || !deps.every((d) => typeof d === "string")) throw new Error(`dependency keys of ${row[0]} are not a list of strings`);
      out.set(row[0], { deps, edges: decodeEdges(row[2]), heritage: decodeReferences(row[3]) });
    }
    return out;
  }

  /**
   * Writes the files in `changed` (undefined: the file has no resolution any more) and moves
   * the cache to `position`; with `all`, `changed` is the whole content.
   */
  save(changed: Iterable<readonly [string, CachedResolution | undefined]>, position: number, version: number, all: boolean): void {
    this.db.transaction(() => {
      if (all) this.s.clear.run();
      for (const [path, r] of changed) {
        if (r === undefined) this.s.drop.run(path);
        else this.s.put.run(path, JSON.stringify(r.deps), encodeEdges(r.edges), encodeReferences(r.heritage));
      }
      this.s.moveTo.run(position, version);
    })();
  }

  close(): void {
    this.db.close();
  }
}
