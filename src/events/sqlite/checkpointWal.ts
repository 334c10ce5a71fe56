import { statSync } from "node:fs";
import { WAL_SIZE_LIMIT } from "./openEventLog.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/**
 * Truncates the WAL when it has grown past the cap. Readers that hold old snapshots can make
 * a checkpoint partial; it is retried on the next call, so this never blocks writers for long.
 */
export const checkpointWal = (log: LogHandle, force = false): boolean => {
  if (log.path === ":memory:") return false;
  let size = 0;
  try {
    size = statSync(`${log.path}-wal`).size;
  } catch {
    return false;
  }
  if (!force && size <= WAL_SIZE_LIMIT) return false;
  sqliteLog(log).db.pragma("wal_checkpoint(TRUNCATE)");
  return true;
};
