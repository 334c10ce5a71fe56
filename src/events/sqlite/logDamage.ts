import { EventLogDamaged } from "../eventLogDamaged.js";
import type { LogHandle } from "./sqliteLog.js";
import { sqliteDamage } from "./sqliteDamage.js";
import { sqliteFileDamage } from "./sqliteFileDamage.js";
import { sqliteQuickCheck } from "./sqliteQuickCheck.js";

/**
 * `e` as the damage of the log: when it is SQLite's failure for a damaged file and the log's
 * file shows damage (its header first, then every page: a cost paid only once a read failed).
 * Null for any other failure, or when the damage is elsewhere (another database of the process).
 */
export const logDamage = (log: Pick<LogHandle, "path">, e: unknown): EventLogDamaged | null => {
  if (e instanceof EventLogDamaged) return e;
  if (sqliteDamage(e) === null || log.path === ":memory:") return null;
  const reason = sqliteFileDamage(log.path) ?? sqliteQuickCheck(log.path);
  return reason === null ? null : new EventLogDamaged({ path: log.path, reason });
};
