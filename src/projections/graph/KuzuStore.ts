import { Data } from "effect";
import { Connection, Database, type KuzuValue, type PreparedStatement, type QueryResult } from "kuzu";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { nodeTableOf, writeSize, type GraphWrite, type NodeTable } from "./GraphWrite.js";
import { COLUMN_TYPES, NODE_COLUMNS, SCHEMA_DDL, type RowTable } from "./kuzuSchema.js";
import type { GraphEdge, NodeId } from "./model.js";
import { hasLineBreaks, writeCsv, type CsvValue } from "./writeCsv.js";

/**
 * The graph's only door to Kuzu (LadybugDB may replace it; nothing else imports `kuzu`).
 * Kuzu's MERGE scans whole tables and autocommitted single-row writes crawl, so every write
 * is a `GraphWrite` keyed by our own ids, applied in one explicit transaction together with the
 * checkpoint: small ones as parameterised UNWIND batches, large ones with COPY FROM CSV.
 */
export class GraphStoreError extends Data.TaggedError("GraphStoreError")<{
  readonly path: string;
  readonly reason: string;
}> {
  override get message(): string {
    return `graph database ${this.path}: ${this.reason}`;
  }
}

export type Row = Record<string, unknown>;
export type Params = Record<string, unknown>;

export interface KuzuStoreOptions {
  /** Kuzu's buffer pool; left alone it claims most of the machine's RAM. */
  readonly bufferPoolMb: number;
  readonly readOnly?: boolean;
  /** Writes with more rows than this are bulk-loaded with COPY (default 5,000). */
  readonly copyThreshold?: number;
}

export interface StoredCheckpoint {
  readonly position: number;
  readonly version: number;
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Kuzu's on-disk database is one file plus a write-ahead log beside it. */
export const removeGraphDatabase = (path: string): void => {
  for (const suffix of ["", ".wal", ".shadow", ".tmp"]) rmSync(path + suffix, { recursive: true, force: true });
};

export class KuzuStore {
  private readonly statements = new Map<string, PreparedStatement>();

  private constructor(
    readonly path: string,
    private readonly db: Database,
    /** Writes run here, inside explicit transactions. */
    private readonly writer: Connection,
    /** Reads run on their own connection, so a query never lands inside a write transaction. */
    private readonly reader: Connection,
    private readonly copyThreshold: number,
  ) {}

  static async open(path: string, options: KuzuStoreOptions): Promise<KuzuStore> {
    const readOnly = options.readOnly ?? false;
    if (!readOnly) mkdirSync(dirname(path), { recursive: true });
    let db: Database;
    try {
      db = new Database(path, Math.round(options.bufferPoolMb * 1024 * 1024), true, readOnly);
      await db.init();
    } catch (e) {
      const reason = errorText(e);
      const hint = /lock/i.test(reason)
        ? " (another process holds it: stop the running nemesis engine, or query through it)"
        : " (delete it and run `nemesis replay --projection graph` to rebuild it from the log)";
      throw new GraphStoreError({ path, reason: reason + hint });
    }
    const writer = new Connection(db);
    const reader = new Connection(db);
    await writer.init();
    await reader.init();
    const store = new KuzuStore(path, db, writer, reader, options.copyThreshold ?? 5_000);
    if (!readOnly) await store.ensureSchema();
    return store;
  }

  /** A read-only query on the reader connection; results are always closed (an open one crashes Kuzu at exit). */
  async query(cypher: string, params?: Params): Promise<Row[]> {
    return this.run(this.reader, cypher, params);
  }

  async readCheckpoint(name: string): Promise<StoredCheckpoint | null> {
    const rows = await this.query("MATCH (c:Checkpoint {name: $name}) RETURN c.position AS position, c.version AS version", {
      name,
    });
    const row = rows[0];
    return row === undefined ? null : { position: Number(row.position), version: Number(row.version) };
  }

