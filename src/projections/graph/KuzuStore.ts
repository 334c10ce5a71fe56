import { asDiskFull, DiskFull, isDiskFullError, requireSpace } from "../../shared/diskFull.js";
import { trace } from "../../shared/trace.js";
import * as Data from "effect/Data";
import * as Effect from "effect/Effect";
import * as Schedule from "effect/Schedule";
import { Connection, Database, type KuzuValue, type PreparedStatement, type QueryResult } from "kuzu";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { nodeTableOf, writeSize, type DeletedFile, type GraphWrite, type GraphWriteFirst, type GraphWriteRest, type NodeTable } from "./GraphWrite.js";
import { COLUMN_TYPES, GRAPH_CHANGE_DDL, NODE_COLUMNS, SCHEMA_DDL, type RowTable } from "./kuzuSchema.js";
import { fileNodeId, type GraphEdge, type NodeId } from "./model.js";
import { CSV_COPY_OPTIONS, hasLineBreaks, writeCsv, writeEdgeCsv, type CsvValue } from "./writeCsv.js";
import { StoreDamaged } from "../damage/StoreDamaged.js";
import { kuzuDamage, shortReason } from "../damage/libraryDamage.js";
import { diedOpening, markOpening, OPENING_SUFFIX } from "./graphOpening.js";
import { breakSeal, brokenSeal, sealGraph, SEAL_SUFFIX } from "./graphSeal.js";

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
  /** A commit checkpoints once the WAL holds more than this (default CHECKPOINT_WAL_BYTES); tests make it tiny. */
  readonly checkpointThresholdBytes?: number;
}

/**
 * Kuzu keeps the pages every transaction since the last checkpoint wrote in its buffer pool, and
 * cannot evict them: a save adds a few KB to the WAL but ~200 KB to the pool. At Kuzu's own
 * threshold (16 MB of WAL) a serving engine grew ~1.5 MB a second through steady saves (a 35-file
 * project: 400 → 730 MB in 4 minutes, the WAL at 5 MB) and would fill the 512 MB pool before it
 * checkpointed, after which every graph read and write fails ("Unable to allocate memory! The
 * buffer pool is full"). At 1 MB the same run stayed near 480 MB, in a saw-tooth of ~70 MB; at
 * 256 KB the teeth are a few tens of MB (one checkpoint every ~15 s of steady saves). A bulk load
 * passes the threshold in its one commit anyway.
 */
const CHECKPOINT_WAL_BYTES = 256 * 1024;

export interface StoredCheckpoint {
  readonly position: number;
  readonly version: number;
}

/**
 * What a write changed, recorded with its checkpoint: the checkpoint it moved from and the files
 * whose nodes or outgoing edges it replaced (read when the write commits: the planner may add
 * files while the write runs). A write without one (a bulk load) breaks the chain, and readers
 * reload everything.
 */
export interface GraphChange {
  readonly previous: number;
  readonly paths: Iterable<string>;
}

/** Change rows kept: a reader further behind than this reloads everything. */
const CHANGES_KEPT = 64;

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Kuzu's answer when a checkpoint gave up waiting (5 s) for the transactions running beside it.
 * At a COMMIT it comes after the transaction was committed: only the checkpoint did not happen.
 */
const CHECKPOINT_WAIT = /before checkpointing/i;

export const isCheckpointWait = (e: unknown): boolean => CHECKPOINT_WAIT.test(e instanceof GraphStoreError ? e.reason : errorText(e));

/**
 * How the checkpoint a commit could not do is tried again: once the store's own reads are done,
 * a few times with growing pauses (a read that outlasts them holds up Kuzu's 5 s wait each time,
 * during which no new transaction may start). Past the last try the checkpoint is owed to the
 * next write, and Kuzu's own at close.
 */
const CHECKPOINT_RETRY = Schedule.exponential("100 millis").pipe(Schedule.intersect(Schedule.recurs(2)));

/**
 * Room a write needs on the graph's disk before it may start: Kuzu 0.11 does not fail cleanly on
 * a full disk (its checkpoint dies with SIGSEGV or `terminate`, or leaves a checkpoint row whose
 * COPY data it never wrote), so a write that might fill the disk is refused before it begins.
 * Measured peaks of a cold graph: 12 MB for 27k rows, 28 MB for 91k rows (sympy: ~270 bytes a
 * row); the fixed part covers a checkpoint's metadata and hash-index pages.
 */
