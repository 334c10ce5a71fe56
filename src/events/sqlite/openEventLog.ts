import type Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { EventLogDamaged } from "../eventLogDamaged.js";
import { SUMMARY_FIELDS, summarySql } from "../summaries.js";
import { openSqlite } from "./openSqlite.js";
import { sqliteDamage } from "./sqliteDamage.js";
import { sqliteFileDamage } from "./sqliteFileDamage.js";
import { sqliteLog, type LogHandle, type SqliteLog } from "./sqliteLog.js";

export type { LogHandle } from "./sqliteLog.js";

/**
 * `data` comes last: for a FileParsed (~4 KB) most of the row spills into an overflow page, and
 * the columns after the spill point can only be read by walking it.
 *
 * Streams are numbered (`streams`): the (stream, version) index holds the number, not the name.
 * A batch over many streams inserts at as many places of that index, so the commit rewrites
 * most of its pages; a number is a fraction of a name's bytes, so about half the pages of WAL
 * are written per batch. `stream` keeps the name too: every reader selects it, and a join per
 * row would cost each of them what the index saves the writer.
 */
const EVENTS_TABLE = (name: string) => `
CREATE TABLE ${name} (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT    NOT NULL UNIQUE,
  stream      TEXT    NOT NULL,
  stream_id   INTEGER NOT NULL,
  version     INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  schema      INTEGER NOT NULL,
  meta        TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  data        BLOB    NOT NULL,
  UNIQUE (stream_id, version)
)`;

const STREAMS_TABLE = "CREATE TABLE IF NOT EXISTS streams (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)";
const TYPE_INDEX = "CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position)";
const SUMMARIES_TABLE = `CREATE TABLE IF NOT EXISTS event_summaries (
  position INTEGER PRIMARY KEY,
  summary  TEXT    NOT NULL
)`;

/** user_version of a log whose schema and summaries are current. */
export const LOG_SCHEMA_VERSION = 3;

