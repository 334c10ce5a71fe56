import type Database from "better-sqlite3";
import { openSqliteStore } from "../openSqliteStore.js";
import { join } from "node:path";
import type { NemesisPaths } from "../../config/index.js";

/**
 * The scratch graphs' tables. Nodes and edges are keyed by what identifies them (a label in its
 * graph; source, target and relation), WITHOUT ROWID so a lookup is one b-tree search. `seq` is
 * the position of the event that added the row: listings and exports come out in the order
 * things were added, and a rebuild from the log gives the same numbers.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS graphs (
  name TEXT PRIMARY KEY, version INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS nodes (
  graph TEXT NOT NULL, label TEXT NOT NULL, norm TEXT NOT NULL, type TEXT, properties TEXT NOT NULL, seq INTEGER NOT NULL,
  PRIMARY KEY (graph, label)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS nodes_by_norm ON nodes (graph, norm);
CREATE TABLE IF NOT EXISTS edges (
  graph TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL, relation TEXT NOT NULL, properties TEXT NOT NULL, seq INTEGER NOT NULL,
  PRIMARY KEY (graph, source, target, relation)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS edges_by_target ON edges (graph, target);
`;

/** Where the scratch graphs' read model lives: a file of its own, so it rebuilds (and grows) apart from the catalog. */
export const scratchStorePath = (paths: NemesisPaths): string => join(paths.dir, "graphs.db");

/** Opens (creating if needed) graphs.db; read-only for readers, which never create it. */
export const openScratchStore = (path: string, options: { readonly readonly?: boolean } = {}): Database.Database => openSqliteStore("scratch", path, SCHEMA, options);
