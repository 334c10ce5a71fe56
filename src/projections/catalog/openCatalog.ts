import type Database from "better-sqlite3";
import { openSqliteStore } from "../openSqliteStore.js";

// files is keyed by path alone (WITHOUT ROWID): every event of a replay finds its row with one
// b-tree search instead of two (the path index, then the rowid table).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, content_hash TEXT, language TEXT, size INTEGER, mtime REAL,
  status TEXT NOT NULL, reason TEXT, parser_version TEXT, symbols INTEGER NOT NULL DEFAULT 0,
  changed_position INTEGER, parsed_position INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS files_by_status ON files (status);
CREATE TABLE IF NOT EXISTS rules (
  id TEXT PRIMARY KEY, content TEXT NOT NULL, scope TEXT NOT NULL, related_to TEXT NOT NULL,
  status TEXT NOT NULL, retired_reason TEXT, recorded_at TEXT NOT NULL, retired_at TEXT,
  position INTEGER NOT NULL, source TEXT NOT NULL, actor TEXT
);
CREATE TABLE IF NOT EXISTS decisions (
  id TEXT PRIMARY KEY, title TEXT NOT NULL, reasoning TEXT NOT NULL, alternatives TEXT NOT NULL,
  status TEXT NOT NULL, related_to TEXT NOT NULL, superseded_by TEXT, supersede_reason TEXT,
  recorded_at TEXT NOT NULL, position INTEGER NOT NULL, source TEXT NOT NULL, actor TEXT
);
CREATE TABLE IF NOT EXISTS conventions (
  id TEXT PRIMARY KEY, pattern TEXT NOT NULL, example TEXT NOT NULL, scope TEXT NOT NULL,
  recorded_at TEXT NOT NULL, position INTEGER NOT NULL, source TEXT NOT NULL, actor TEXT
);
CREATE TABLE IF NOT EXISTS index_runs (
  run_id TEXT PRIMARY KEY, root TEXT, started_at TEXT NOT NULL, completed_at TEXT,
  files INTEGER, changed INTEGER, deleted INTEGER, skipped TEXT, duration_ms REAL
);
`;

/** Opens (creating if needed) catalog.db: the cheap SQLite read model hooks and status use. */
export const openCatalog = (path: string, options: { readonly readonly?: boolean } = {}): Database.Database => openSqliteStore("catalog", path, SCHEMA, options);
