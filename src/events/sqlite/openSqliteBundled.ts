import type DatabaseType from "better-sqlite3";
import BundledDatabase from "better-sqlite3";
import { createRequire } from "node:module";
import { nativeBinding } from "./nativeBinding.js";

/**
 * openSqlite for dist/hooks.js, which scripts/bundle.mjs builds with this module in place of
 * openSqlite.ts: better-sqlite3's JavaScript is bundled into that one file, so a hook does not
 * load its dozen CommonJS modules one by one (~15 ms); only the native addon is loaded, by its
 * path. Where the addon is not at that path, the installed package loads it as usual (its
 * `bindings` lookup cannot work from inside a bundle).
 */
export const openSqlite = (path: string, options: { readonly readonly: boolean; readonly fileMustExist: boolean }): DatabaseType.Database => {
  const addon = nativeBinding();
  const Sqlite = addon === null ? (createRequire(import.meta.url)("better-sqlite3") as typeof DatabaseType) : BundledDatabase;
  return new Sqlite(path, { readonly: options.readonly, fileMustExist: options.fileMustExist, ...(addon !== null ? { nativeBinding: addon } : {}) });
};
