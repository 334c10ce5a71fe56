import type Database from "better-sqlite3";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SUMMARY_FIELDS, summarySql } from "../summaries.js";

export interface LogHandle {
  readonly db: Database.Database;
  readonly path: string;
  readonly readonly: boolean;
  /** False only for a log opened read-only that no writer of this build has migrated yet. */
  readonly hasSummaries: boolean;
  /** INSERT of `rows` events (1 to ROWS_PER_INSERT), prepared once per row count. */
  readonly insertRows: (rows: number) => Database.Statement;
  /** INSERT of `rows` (position, summary) pairs into event_summaries (see summaries.ts). */
  readonly insertSummaries: (rows: number) => Database.Statement;
  readonly stmt: {
    readonly streamVersion: Database.Statement;
    readonly positionOfId: Database.Statement;
    readonly head: Database.Statement;
  };
}

/**
 * `data` comes last: for a FileParsed (~4 KB) most of the row spills into an overflow page, and
 * the columns after the spill point can only be read by walking it. Logs created before this
 * order keep theirs (columns are always named, so both layouts work; the old one reads slower).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT    NOT NULL UNIQUE,
  stream      TEXT    NOT NULL,
  version     INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  schema      INTEGER NOT NULL,
  meta        TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  data        BLOB    NOT NULL,
  UNIQUE (stream, version)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
CREATE TABLE IF NOT EXISTS event_summaries (
  position INTEGER PRIMARY KEY,
  summary  TEXT    NOT NULL
);
`;

/** user_version of a log whose schema and summaries are current. */
export const LOG_SCHEMA_VERSION = 2;

/**
 * Brings a log to the current schema once: creates what is missing and computes the summaries
 * of events appended before summaries existed. One IMMEDIATE transaction, so two processes
 * opening an old log at once migrate it once, and a crash leaves it as it was.
 */
const migrate = (db: Database.Database): void => {
  db.transaction(() => {
    if ((db.pragma("user_version", { simple: true }) as number) >= LOG_SCHEMA_VERSION) return;
    db.exec(SCHEMA);
    for (const type of Object.keys(SUMMARY_FIELDS)) {
      db.prepare(
        `INSERT OR IGNORE INTO event_summaries (position, summary) SELECT position, ${summarySql(type)} FROM events WHERE type = ?`,
      ).run(type);
    }
    db.pragma(`user_version = ${LOG_SCHEMA_VERSION}`);
  }).immediate();
};

/**
 * Page size of a new log. A FileParsed row (2-4 KB of JSON) does not fit a 4 KB page: each one
 * took a page of its own plus an overflow page, so the file was twice its data and a replay
 * read twice the pages. 8 KB pages hold it whole (batched mixed appends +18%). Larger pages
 * cost every small transaction more: each commit writes whole pages to the WAL (one event
 * per transaction: 11.5k/s at 4 KB, 8.5k at 8 KB, 5.6k at 16 KB).
 */
export const LOG_PAGE_SIZE = 8_192;

/**
 * Reads of the log file through a memory map, for a process that reads the whole log (a
 * replay): with read() each page is a system call and a copy (a third of the time of reading a
 * row). Not the default: mapped pages count in the process's resident memory, and a cold index
 * reads every FileParsed (+165 MB of peak RSS on sympy). The WAL is still read with read().
 * SQLite never shrinks a WAL-mode log file under a map (no VACUUM, no auto-vacuum here), which
 * is what would make a mapped read fault.
 */
const MMAP_BYTES = 1024 * 1024 * 1024;

export const readThroughMemoryMap = (log: LogHandle): void => {
  log.db.pragma(`mmap_size = ${MMAP_BYTES}`);
};

/** Bytes the WAL may keep after a checkpoint; larger WALs are truncated back to this. */
export const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

