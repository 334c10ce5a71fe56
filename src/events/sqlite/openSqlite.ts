import type Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// Loaded with require, not import: an ES import of a CommonJS package makes Node scan its
// source for export names first (~10 ms of `nemesis log`'s or a hook's start-up).
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

/** A better-sqlite3 connection, opened the cheap way (see above). */
export const openSqlite = (path: string, options: { readonly readonly: boolean; readonly fileMustExist: boolean }): Database.Database => {
  const Sqlite = sqlite();
  return new Sqlite(path, { readonly: options.readonly, fileMustExist: options.fileMustExist, nativeBinding: nativeBinding() ?? undefined });
};