  /** Applies one batch's write and the checkpoint atomically: a crash leaves the graph before or after it, never between. */
  async write(write: GraphWrite, checkpoint: { readonly name: string } & StoredCheckpoint): Promise<void> {
    const bulk = writeSize(write) > this.copyThreshold;
    const staging = bulk ? mkdtempSync(join(tmpdir(), "nemesis-graph-")) : null;
    await this.exec("BEGIN TRANSACTION");
    try {
      await this.applyDeletes(write);
      if (staging !== null) await this.copyCreates(write, staging);
      else await this.paramCreates(write);
      await this.exec("MERGE (c:Checkpoint {name: $name}) SET c.position = $position, c.version = $version", {
        name: checkpoint.name,
        position: checkpoint.position,
        version: checkpoint.version,
      });
      await this.exec("COMMIT");
    } catch (e) {
      // Kuzu rolls a failed statement's transaction back itself; ROLLBACK then has nothing to do.
      await this.exec("ROLLBACK").catch(() => undefined);
      throw e instanceof GraphStoreError ? e : new GraphStoreError({ path: this.path, reason: errorText(e) });
    } finally {
      if (staging !== null) rmSync(staging, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    this.statements.clear();
    await this.reader.close();
    await this.writer.close();
    await this.db.close();
  }

  private async ensureSchema(): Promise<void> {
    const tables = new Set((await this.query("CALL show_tables() RETURN name")).map((r) => String(r.name)));
    if (tables.has("Checkpoint")) return;
    await this.exec("BEGIN TRANSACTION");
    try {
      for (const ddl of SCHEMA_DDL) await this.exec(ddl);
      await this.exec("COMMIT");
    } catch (e) {
      await this.exec("ROLLBACK").catch(() => undefined);
      throw new GraphStoreError({ path: this.path, reason: `could not create the schema: ${errorText(e)}` });
    }
  }

  private async applyDeletes(w: GraphWrite): Promise<void> {
    for (const [table, ids] of groupByTable(w.deleteNodes)) {
      await this.execList(`UNWIND $ids AS i MATCH (n:${table} {id: i}) DETACH DELETE n`, ids);
    }
    for (const [key, edges] of groupEdges(w.deleteEdges)) {
      const [kind, from, to] = key.split("|");
      await this.exec(
        `UNWIND $rows AS r MATCH (a:${from} {id: r.f})-[e:${kind}]->(b:${to} {id: r.t}) WHERE e.line = r.l DELETE e`,
        { rows: edges.map((e) => ({ f: e.from, t: e.to, l: e.line })) },
      );
    }
    await this.execList("UNWIND $ids AS i MATCH (n:External {id: i}) DETACH DELETE n", w.deleteExternals);
    if (w.setUnresolved.length > 0) {
      await this.exec(
        "UNWIND $rows AS r MATCH (f:File {id: r.id}) SET f.unresolved = r.unresolved, f.unresolvedCount = CAST(r.unresolvedCount AS INT64)",
        { rows: w.setUnresolved },
      );
    }
  }

  private async paramCreates(w: GraphWrite): Promise<void> {
    const nodes: ReadonlyArray<readonly [RowTable, ReadonlyArray<object>]> = [
      ["File", w.files],
      ["Symbol", w.symbols],
      ["External", w.externals],
    ];
    for (const [table, rows] of nodes) {
      if (rows.length === 0) continue;
      const props = NODE_COLUMNS[table]
        .map((c) => (COLUMN_TYPES[c] ? `${c}: CAST(r.${c} AS ${COLUMN_TYPES[c]})` : `${c}: r.${c}`))
        .join(", ");
      await this.exec(`UNWIND $rows AS r CREATE (:${table} {${props}})`, { rows });
    }
    for (const [key, edges] of groupEdges(w.edges)) {
      const [kind, from, to] = key.split("|");
      await this.exec(
        `UNWIND $rows AS r MATCH (a:${from} {id: r.f}), (b:${to} {id: r.t}) CREATE (a)-[:${kind} {line: r.l}]->(b)`,
        { rows: edges.map((e) => ({ f: e.from, t: e.to, l: e.line })) },
      );
    }
  }

  private async copyCreates(w: GraphWrite, staging: string): Promise<void> {
    const nodes: ReadonlyArray<readonly [RowTable, ReadonlyArray<object>]> = [
      ["File", w.files],
      ["Symbol", w.symbols],
      ["External", w.externals],
    ];
    for (const [table, rows] of nodes) {
      if (rows.length === 0) continue;
      const file = join(staging, `${table}.csv`);
      const records = rows as ReadonlyArray<Record<string, CsvValue>>;
      writeCsv(file, NODE_COLUMNS[table], records);
      // Kuzu's parallel CSV reader cannot split inside a quoted line break (doc comments have them).
      const parallel = hasLineBreaks(records) ? "false" : "true";
      await this.exec(`COPY ${table} FROM '${quote(file)}' (HEADER=false, PARALLEL=${parallel})`);
    }
    let n = 0;
    for (const [key, edges] of groupEdges(w.edges)) {
      const [kind, from, to] = key.split("|");
      const file = join(staging, `edges-${n++}.csv`);
      writeCsv(
        file,
        ["f", "t", "l"],
        edges.map((e) => ({ f: e.from, t: e.to, l: e.line })),
      );
      await this.exec(`COPY ${kind} FROM '${quote(file)}' (from='${from}', to='${to}', HEADER=false)`);
    }
  }

  private async execList(cypher: string, ids: ReadonlyArray<string>): Promise<void> {
    // Kuzu cannot type an empty list parameter, and there is nothing to do anyway.
    if (ids.length > 0) await this.exec(cypher, { ids });
  }

  private async exec(cypher: string, params?: Params): Promise<void> {
    await this.run(this.writer, cypher, params);
  }

  private async run(conn: Connection, cypher: string, params?: Params): Promise<Row[]> {
    let result: QueryResult | QueryResult[];
    try {
      if (params === undefined) result = await conn.query(cypher);
      else result = await conn.execute(await this.prepare(conn, cypher), params as Record<string, KuzuValue>);
    } catch (e) {
      throw new GraphStoreError({ path: this.path, reason: `${errorText(e)} (in: ${cypher.replace(/\s+/g, " ").slice(0, 200)})` });
    }
    const results = Array.isArray(result) ? result : [result];
    try {
      const rows: Row[] = [];
      for (const r of results) rows.push(...(await r.getAll()));
      return rows;
    } finally {
      for (const r of results) r.close();
    }
  }

  private async prepare(conn: Connection, cypher: string): Promise<PreparedStatement> {
    const key = `${conn === this.writer ? "w" : "r"}:${cypher}`;
    let stmt = this.statements.get(key);
    if (stmt === undefined) {
      stmt = await conn.prepare(cypher);
      if (!stmt.isSuccess()) throw new Error(stmt.getErrorMessage());
      this.statements.set(key, stmt);
    }
    return stmt;
  }
}

const quote = (path: string): string => path.replaceAll("\\", "/").replaceAll("'", "\\'");

const groupByTable = (ids: ReadonlyArray<NodeId>): Map<NodeTable, NodeId[]> => {
  const out = new Map<NodeTable, NodeId[]>();
  for (const id of ids) {
    const table = nodeTableOf(id);
    if (table === null) continue;
    let list = out.get(table);
    if (list === undefined) out.set(table, (list = []));
    list.push(id);
  }
  return out;
};

/** Edges grouped by (kind, source table, target table): one Kuzu rel sub-table each. */
const groupEdges = (edges: ReadonlyArray<GraphEdge>): Map<string, GraphEdge[]> => {
  const out = new Map<string, GraphEdge[]>();
  for (const e of edges) {
    const from = nodeTableOf(e.from);
    const to = nodeTableOf(e.to);
    if (from === null || to === null || from === "External") continue;
    const key = `${e.kind}|${from}|${to}`;
    let list = out.get(key);
    if (list === undefined) out.set(key, (list = []));
    list.push(e);
  }
  return out;
};
