import Database from "better-sqlite3";
import type { Reference } from "../../events/index.js";
import { EDGE_KINDS, type GraphEdge } from "./model.js";

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
const FORMAT = 3; // 2: heritage references; 3: node ids and dependency keys by number

/**
 * `names` numbers every node id and dependency key the files mention (a name is written once,
 * however many files mention it): `deps` is a list of those numbers, `edges` a flat list of
 * `kind index, from, to, line` numbers. A restart then makes each name's string once instead of
 * once per mention (~300k strings for sympy, most of the load's garbage-collection time).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS names (n INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, deps TEXT NOT NULL, edges TEXT NOT NULL, heritage TEXT NOT NULL) WITHOUT ROWID;
`;

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

const KIND_INDEX = new Map<string, number>(EDGE_KINDS.map((k, i) => [k, i]));

/** A list of name numbers from `text`, each checked against `names`. */
const numbersOf = (text: string, what: string, path: string): number[] => {
  const numbers = JSON.parse(text) as unknown;
  if (!Array.isArray(numbers) || !numbers.every((n) => Number.isInteger(n))) throw new Error(`${what} of ${path} are not a list of numbers`);
  return numbers as number[];
};

const nameAt = (names: ReadonlyArray<string | undefined>, n: number, path: string): string => {
  const name = names[n];
  if (name === undefined) throw new Error(`${path} names #${n}, which the cache does not hold`);
  return name;
};

const decodeEdges = (text: string, names: ReadonlyArray<string | undefined>, path: string): GraphEdge[] => {
  const flat = numbersOf(text, "edges", path);
  if (flat.length % 4 !== 0) throw new Error(`edges of ${path} are not in fours`);
  const edges: GraphEdge[] = new Array(flat.length / 4);
  for (let i = 0; i < flat.length; i += 4) {
    const kind = EDGE_KINDS[flat[i]!];
    if (kind === undefined) throw new Error(`edges of ${path}: no edge kind #${flat[i]}`);
    edges[i / 4] = { kind, from: nameAt(names, flat[i + 1]!, path), to: nameAt(names, flat[i + 2]!, path), line: flat[i + 3]! };
  }
  return edges;
};

/**
 * Each file's resolution as of one graph checkpoint, in an SQLite file beside the graph. A
 * restart takes it instead of resolving every file again to learn who depends on what (most of
 * a refill's time; docs/benchmarks.md has the figure). It is a cache: written after the graph commits, valid only at the
 * position and version it names, and anything wrong with it means "resolve everything".
 */
export class ResolutionCache {
  // Prepared once: every graph commit writes through them.
  private readonly s;
  /** Name → number, read from `names` when first needed. */
  private numbers: Map<string, number> | null = null;

  private constructor(private readonly db: Database.Database) {
    this.s = {
      stands: db.prepare("SELECT position, version FROM meta WHERE id = 1"),
      all: db.prepare("SELECT path, deps, edges, heritage FROM files").raw(true),
      names: db.prepare("SELECT n, name FROM names").raw(true),
      // One JSON array instead of a row per name: a restart reads ~55k names on sympy, and one parse of one value is the cheapest way.
      namesInOrder: db.prepare("SELECT count(*) AS count, coalesce(max(n), 0) AS last, json_group_array(name) AS names FROM (SELECT n, name FROM names ORDER BY n)"),
      addName: db.prepare("INSERT INTO names (n, name) VALUES (?, ?)"),
      clearNames: db.prepare("DELETE FROM names"),
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
        db.exec("DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS names;");
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
    const names = this.readNames();
    const out = new Map<string, CachedResolution>();
    for (const [path, deps, edges, heritage] of this.s.all.iterate() as Iterable<[string, string, string, string]>) {
      out.set(path, {
        deps: numbersOf(deps, "dependency keys", path).map((n) => nameAt(names, n, path)),
        edges: decodeEdges(edges, names, path),
        heritage: decodeReferences(heritage),
      });
    }
    return out;
  }

  /**
   * Writes the files in `changed` (undefined: the file has no resolution any more) and moves
   * the cache to `position`; with `all`, `changed` is the whole content.
   */
  save(changed: Iterable<readonly [string, CachedResolution | undefined]>, position: number, version: number, all: boolean): void {
    this.db.transaction(() => {
      if (all) {
        this.s.clear.run();
        // Names no file mentions any more go with a whole rewrite.
        this.s.clearNames.run();
        this.numbers = new Map();
      }
      for (const [path, r] of changed) {
        if (r === undefined) this.s.drop.run(path);
        else this.s.put.run(path, JSON.stringify(r.deps.map((d) => this.number(d))), this.encodeEdges(r.edges), encodeReferences(r.heritage));
      }
      this.s.moveTo.run(position, version);
    })();
  }

  /** Names by number (index 0 unused). */
  private readNames(): Array<string | undefined> {
    const { count, last, names } = this.s.namesInOrder.get() as { count: number; last: number; names: string };
    // Numbers run 1..count (see `number`); anything else is read row by row.
    if (count === last) return [undefined, ...(JSON.parse(names) as string[])];
    const out: Array<string | undefined> = [];
    for (const [n, name] of this.s.names.iterate() as Iterable<[number, string]>) out[n] = name;
    return out;
  }

  /** The number of `name`, given one (and written) if it has none yet; inside the caller's transaction. */
  private number(name: string): number {
    if (this.numbers === null) {
      this.numbers = new Map();
      this.readNames().forEach((known, n) => {
        if (known !== undefined) this.numbers!.set(known, n);
      });
    }
    let n = this.numbers.get(name);
    if (n === undefined) {
      n = this.numbers.size + 1;
      this.s.addName.run(n, name);
      this.numbers.set(name, n);
    }
    return n;
  }

  private encodeEdges(edges: ReadonlyArray<GraphEdge>): string {
    const flat: number[] = [];
    for (const e of edges) flat.push(KIND_INDEX.get(e.kind)!, this.number(e.from), this.number(e.to), e.line);
    return JSON.stringify(flat);
  }

  close(): void {
    this.db.close();
  }
}
