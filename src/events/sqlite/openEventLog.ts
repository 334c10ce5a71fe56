import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export interface LogHandle {
  readonly db: Database.Database;
  readonly path: string;
  readonly stmt: {
    readonly insert: Database.Statement;
    readonly streamVersion: Database.Statement;
    readonly positionOfId: Database.Statement;
    readonly head: Database.Statement;
  };
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT    NOT NULL UNIQUE,
  stream      TEXT    NOT NULL,
  version     INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  schema      INTEGER NOT NULL,
  data        BLOB    NOT NULL,
  meta        TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  UNIQUE (stream, version)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
`;

/** Bytes the WAL may keep after a checkpoint; larger WALs are truncated back to this. */
export const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

export const openEventLog = (path: string, options: { readonly readonly?: boolean } = {}): LogHandle => {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  // Concurrent writers (CLI, hooks, engine) wait for each other instead of failing.
  db.pragma("busy_timeout = 10000");
  if (!options.readonly) {
    db.pragma("journal_mode = WAL");
    // NORMAL in WAL mode survives a killed process (the WAL is in the OS cache); only a
    // power cut can lose the last transactions, and never corrupts the file.
    db.pragma("synchronous = NORMAL");
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    db.pragma("wal_autocheckpoint = 4000");
    db.exec(SCHEMA);
  }
  return {
    db,
    path,
    stmt: {
      insert: db.prepare(
        `INSERT INTO events (event_id, stream, version, type, schema, data, meta, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`,
      ),
      streamVersion: db.prepare("SELECT MAX(version) AS v FROM events WHERE stream = ?").pluck(),
      positionOfId: db.prepare("SELECT position FROM events WHERE event_id = ?").pluck(),
      head: db.prepare("SELECT COALESCE(MAX(position), 0) FROM events").pluck(),
    },
  };
};
