import { preparedOn, type LogHandle } from "./sqliteLog.js";

/**
 * How many events of `types` lie after position `after`, counted up to `limit` when one is
 * given (then SQLite stops at the limit: "is there any work" costs one index step).
 */
export const countEventsOfTypes = (log: LogHandle, types: ReadonlyArray<string>, after: number, limit?: number): number => {
  if (types.length === 0) return 0;
  const matching = `SELECT 1 FROM events WHERE type IN (${types.map(() => "?").join(",")}) AND position > ?`;
  const sql = limit === undefined ? `SELECT COUNT(*) FROM (${matching})` : `SELECT COUNT(*) FROM (${matching} LIMIT ${Math.max(0, Math.floor(limit))})`;
  return preparedOn(log, sql, "pluck").get(...types, after) as number;
};