export const KUZU_ROOM = { fixedBytes: 8 * 1024 * 1024, bytesPerRow: 512 } as const;

/** Rows a write's first part implies for the whole: each symbol brings about two edges. */
const ROWS_PER_SYMBOL = 3;

/** Kuzu's on-disk database: one file, what Kuzu keeps beside it (write-ahead log, shadow pages), and our seal and opening mark (graphSeal.ts, graphOpening.ts). */
const DATABASE_SUFFIXES = ["", ".wal", ".shadow", ".tmp", SEAL_SUFFIX, OPENING_SUFFIX];

/** A failure to open that is another process's lock, or the disk's doing: the file itself may be fine. */
const notDamageAtOpen = (e: unknown): boolean => isDiskFullError(e) || /lock|permission denied/i.test(errorText(e));

export const removeGraphDatabase = (path: string): void => {
  for (const suffix of DATABASE_SUFFIXES) rmSync(path + suffix, { recursive: true, force: true });
};

/** Moves a closed database (its file and whatever lies beside it) to `to`, replacing what is there. */
export const moveGraphDatabase = (from: string, to: string): void => {
  removeGraphDatabase(to);
  for (const suffix of DATABASE_SUFFIXES) if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
};

export class KuzuStore {
  private readonly statements = new Map<string, PreparedStatement>();
  /** Positions of the change rows this store wrote, oldest first (for pruning). */
  private readonly changes: number[] = [];
  /** Queries running on the reader connection: a commit that checkpoints waits for them first. */
  private readonly reads = new Set<Promise<Row[]>>();
  /** A commit's checkpoint that waited for readers in vain and could not be redone since (see CHECKPOINT_RETRY). */
  private checkpointOwed = false;
  /**
   * A COMMIT failed in a way that may have committed the transaction without checkpointing it
   * (Kuzu writes a COPY's pages only at the checkpoint): what a reopen would find is not to be
   * trusted. The projector drops the store and builds it again from the log.
   */
  damaged = false;

  private constructor(
    readonly path: string,
    private readonly db: Database,
    /** Writes run here, inside explicit transactions. */
    private readonly writer: Connection,
    /** Reads run on their own connection, so a query never lands inside a write transaction. */
    private readonly reader: Connection,
    private readonly copyThreshold: number,
    private readonly readOnly: boolean,
  ) {}

  /**
   * Opens the database, checking it against its seal first (see graphSeal.ts). A database its
   * seal or Kuzu's open finds damaged fails with StoreDamaged; another process's lock with
   * GraphStoreError.
   */
  static async open(path: string, options: KuzuStoreOptions): Promise<KuzuStore> {
    const readOnly = options.readOnly ?? false;
    if (!readOnly) mkdirSync(dirname(path), { recursive: true });
    const broken = diedOpening(path) ?? brokenSeal(path);
    if (broken !== null) throw new StoreDamaged({ model: "graph", file: path, reason: broken });
    // Until its catalog has been read: a crash in between leaves the mark for the next open.
    const opened = markOpening(path);
    try {
      return await KuzuStore.openMarked(path, options, readOnly);
    } finally {
      opened();
    }
  }

  private static async openMarked(path: string, options: KuzuStoreOptions, readOnly: boolean): Promise<KuzuStore> {
    let db: Database;
    try {
      db = new Database(path, Math.round(options.bufferPoolMb * 1024 * 1024), true, readOnly, 0, true, options.checkpointThresholdBytes ?? CHECKPOINT_WAL_BYTES);
      await db.init();
    } catch (e) {
      const reason = errorText(e);
      if (!notDamageAtOpen(e)) throw new StoreDamaged({ model: "graph", file: path, reason: shortReason(reason) });
      const hint = /lock/i.test(reason) ? " (another process holds it: stop the running nemesis engine, or query through it)" : "";
      throw new GraphStoreError({ path, reason: reason + hint });
    }
    const writer = new Connection(db);
    const reader = new Connection(db);
    try {
      await writer.init();
      await reader.init();
      const store = new KuzuStore(path, db, writer, reader, options.copyThreshold ?? 5_000, readOnly);
      if (!readOnly) {
        breakSeal(path);
        await store.ensureSchema();
      }
      return store;
    } catch (e) {
      // Closed (a new store on a full disk, a damaged one): its handles would hold the database
      // open, and this process could neither drop it nor open it anew.
      await reader.close().catch(() => undefined);
      await writer.close().catch(() => undefined);
      await db.close().catch(() => undefined);
      throw e;
    }
  }

