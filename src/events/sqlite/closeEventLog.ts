import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/** Closes the log's connection; the handle is of no use afterwards. */
export const closeEventLog = (log: LogHandle): void => {
  sqliteLog(log).db.close();
};
