import type Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { openSqlite } from "../events/log.js";
import { checkSqliteStore } from "./damage/checkSqliteStore.js";

/**
 * Opens (creating if needed) one SQLite read model: the projector's connection makes its
 * folder, turns WAL on and creates `schema`; a reader's connection is read-only and never
 * creates the file. The catalog, the scratch graphs and the history open the same way. A file
 * whose header shows damage is not opened: StoreDamaged names `model`, the read model it holds.
 */
export const openSqliteStore = (model: string, path: string, schema: string, options: { readonly readonly?: boolean } = {}): Database.Database => {
  checkSqliteStore(model, path);
  if (!options.readonly) mkdirSync(dirname(path), { recursive: true });
  const db = openSqlite(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  db.pragma("busy_timeout = 10000");
  if (!options.readonly) {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(schema);
  }
  return db;
};