  /** A read-only query on the reader connection; results are always closed (an open one crashes Kuzu at exit). */
  async query(cypher: string, params?: Params): Promise<Row[]> {
    const running = this.run(this.reader, cypher, params);
    this.reads.add(running);
    try {
      return await running;
    } finally {
      this.reads.delete(running);
    }
  }

  async readCheckpoint(name: string): Promise<StoredCheckpoint | null> {
    const rows = await this.query("MATCH (c:Checkpoint {name: $name}) RETURN c.position AS position, c.version AS version", {
      name,
    });
    const row = rows[0];
    return row === undefined ? null : { position: Number(row.position), version: Number(row.version) };
  }

  /** Applies one batch's write and the checkpoint atomically: a crash leaves the graph before or after it, never between. */
  async write(write: GraphWrite, checkpoint: { readonly name: string } & StoredCheckpoint, change?: GraphChange): Promise<void> {
    await this.writeInTwo(write, () => write, checkpoint, {}, change);
  }

  /**
   * `write` for a batch whose resolved part is still to be computed: node deletes and Symbol
   * creates need no resolution, so Kuzu loads them in its own threads while `rest` runs on this
   * one (a cold sympy graph spends ~1 s in the Symbol COPY alone). One transaction all the same.
   */
  async writeInTwo(
    first: GraphWriteFirst,
    rest: () => GraphWriteRest,
    checkpoint: { readonly name: string } & StoredCheckpoint,
    /**
     * The store holds nothing yet: load everything but the Symbol rows with COPY, whatever the
     * size. Row-by-row edge creates cost ~0.35 ms each (a cold index of cobra, 37 files: 579 of
     * them, ~0.45 s more than COPY); into a populated store a COPY and its commit cost 50-150 ms,
     * which is why a delta copies only large groups.
     */
    options: { readonly intoEmpty?: boolean } = {},
    change?: GraphChange,
  ): Promise<void> {
    const staging = new Staging();
    if (this.checkpointOwed) await this.checkpointWhenReadersLeave();
    this.requireRoom(first.symbols.length * ROWS_PER_SYMBOL + first.updateSymbols.length + first.updateFiles.length);
    await this.exec("BEGIN TRANSACTION");
    let committing = false;
    try {
      await this.deleteFiles(first.deleteFiles);
      await this.deleteNodes(first.deleteNodes);
      await this.execEach(setStatement("File", FILE_UPDATE_COLUMNS), first.updateFiles.map((r) => withoutNulls("File", r, FILE_UPDATE_COLUMNS)));
      // Only the columns that changed (usually the lines): setting all of them took twice as long.
      for (const u of first.updateSymbols) {
        const columns = ["id", ...u.columns];
        await this.exec(setStatement("Symbol", columns), withoutNulls("Symbol", u.row as unknown as Record<string, CsvValue>, columns));
      }
      const bulkSymbols = first.symbols.length > this.copyThreshold;
      const symbolsLoaded = this.createNodeTable("Symbol", first.symbols, bulkSymbols ? staging : null);
      symbolsLoaded.catch(() => undefined);
      // Kuzu's Node API submits a query from a promise callback: for a bulk load, let it reach Kuzu
      // before `rest` holds the thread. Not for a delta: the yield lets other work of the event
      // loop run first (a one-file update took ~90 ms longer), and its Symbol rows take ~1 ms.
      if (bulkSymbols) await yieldToKuzu();
      let later: GraphWriteRest;
      try {
        trace("Kuzu.firstWritten");
        later = rest();
      } catch (e) {
        throw new NotTheStore(e);
      } finally {
        await symbolsLoaded;
      }
      const rows = writeSize({ ...later, ...first });
      this.requireRoom(rows);
      const bulk = options.intoEmpty === true || rows > this.copyThreshold;
      await this.applyDeletes(later);
      if (bulk) {
        // Kuzu works through a queue of loads while this thread writes the COPY files: the File
        // rows, the externals, then each edge group as soon as its file is written. Each step is
        // submitted from a promise callback, so the thread yields after each file.
        let loaded = this.createNodeTable("File", later.files, staging).then(() =>
          this.createNodeTable("External", later.externals, staging),
        );
        loaded.catch(() => undefined);
        await yieldToKuzu();
        try {
          for (const load of edgeGroups(later.edges, true)) {
            const file = staging.file(load.name);
            staging.write(() => writeEdgeCsv(file, load.edges));
            loaded = loaded.then(() => this.copyEdges(load, file));
            loaded.catch(() => undefined);
            await yieldToKuzu();
          }
        } catch (e) {
          // The rollback must not reach Kuzu while a load is still running on the connection.
          await loaded.catch(() => undefined);
          throw e;
        }
        await loaded;
      } else {
        await this.createNodeTable("File", later.files, null);
        await this.createNodeTable("External", later.externals, null);
        for (const load of edgeGroups(later.edges, false)) {
          if (load.copy) {
            const file = staging.file(load.name);
            staging.write(() => writeEdgeCsv(file, load.edges));
            await this.copyEdges(load, file);
          } else {
            await this.execEach(
              `MATCH (a:${load.from} {id: $f}), (b:${load.to} {id: $t}) CREATE (a)-[:${load.kind} {line: $l}]->(b)`,
              load.edges.map((e) => ({ f: e.from, t: e.to, l: e.line })),
            );
          }
        }
      }
      await this.exec("MERGE (c:Checkpoint {name: $name}) SET c.position = $position, c.version = $version", {
        name: checkpoint.name,
        position: checkpoint.position,
        version: checkpoint.version,
      });
      if (change !== undefined) await this.recordChange(checkpoint.position, change);
      trace("Kuzu.beforeCommit");
      committing = true;
      // A transaction that ran a COPY always checkpoints as it commits.
      await this.commit(staging.used);
    } catch (e) {
      if (committing) this.damaged = true;
      // Kuzu rolls a failed statement's transaction back itself; ROLLBACK then has nothing to do.
      await this.exec("ROLLBACK").catch(() => undefined);
      if (e instanceof NotTheStore) throw e.cause;
      if (e instanceof DiskFull || e instanceof GraphStoreError || e instanceof StoreDamaged) throw e;
      const damage = kuzuDamage(e);
      throw damage !== null ? new StoreDamaged({ model: "graph", file: this.path, reason: shortReason(damage) }) : new GraphStoreError({ path: this.path, reason: errorText(e) });
    } finally {
      staging.remove();
    }
  }

