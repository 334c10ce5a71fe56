import type Database from "better-sqlite3";
import { openSqliteStore } from "../openSqliteStore.js";

/**
 * The history read model's tables. Paths are interned (`paths.id`), so a file's commits and its
 * co-change pairs are integer keys: a 10,000-commit history holds hundreds of thousands of pairs.
 *
 * - `totals`: how many commits there are (`commits`) and how many carry weight (`weighted`),
 *   kept by the projector: counting the rows is a scan, and a search needs the second each time.
 * - `commits`: one row per CommitObserved; `files` counts every file the commit touched (the
 *   event's `filesTotal` when its list was capped), `merge` is more than one parent, `weighted`
 *   whether it counts for co-change and message search (not a merge, at most 50 files).
 * - `paths`: per file, the non-merge commits that touched it (`commits`), those of them that
 *   carry co-change weight (`weighted`), and the newest commit time.
 * - `commit_files`: which files each commit touched, with the old path of a rename or copy.
 * - `co_change`: per pair of files (a < b by id), the weighted commits that touched both.
 * - `commit_text`: the weighted commits' subjects and bodies, full-text indexed (porter
 *   stemming), for "past commits whose message resembles the task". External content: the
 *   text lives once, in `commits`.
 * - `word_docs`: per word of those messages (by wordKey), how many weighted commits hold it: a
 *   search picks a task's rarer words by it (see termRarity.ts).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS totals (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS commits (
  id INTEGER PRIMARY KEY, sha TEXT NOT NULL UNIQUE, time INTEGER NOT NULL, author TEXT NOT NULL,
  subject TEXT NOT NULL, body TEXT NOT NULL, files INTEGER NOT NULL, merge INTEGER NOT NULL, weighted INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS paths (
  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, commits INTEGER NOT NULL DEFAULT 0,
  weighted INTEGER NOT NULL DEFAULT 0, last_time INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS commit_files (
  commit_id INTEGER NOT NULL, file INTEGER NOT NULL, status TEXT NOT NULL, from_path TEXT,
  added INTEGER, deleted INTEGER, time INTEGER NOT NULL, merge INTEGER NOT NULL,
  PRIMARY KEY (commit_id, file)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS commit_files_by_file ON commit_files (file, merge, time);
CREATE TABLE IF NOT EXISTS co_change (
  a INTEGER NOT NULL, b INTEGER NOT NULL, together INTEGER NOT NULL, last_time INTEGER NOT NULL,
  PRIMARY KEY (a, b)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS co_change_by_b ON co_change (b, together, last_time);
CREATE TABLE IF NOT EXISTS word_docs (word TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS commit_text USING fts5(
  subject, body, content = 'commits', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
);
`;

/** Opens (creating if needed) history.db; read-only for readers, which never create it. */
export const openHistoryStore = (path: string, options: { readonly readonly?: boolean } = {}): Database.Database => openSqliteStore("history", path, SCHEMA, options);
