import { sqliteFileDamage } from "../../events/log.js";
import { StoreDamaged } from "./StoreDamaged.js";

/** Throws StoreDamaged when the header of the SQLite file of `model` at `path` shows damage (see sqliteFileDamage). */
export const checkSqliteStore = (model: string, path: string): void => {
  if (path === ":memory:") return;
  const reason = sqliteFileDamage(path);
  if (reason !== null) throw new StoreDamaged({ model, file: path, reason });
};