  /** One change row (see `GraphChange`), and the oldest ones dropped once there are more than CHANGES_KEPT. */
  private async recordChange(position: number, change: GraphChange): Promise<void> {
    await this.exec("MERGE (g:GraphChange {position: $position}) SET g.previous = $previous, g.paths = $paths", {
      position,
      previous: change.previous,
      paths: JSON.stringify([...new Set(change.paths)].sort()),
    });
    this.changes.push(position);
    if (this.changes.length > CHANGES_KEPT) {
      const floor = this.changes.splice(0, this.changes.length - CHANGES_KEPT).at(-1)!;
      await this.exec("MATCH (g:GraphChange) WHERE g.position <= $floor DELETE g", { floor });
    }
  }

  /**
   * COMMIT. `checkpoints`: Kuzu will checkpoint in it (a COPY ran), and a checkpoint waits for
   * every running transaction (5 s at most): the store's own reads are let finish first. When
   * the wait failed all the same (a read outlasted it), the transaction stands committed and
   * only its checkpoint is retried; the write has succeeded either way.
   */
  private async commit(checkpoints: boolean): Promise<void> {
    if (checkpoints) await this.readsDone();
    try {
      await this.exec("COMMIT");
    } catch (e) {
      if (!isCheckpointWait(e)) throw e;
      trace("Kuzu.checkpointWaited");
      await this.checkpointWhenReadersLeave();
    }
  }

