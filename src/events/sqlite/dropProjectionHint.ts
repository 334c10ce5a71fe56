import { hasProjectionHints } from "./projectionHintTable.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/** Forgets read model `name`'s hint: its store is gone or about to be rebuilt. */
export const dropProjectionHint = (log: LogHandle, name: string): void => {
  if (hasProjectionHints(log)) sqliteLog(log).db.prepare("DELETE FROM projection_hint WHERE name = ?").run(name);
};