// Loaded with require, not import: an ES import of a CommonJS package makes Node scan its
// source for export names first (~10 ms of `nemesis log`'s start-up).
const require = createRequire(import.meta.url);
let SqliteDatabase: typeof Database | undefined;
const sqlite = (): typeof Database => (SqliteDatabase ??= require("better-sqlite3") as typeof Database);

// better-sqlite3 finds its addon through `bindings`, which probes a dozen paths on every start;
// naming the file saves a hook or `nemesis log` those stats. Falls back to the probe when absent.
let addon: string | null | undefined;
const nativeBinding = (): string | null => {
  if (addon === undefined) {
    try {
      const file = join(dirname(require.resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");
      addon = existsSync(file) ? file : null;
    } catch {
      addon = null;
    }
  }
  return addon;
};

/**
 * Events per INSERT statement in a batched append: each statement run costs a trip from
 * JavaScript into SQLite and opens a cursor on every index, so rows travel in groups. 8
 * parameters a row keeps a full statement at 512, far below SQLite's limit of 32,766.
 */
export const ROWS_PER_INSERT = 64;

const EVENT_INSERT = "INSERT OR FAIL INTO events (event_id, stream, version, type, schema, data, meta, recorded_at) VALUES ";

/** One prepared statement per row count, made when first needed. */
const statementsByRows = (db: Database.Database, prefix: string, row: string): ((rows: number) => Database.Statement) => {
  const made: Database.Statement[] = [];
  return (rows) => {
    let stmt = made[rows];
    if (stmt === undefined) {
      if (!Number.isInteger(rows) || rows < 1 || rows > ROWS_PER_INSERT) throw new Error(`event log: ${rows} rows in one INSERT`);
      stmt = made[rows] = db.prepare(prefix + Array.from({ length: rows }, () => row).join(", "));
    }
    return stmt;
  };
};

export const openEventLog = (path: string, options: { readonly readonly?: boolean } = {}): LogHandle => {
  const readonly = options.readonly ?? false;
  if (path !== ":memory:" && !readonly) mkdirSync(dirname(path), { recursive: true });
  const Sqlite = sqlite();
  const db = new Sqlite(path, { readonly, fileMustExist: readonly, nativeBinding: nativeBinding() ?? undefined });
  // Concurrent writers (CLI, hooks, engine) wait for each other instead of failing.
  db.pragma("busy_timeout = 10000");
  if (!readonly) {
    // Set before the first write of a new log (an existing one keeps its size): see LOG_PAGE_SIZE.
    if ((db.pragma("page_count", { simple: true }) as number) === 0) db.pragma(`page_size = ${LOG_PAGE_SIZE}`);
    db.pragma("journal_mode = WAL");
    // NORMAL in WAL mode survives a killed process (the WAL is in the OS cache); only a
    // power cut can lose the last transactions, and never corrupts the file.
    db.pragma("synchronous = NORMAL");
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    // A checkpoint every 16 MB of WAL, whatever the page size.
    db.pragma(`wal_autocheckpoint = ${Math.round((16 * 1024 * 1024) / (db.pragma("page_size", { simple: true }) as number))}`);
    if ((db.pragma("user_version", { simple: true }) as number) < LOG_SCHEMA_VERSION) migrate(db);
  }
  const hasSummaries =
    !readonly || db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'event_summaries'").get() !== undefined;
  return {
    db,
    path,
    readonly,
    hasSummaries,
    insertRows: statementsByRows(db, EVENT_INSERT, "(?, ?, ?, ?, ?, ?, ?, ?)"),
    insertSummaries: statementsByRows(db, "INSERT OR REPLACE INTO event_summaries (position, summary) VALUES ", "(?, ?)"),
    stmt: {
      streamVersion: db.prepare("SELECT MAX(version) AS v FROM events WHERE stream = ?").pluck(),
      positionOfId: db.prepare("SELECT position FROM events WHERE event_id = ?").pluck(),
      head: db.prepare("SELECT COALESCE(MAX(position), 0) FROM events").pluck(),
    },
  };
};