  /** CHECKPOINT once the reads under way are done, retried on CHECKPOINT_RETRY; else owed to the next write. */
  private async checkpointWhenReadersLeave(): Promise<void> {
    const attempt = Effect.tryPromise({
      try: async () => {
        await this.readsDone();
        await this.exec("CHECKPOINT");
      },
      catch: (e) => e,
    });
    const failure = await Effect.runPromise(
      attempt.pipe(
        Effect.retry({ schedule: CHECKPOINT_RETRY, while: isCheckpointWait }),
        Effect.as(null),
        Effect.catchAll((e) => Effect.succeed(e)),
      ),
    );
    if (failure !== null && !isCheckpointWait(failure)) throw failure;
    this.checkpointOwed = failure !== null;
    trace("Kuzu.checkpointed", () => (this.checkpointOwed ? "owed" : "done"));
  }

  /** The reads running now (not those asked meanwhile: a steady stream of them must not hold a commit back for ever). */
  private async readsDone(): Promise<void> {
    if (this.reads.size > 0) await Promise.allSettled([...this.reads]);
  }

  /**
   * Refuses a write of about `rows` rows (DiskFull) when the graph's disk lacks the room Kuzu
   * needs to commit and checkpoint it (KUZU_ROOM), the write-ahead log's pages included.
   */
  private requireRoom(rows: number): void {
    let wal = 0;
    try {
      wal = statSync(`${this.path}.wal`).size;
    } catch {
      // No write-ahead log yet.
    }
    requireSpace(dirname(this.path), KUZU_ROOM.fixedBytes + rows * KUZU_ROOM.bytesPerRow + wal);
  }

  /** Closes the database; a writer then seals it (graphSeal.ts) for the next open to check, unless a failed commit left it untrustworthy. */
  async close(): Promise<void> {
    this.statements.clear();
    await this.reader.close();
    await this.writer.close();
    await this.db.close();
    if (!this.readOnly && !this.damaged && existsSync(this.path)) sealGraph(this.path);
  }

  private async ensureSchema(): Promise<void> {
    const tables = new Set((await this.query("CALL show_tables() RETURN name")).map((r) => String(r.name)));
    if (tables.has("Checkpoint")) {
      // A store written before change rows existed: add their table, nothing else differs.
      if (!tables.has("GraphChange")) await this.exec(GRAPH_CHANGE_DDL);
      return;
    }
    this.requireRoom(0);
    await this.exec("BEGIN TRANSACTION");
    try {
      for (const ddl of SCHEMA_DDL) await this.exec(ddl);
      await this.exec("COMMIT");
    } catch (e) {
      await this.exec("ROLLBACK").catch(() => undefined);
      throw new GraphStoreError({ path: this.path, reason: `could not create the schema: ${errorText(e)}` });
    }
  }

  /**
   * Every node of these files. Row by row while they are few; past SYMBOL_SCAN_MIN symbols one
   * scan of the Symbol table by path costs less than their lookups (sympy: 147 symbols of five
   * files 26 vs ~120 ms; 8,500 of 300 files 1.0 vs ~7 s).
   */
  private async deleteFiles(files: ReadonlyArray<DeletedFile>): Promise<void> {
    if (files.length === 0) return;
    const symbols = files.reduce((n, f) => n + f.symbols.length, 0);
    if (symbols < SYMBOL_SCAN_MIN) {
      await this.deleteNodes(files.flatMap((f) => [fileNodeId(f.path), ...f.symbols]));
      return;
    }
    const paths = files.map((f) => f.path);
    await this.exec("MATCH (n:Symbol) WHERE list_contains($paths, n.path) DETACH DELETE n", { paths });
    await this.exec("MATCH (n:File) WHERE list_contains($paths, n.path) DETACH DELETE n", { paths });
  }

  /**
   * Matches by primary key one row at a time: Kuzu plans `UNWIND $rows … MATCH (n {id: r.id})`
   * as a scan (two of them joined by a cross product for an edge), while a single-row match
   * with parameters is a primary-key lookup (~0.5 ms a row inside the transaction).
   */
  private async deleteNodes(ids: ReadonlyArray<NodeId>): Promise<void> {
    for (const [table, group] of groupByTable(ids)) {
      await this.execEach(`MATCH (n:${table} {id: $id}) DETACH DELETE n`, group.map((id) => ({ id })));
    }
  }

