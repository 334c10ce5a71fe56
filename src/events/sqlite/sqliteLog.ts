import type Database from "better-sqlite3";

declare const handleBrand: unique symbol;

/**
 * An open event log, as every folder outside src/events sees it: something to pass back to
 * the log's operations (src/events/sqlite, one per file), never a database to query. Only
 * `openEventLog` makes one.
 */
export interface LogHandle {
  readonly path: string;
  readonly readonly: boolean;
  readonly [handleBrand]: true;
}

/** The connection behind a LogHandle and what is prepared on it: for src/events only. */
export interface SqliteLog extends LogHandle {
  readonly db: Database.Database;
  /** False only for a log opened read-only that no writer of this build has migrated yet. */
  readonly hasSummaries: boolean;
  /**
   * SQL matching the rows of one stream, given its name as the one parameter, and the column
   * that groups rows by stream. A read-only open of a log no writer of this build has migrated
   * yet has no stream numbers and matches by name.
   */
  readonly streamSql: { readonly is: string; readonly group: string };
  /**
   * INSERT of `rows` events (1 to ROWS_PER_INSERT), prepared once per row count. Seven
   * positional parameters a row (event_id, stream, stream_id, version, type, schema, data),
   * then `meta`, unless `sharedMeta`, and named `@recorded_at` (and `@meta` when shared) bound
   * once for the statement: an append has one time, and its events mostly one source.
   */
  readonly insertRows: (rows: number, sharedMeta: boolean) => Database.Statement;
  /** INSERT of `rows` (position, summary) pairs into event_summaries (see summaries.ts). */
  readonly insertSummaries: (rows: number) => Database.Statement;
  readonly stmt: {
    /** The stream's number and version (`{ id, version }`), undefined for a stream never written (write handles only). */
    readonly stream: Database.Statement | undefined;
    /** Numbers a new stream (write handles only); its id is the insert's rowid. */
    readonly newStream: Database.Statement | undefined;
    readonly streamVersion: Database.Statement;
    readonly positionOfId: Database.Statement;
    readonly head: Database.Statement;
  };
}

/** The connection behind a handle (every LogHandle is a SqliteLog: openEventLog makes them). */
export const sqliteLog = (log: LogHandle): SqliteLog => log as SqliteLog;

const statements = new WeakMap<LogHandle, Map<string, Database.Statement>>();

/**
 * A statement prepared once per connection, for an operation whose SQL is fixed (or one of a
 * few shapes). `pluck` (the first column) and `raw` (rows as arrays) are set when it is
 * prepared and are part of the key: a statement's mode is sticky.
 */
export const preparedOn = (log: LogHandle, sql: string, mode: "rows" | "pluck" | "raw" = "rows"): Database.Statement => {
  let byText = statements.get(log);
  if (byText === undefined) statements.set(log, (byText = new Map()));
  const key = `${mode}|${sql}`;
  let stmt = byText.get(key);
  if (stmt === undefined) {
    stmt = sqliteLog(log).db.prepare(sql);
    if (mode === "pluck") stmt.pluck();
    else if (mode === "raw") stmt.raw(true);
    byText.set(key, stmt);
  }
  return stmt;
};
