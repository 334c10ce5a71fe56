import type Database from "better-sqlite3";
import { createRequire } from "node:module";
import { nativeBinding } from "./nativeBinding.js";

// Loaded with require, not import: an ES import of a CommonJS package makes Node scan its
// source for export names first (~10 ms of `nemesis log`'s or a hook's start-up).
// dist/hooks.js uses openSqliteBundled.ts instead (scripts/bundle.mjs).
const require = createRequire(import.meta.url);
let SqliteDatabase: typeof Database | undefined;
const sqlite = (): typeof Database => (SqliteDatabase ??= require("better-sqlite3") as typeof Database);

/** A better-sqlite3 connection, opened the cheap way (see above and nativeBinding.ts). */
export const openSqlite = (path: string, options: { readonly readonly: boolean; readonly fileMustExist: boolean }): Database.Database => {
  const Sqlite = sqlite();
  return new Sqlite(path, { readonly: options.readonly, fileMustExist: options.fileMustExist, nativeBinding: nativeBinding() ?? undefined });
};