  /** Deletes of edges and orphaned externals, and the unresolved lists of files that keep their node. */
  private async applyDeletes(w: Pick<GraphWrite, "deleteEdges" | "moveEdges" | "deleteExternals" | "setUnresolved">): Promise<void> {
    for (const [key, edges] of groupEdges(w.deleteEdges)) {
      const [kind, from, to] = key.split("|");
      await this.execEach(
        `MATCH (a:${from} {id: $f})-[e:${kind}]->(b:${to} {id: $t}) WHERE e.line = $l DELETE e`,
        edges.map((e) => ({ f: e.from, t: e.to, l: e.line })),
      );
    }
    const moved = new Map(w.moveEdges.map((m) => [m.edge, m.line]));
    for (const [key, edges] of groupEdges(w.moveEdges.map((m) => m.edge))) {
      const [kind, from, to] = key.split("|");
      await this.execEach(
        `MATCH (a:${from} {id: $f})-[e:${kind}]->(b:${to} {id: $t}) WHERE e.line = $l SET e.line = $n`,
        edges.map((e) => ({ f: e.from, t: e.to, l: e.line, n: moved.get(e)! })),
      );
    }
    await this.execEach(
      "MATCH (n:External {id: $id}) DETACH DELETE n",
      w.deleteExternals.map((id) => ({ id })),
    );
    await this.execEach(
      "MATCH (f:File {id: $id}) SET f.unresolved = $unresolved, f.unresolvedCount = $unresolvedCount",
      w.setUnresolved,
    );
  }

  /** Nodes need no match: one parameterised UNWIND, or COPY for a bulk load (`staging` given). */
  private async createNodeTable(table: RowTable, rows: ReadonlyArray<object>, staging: Staging | null): Promise<void> {
    if (rows.length === 0) return;
    // File rows carry the unresolved lists (JSON, quotes everywhere): Kuzu's CSV reader once
    // took seconds on them, but with AUTO_DETECT off and compact lists COPY beats a parameter
    // list (sympy: 0.39 s for the parameter list).
    if (staging === null) {
      await this.exec(unwindCreate(table), { rows: rows.map((r) => withoutNulls(table, r as Record<string, CsvValue>)) });
      return;
    }
    const file = staging.file(`${table}.csv`);
    const records = rows as ReadonlyArray<Record<string, CsvValue>>;
    staging.write(() => writeCsv(file, NODE_COLUMNS[table], records));
    // Kuzu's parallel CSV reader cannot split inside a quoted line break (doc comments have them).
    const parallel = hasLineBreaks(records) ? "false" : "true";
    await this.exec(`COPY ${table} FROM '${quote(file)}' (${CSV_COPY_OPTIONS}, PARALLEL=${parallel})`);
  }

  private async copyEdges(load: EdgeGroup, file: string): Promise<void> {
    await this.exec(`COPY ${load.kind} FROM '${quote(file)}' (from='${load.from}', to='${load.to}', ${CSV_COPY_OPTIONS})`);
  }

  private async execEach(cypher: string, rows: ReadonlyArray<object>): Promise<void> {
    for (const row of rows) await this.exec(cypher, row as Params);
  }

  /**
   * COMMIT, which may checkpoint; a checkpoint waits for every read transaction to end, and one
   * longer than Kuzu's wait (a tool loading the whole graph on a busy machine) made COMMIT throw
   * after the transaction was committed: the write was reported failed (an index_project answered
   * "a bug in Nemesis") and applied again by the next pass. The checkpoint is left to the next commit.
   */
  private async exec(cypher: string, params?: Params): Promise<void> {
    await this.run(this.writer, cypher, params);
  }

