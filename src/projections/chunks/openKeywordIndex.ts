import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { checkSqliteStore } from "../damage/checkSqliteStore.js";

/**
 * The keyword side of the chunk read model, in SQLite: chunk rows, an FTS5 index per chunk
 * and one per file (whole-file BM25 is the strongest single signal for "which file"), and the
 * checkpoint, and the chunk vectors, all written in one transaction so keyword search is current after every save.
 * FTS5 stores its terms (see the schema note: contentless tables kept stale bm25 statistics).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (
  rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, path TEXT NOT NULL, symbol TEXT, kind TEXT NOT NULL,
  language TEXT NOT NULL, start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_by_path ON chunks (path, start_line);
-- One vector per chunk that has one (rowid = the chunk's), see embed/vectorBlob.ts: read by search in
-- one sequential scan instead of a LanceDB table load. Absent rows are pending vectors.
CREATE TABLE IF NOT EXISTS chunk_vectors (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, vector BLOB NOT NULL);
-- Lets count(*) (the pending-vector count) read a narrow index instead of every blob.
CREATE INDEX IF NOT EXISTS chunk_vectors_by_id ON chunk_vectors (id);
CREATE TABLE IF NOT EXISTS files (rowid INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, language TEXT NOT NULL);
-- The FTS5 tables keep their own copy of the terms (no content=''): a DELETE on a
-- contentless_delete=1 table never lowers the row count and token totals bm25() reads
-- (SQLite 3.51), so every delta inflated IDF and the average length, and a delta-built index
-- ranked differently from a fresh one of the same tree (test/projections/chunks/delta-bm25.test.ts).
-- What each recent vector epoch changed (recordVectorChange.ts): a reader follows the chain from the
-- epoch of its cached matrix and replaces those rows instead of reading every vector again.
CREATE TABLE IF NOT EXISTS vector_changes (epoch INTEGER PRIMARY KEY, previous INTEGER NOT NULL, removed TEXT, added TEXT);
-- Chunk ids whose LanceDB row a small pass left to the background (ChunkProjector.syncLance): present
-- here means "make LanceDB agree with this index for this id"; seq tells a newer request from the one synced.
CREATE TABLE IF NOT EXISTS lance_pending (id TEXT PRIMARY KEY, seq INTEGER NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS chunk_terms USING fts5(
  path_terms, symbol_terms, body_terms, tokenize="unicode61 tokenchars '_'"
);
CREATE VIRTUAL TABLE IF NOT EXISTS file_terms USING fts5(
  path_terms, body_terms, tokenize="unicode61 tokenchars '_'"
);
`;

export const openKeywordIndex = (path: string, readonly = false): Database.Database => {
  checkSqliteStore("chunks", path);
  if (!readonly && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { readonly, fileMustExist: readonly });
  db.pragma("busy_timeout = 5000");
  if (!readonly) {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(SCHEMA);
  }
  return db;
};