const hasTable = (db: Database.Database, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

const hasColumn = (db: Database.Database, table: string, column: string): boolean =>
  (db.prepare(`SELECT COUNT(*) FROM pragma_table_info('${table}') WHERE name = ?`).pluck().get(column) as number) > 0;

/**
 * Moves the events of a log written before streams were numbered into the current table: the
 * same rows at the same positions, payloads untouched, each stream numbered in the order it
 * first appeared. AUTOINCREMENT's high-water mark is carried over, so no position is ever
 * handed out twice.
 */
const numberStreams = (db: Database.Database): void => {
  db.exec(STREAMS_TABLE);
  db.exec("INSERT INTO streams (name) SELECT stream FROM events GROUP BY stream ORDER BY MIN(position)");
  const highWater = (db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'events'").pluck().get() as number | undefined) ?? 0;
  db.exec(EVENTS_TABLE("events_numbered"));
  db.exec(`INSERT INTO events_numbered (position, event_id, stream, stream_id, version, type, schema, meta, recorded_at, data)
    SELECT e.position, e.event_id, e.stream, s.id, e.version, e.type, e.schema, e.meta, e.recorded_at, e.data
    FROM events e JOIN streams s ON s.name = e.stream ORDER BY e.position`);
  db.exec("DROP TABLE events");
  db.exec("ALTER TABLE events_numbered RENAME TO events");
  db.prepare("UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'events'").run(highWater);
};

/**
 * Brings a log to the current schema once: creates what is missing, numbers the streams of a
 * log written before they were, and computes the summaries of events appended before
 * summaries existed. One IMMEDIATE transaction, so two processes opening an old log at once
 * migrate it once, and a crash leaves it as it was.
 */
const migrate = (db: Database.Database): void => {
  db.transaction(() => {
    const from = db.pragma("user_version", { simple: true }) as number;
    if (from >= LOG_SCHEMA_VERSION) return;
    if (!hasTable(db, "events")) {
      db.exec(STREAMS_TABLE);
      db.exec(EVENTS_TABLE("events"));
    } else if (!hasColumn(db, "events", "stream_id")) numberStreams(db);
    db.exec(TYPE_INDEX);
    db.exec(SUMMARIES_TABLE);
    if (from < 2) {
      for (const type of Object.keys(SUMMARY_FIELDS)) {
        db.prepare(
          `INSERT OR IGNORE INTO event_summaries (position, summary) SELECT position, ${summarySql(type)} FROM events WHERE type = ?`,
        ).run(type);
      }
    }
    db.pragma(`user_version = ${LOG_SCHEMA_VERSION}`);
  }).immediate();
};

/**
 * Page size of a new log. A FileParsed row (a few KB of JSON) does not fit a 4 KB page: each
 * would take a page of its own plus an overflow page, so the file would be twice its data and a
 * replay would read twice the pages. 8 KB pages hold it whole. Larger pages cost every small
 * transaction more: each commit writes whole pages to the WAL (measured by `npm run bench -- log`).
 */
export const LOG_PAGE_SIZE = 8_192;

/**
 * Reads of the log file through a memory map, for a process that reads the whole log (a
 * replay): with read() each page is a system call and a copy (a third of the time of reading a
 * row). Not the default: mapped pages count in the process's resident memory, and a cold index
 * reads every FileParsed. The WAL is still read with read().
 * SQLite never shrinks a WAL-mode log file under a map (no VACUUM, no auto-vacuum here), which
 * is what would make a mapped read fault.
 */
const MMAP_BYTES = 1024 * 1024 * 1024;

export const readThroughMemoryMap = (log: LogHandle): void => {
  sqliteLog(log).db.pragma(`mmap_size = ${MMAP_BYTES}`);
};

/** Bytes the WAL may keep after a checkpoint; larger WALs are truncated back to this. */
export const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/**
 * Events per INSERT statement in a batched append: each statement run costs a trip from
 * JavaScript into SQLite and opens a cursor on every index, so rows travel in groups. At most
 * 8 parameters a row keep a full statement at 512, far below SQLite's limit of 32,766.
 */
export const ROWS_PER_INSERT = 64;

const EVENT_INSERT = "INSERT OR FAIL INTO events (event_id, stream, stream_id, version, type, schema, data, meta, recorded_at) VALUES ";

const NUMBERED = { is: "stream_id = (SELECT id FROM streams WHERE name = ?)", group: "stream_id" } as const;
const BY_NAME = { is: "stream = ?", group: "stream" } as const;

const insertRows = (db: Database.Database): SqliteLog["insertRows"] => {
  const own = statementsByRows(db, EVENT_INSERT, "(?, ?, ?, ?, ?, ?, ?, ?, @recorded_at)");
  const shared = statementsByRows(db, EVENT_INSERT, "(?, ?, ?, ?, ?, ?, ?, @meta, @recorded_at)");
  return (rows, sharedMeta) => (sharedMeta ? shared(rows) : own(rows));
};

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

/**
 * Opens the log, after looking at its header: a damaged log is reported (EventLogDamaged, with
 * what to do) before SQLite is let near it, and a failure of the first reads that says the file
 * is damaged is reported the same way. Nothing here ever deletes or rewrites a damaged log.
 */
export const openEventLog = (path: string, options: { readonly readonly?: boolean } = {}): LogHandle => {
  const damage = path === ":memory:" ? null : sqliteFileDamage(path);
  if (damage !== null) throw new EventLogDamaged({ path, reason: damage });
  try {
    return openChecked(path, options.readonly ?? false);
  } catch (e) {
    const reason = sqliteDamage(e);
    throw reason === null ? e : new EventLogDamaged({ path, reason });
  }
};

const openChecked = (path: string, readonly: boolean): LogHandle => {
  if (path !== ":memory:" && !readonly) mkdirSync(dirname(path), { recursive: true });
  const db = openSqlite(path, { readonly, fileMustExist: readonly });
  try {
    return prepareLog(db, path, readonly);
  } catch (e) {
    db.close();
    throw e;
  }
};

const prepareLog = (db: Database.Database, path: string, readonly: boolean): LogHandle => {
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
  const hasSummaries = !readonly || hasTable(db, "event_summaries");
  const streamSql = !readonly || hasColumn(db, "events", "stream_id") ? NUMBERED : BY_NAME;
  const log: Omit<SqliteLog, keyof LogHandle> & Pick<LogHandle, "path" | "readonly"> = {
    db,
    path,
    readonly,
    hasSummaries,
    streamSql,
    insertRows: insertRows(db),
    insertSummaries: statementsByRows(db, "INSERT OR REPLACE INTO event_summaries (position, summary) VALUES ", "(?, ?)"),
    stmt: {
      stream: readonly
        ? undefined
        : db.prepare("SELECT s.id, COALESCE((SELECT MAX(version) FROM events WHERE stream_id = s.id), 0) AS version FROM streams s WHERE s.name = ?"),
      newStream: readonly ? undefined : db.prepare("INSERT INTO streams (name) VALUES (?)"),
      streamVersion: db.prepare(`SELECT MAX(version) AS v FROM events WHERE ${streamSql.is}`).pluck(),
      positionOfId: db.prepare("SELECT position FROM events WHERE event_id = ?").pluck(),
      head: db.prepare("SELECT COALESCE(MAX(position), 0) FROM events").pluck(),
    },
  };
  return log as SqliteLog;
};