  private async run(conn: Connection, cypher: string, params?: Params): Promise<Row[]> {
    let result: QueryResult | QueryResult[];
    try {
      if (params === undefined) result = await conn.query(cypher);
      else result = await conn.execute(await this.prepare(conn, cypher), params as Record<string, KuzuValue>);
    } catch (e) {
      const damage = kuzuDamage(e);
      if (damage !== null) throw new StoreDamaged({ model: "graph", file: this.path, reason: shortReason(damage) });
      throw new GraphStoreError({ path: this.path, reason: `${errorText(e)} (in: ${cypher.replace(/\s+/g, " ").slice(0, 200)})` });
    }
    const results = Array.isArray(result) ? result : [result];
    try {
      const rows: Row[] = [];
      // The rows are already materialised when the query resolves; `getAll` would fetch each one
      // through the thread pool (a round trip per row, slow when the box is busy), `getAllSync`
      // converts them on this thread. No spread: a whole-table read has more rows than the call
      // stack has room for arguments.
      for (const r of results) for (const row of r.getAllSync()) rows.push(row);
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

/**
 * The Node binding types a list parameter from its first element, so a null there types the
 * whole column ANY and the statement fails. Nulls therefore travel as "" (strings; we never
 * store empty strings) or -1 (counts and lines) and become NULL again in the statement.
 */
const withoutNulls = (
  table: RowTable,
  row: Readonly<Record<string, CsvValue>>,
  columns: ReadonlyArray<string> = NODE_COLUMNS[table],
): Record<string, CsvValue> => {
  const out: Record<string, CsvValue> = {};
  for (const c of columns) {
    const v = row[c] ?? null;
    out[c] = v !== null ? v : COLUMN_TYPES[c] === "INT64" ? -1 : COLUMN_TYPES[c] === "BOOLEAN" ? false : "";
  }
  return out;
};

/**
 * A column's value from `source` (`r.x` or `$x`) as `withoutNulls` sent it: its sentinel
 * becomes NULL again. Every operand is cast: the statement is bound before the parameter's
 * type is known.
 */
const valueOf = (column: string, source: string): string => {
  const type = COLUMN_TYPES[column] ?? "STRING";
  const v = `CAST(${source} AS ${type})`;
  if (type === "BOOLEAN") return v;
  const missing = type === "INT64" ? `${v} < 0` : `${v} = ''`;
  return `CASE WHEN ${missing} THEN CAST(NULL AS ${type}) ELSE ${v} END`;
};

const unwindCreate = (table: RowTable): string => {
  const props = NODE_COLUMNS[table].map((c) => `${c}: ${valueOf(c, `r.${c}`)}`);
  return `UNWIND $rows AS r CREATE (:${table} {${props.join(", ")}})`;
};

/** One row's columns set by primary key (a single-row match is a lookup; see deleteNodes). */
const setStatement = (table: RowTable, columns: ReadonlyArray<string>): string =>
  `MATCH (n:${table} {id: $id}) SET ${columns
    .filter((c) => c !== "id")
    .map((c) => `n.${c} = ${valueOf(c, `$${c}`)}`)
    .join(", ")}`;

const FILE_UPDATE_COLUMNS = ["id", "path", "language", "lines", "hash", "status"] as const;

/** From this many Symbol nodes of deleted files on, they are deleted by one scan (see deleteFiles). */
const SYMBOL_SCAN_MIN = 200;

/** Above this many edges of one (kind, source, target), a delta loads them with COPY: one file beats per-row lookups. */
const EDGE_COPY_MIN = 200;

/** A failure of the caller's `rest` inside a write: rolled back like any other, but not blamed on the database. */
class NotTheStore {
  constructor(readonly cause: unknown) {}
}

/** A temporary directory for COPY's CSV files, made on first use. */
class Staging {
  private dir: string | null = null;
  /** Whether a COPY file was made: the transaction then checkpoints as it commits. */
  get used(): boolean {
    return this.dir !== null;
  }
  file(name: string): string {
    this.dir ??= mkdtempSync(join(tmpdir(), "nemesis-graph-"));
    return join(this.dir, name);
  }
  /** Writes a COPY file; a full temp disk is named as such (the error of a write by descriptor names no file). */
  write(writeFile: () => void): void {
    try {
      writeFile();
    } catch (e) {
      throw asDiskFull(e, this.dir ?? tmpdir()) ?? e;
    }
  }
  remove(): void {
    if (this.dir !== null) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
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

/** One (kind, source table, target table) group of edges, and whether it is loaded by COPY. */
interface EdgeGroup {
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  /** Its COPY file's name in the staging directory. */
  readonly name: string;
  readonly copy: boolean;
  readonly edges: ReadonlyArray<GraphEdge>;
}

/** Per group: COPY when bulk or large, else a row-by-row create. */
const edgeGroups = (edges: ReadonlyArray<GraphEdge>, bulk: boolean): EdgeGroup[] =>
  [...groupEdges(edges)].map(([key, group]) => {
    const [kind, from, to] = key.split("|") as [string, string, string];
    return { kind, from, to, name: `${kind}-${from}-${to}.csv`, copy: bulk || group.length >= EDGE_COPY_MIN, edges: group };
  });

/** Lets a Kuzu call queued from a promise callback reach Kuzu before this thread carries on. */
const yieldToKuzu = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
