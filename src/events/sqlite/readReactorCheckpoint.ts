import { hasReactorCheckpoints } from "./reactorCheckpointTable.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/** Where reactor `name` has read up to (0: nowhere yet). */
export const readReactorCheckpoint = (log: LogHandle, name: string): number => {
  if (!hasReactorCheckpoints(log)) return 0;
  return (sqliteLog(log).db.prepare("SELECT position FROM reactor_checkpoint WHERE name = ?").pluck().get(name) as number | undefined) ?? 0;
};
