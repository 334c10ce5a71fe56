import { openSqlite } from "./openSqlite.js";
import { sqliteDamage } from "./sqliteDamage.js";

/**
 * SQLite's own check of every page of the file at `path` (`PRAGMA quick_check`): the first
 * problem it finds, or null when the file is whole. It reads the whole file (seconds for a large
 * one), so it runs only once a read already failed and the question is which file is to blame.
 */
export const sqliteQuickCheck = (path: string): string | null => {
  let db;
  try {
    db = openSqlite(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    return sqliteDamage(e);
  }
  try {
    const found = db.pragma("quick_check(1)", { simple: true });
    // "*** in database main ***\nTree 5 page 12: …": the first line that says what is wrong.
    return found === "ok" ? null : (String(found).split("\n").find((line) => line.trim() !== "" && !line.startsWith("***")) ?? String(found));
  } catch (e) {
    return sqliteDamage(e);
  } finally {
    db.close();
  }
};
