import { DiskFull, isDiskFullError, trace } from "../../shared/index.js";
import * as Effect from "effect/Effect";
import * as Schedule from "effect/Schedule";
import { Connection, Database, type KuzuValue, type PreparedStatement, type QueryResult } from "kuzu";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { StoreDamaged } from "../damage/StoreDamaged.js";
import { kuzuDamage, shortReason } from "../damage/libraryDamage.js";
import { applyDeletes, deleteFiles, deleteNodes } from "./deleteGraphRows.js";
import { diedOpening, markOpening } from "./graphOpening.js";
import { breakSeal, brokenSeal, sealGraph } from "./graphSeal.js";
import { errorText, GraphStoreError, isCheckpointWait } from "./GraphStoreError.js";
import { writeSize, type GraphWrite, type GraphWriteFirst, type GraphWriteRest } from "./GraphWrite.js";
import { ensureGraphSchema } from "./ensureGraphSchema.js";
import { requireGraphRoom } from "./graphRoom.js";
import { recordGraphChange, type GraphChange } from "./recordGraphChange.js";
import { FILE_UPDATE_COLUMNS, setStatement, withoutNulls } from "./kuzuStatements.js";
import type { KuzuWriter, Params, Row } from "./KuzuWriter.js";
import { createNodeTable, loadRest, yieldToKuzu } from "./loadGraphRows.js";
import { Staging } from "./Staging.js";
import type { CsvValue } from "./writeCsv.js";

export { GraphStoreError, isCheckpointWait } from "./GraphStoreError.js";
export { moveGraphDatabase, removeGraphDatabase } from "./graphDatabaseFiles.js";
export type { Params, Row } from "./KuzuWriter.js";
export { KUZU_ROOM } from "./graphRoom.js";
export type { GraphChange } from "./recordGraphChange.js";

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
 * How the checkpoint a commit could not do is tried again: once the store's own reads are done,
 * a few times with growing pauses (a read that outlasts them holds up Kuzu's 5 s wait each time,
 * during which no new transaction may start). Past the last try the checkpoint is owed to the
 * next write, and Kuzu's own at close.
 */
const CHECKPOINT_RETRY = Schedule.exponential("100 millis").pipe(Schedule.intersect(Schedule.recurs(2)));


/** Rows a write's first part implies for the whole: each symbol brings about two edges. */
const ROWS_PER_SYMBOL = 3;


/** A failure to open that is another process's lock, or the disk's doing: the file itself may be fine. */
const notDamageAtOpen = (e: unknown): boolean => isDiskFullError(e) || /lock|permission denied/i.test(errorText(e));



/**
 * The graph's only door to Kuzu (LadybugDB may replace it; nothing else imports `kuzu`).
 * Kuzu's MERGE scans whole tables and autocommitted single-row writes crawl, so every write
 * is a `GraphWrite` keyed by our own ids, applied in one explicit transaction together with the
 * checkpoint: small ones as parameterised UNWIND batches, large ones with COPY FROM CSV.
 */
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
  /** The write steps' view of this store (deleteGraphRows.ts, loadGraphRows.ts). */
  private readonly tx: KuzuWriter = {
    exec: (cypher, params) => this.exec(cypher, params),
    execEach: (cypher, rows) => this.execEach(cypher, rows),
  };

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
        await ensureGraphSchema(store.tx, path, new Set((await store.query("CALL show_tables() RETURN name")).map((r) => String(r.name))));
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
    requireGraphRoom(this.path, first.symbols.length * ROWS_PER_SYMBOL + first.updateSymbols.length + first.updateFiles.length);
    await this.exec("BEGIN TRANSACTION");
    let committing = false;
    try {
      await deleteFiles(this.tx, first.deleteFiles);
      await deleteNodes(this.tx, first.deleteNodes);
      await this.execEach(setStatement("File", FILE_UPDATE_COLUMNS), first.updateFiles.map((r) => withoutNulls("File", r, FILE_UPDATE_COLUMNS)));
      // Only the columns that changed (usually the lines): setting all of them took twice as long.
      for (const u of first.updateSymbols) {
        const columns = ["id", ...u.columns];
        await this.exec(setStatement("Symbol", columns), withoutNulls("Symbol", u.row as unknown as Record<string, CsvValue>, columns));
      }
      const bulkSymbols = first.symbols.length > this.copyThreshold;
      const symbolsLoaded = createNodeTable(this.tx, "Symbol", first.symbols, bulkSymbols ? staging : null);
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
      requireGraphRoom(this.path, rows);
      const bulk = options.intoEmpty === true || rows > this.copyThreshold;
      await applyDeletes(this.tx, later);
      await loadRest(this.tx, later, staging, bulk);
      await this.exec("MERGE (c:Checkpoint {name: $name}) SET c.position = $position, c.version = $version", {
        name: checkpoint.name,
        position: checkpoint.position,
        version: checkpoint.version,
      });
      if (change !== undefined) await recordGraphChange(this.tx, this.changes, checkpoint.position, change);
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


  /** Closes the database; a writer then seals it (graphSeal.ts) for the next open to check, unless a failed commit left it untrustworthy. */
  async close(): Promise<void> {
    this.statements.clear();
    await this.reader.close();
    await this.writer.close();
    await this.db.close();
    if (!this.readOnly && !this.damaged && existsSync(this.path)) sealGraph(this.path);
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

/** A failure of the caller's `rest` inside a write: rolled back like any other, but not blamed on the database. */
class NotTheStore {
  constructor(readonly cause: unknown) {}
}
