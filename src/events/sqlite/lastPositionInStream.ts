import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/** Position of the newest event of any of `types` on `stream` (null when it has none). */
export const lastPositionInStream = (log: LogHandle, stream: string, types: ReadonlyArray<string>): number | null => {
  const sql = `SELECT MAX(position) FROM events WHERE ${sqliteLog(log).streamSql.is} AND type IN (${types.map(() => "?").join(", ")})`;
  return preparedOn(log, sql, "pluck").get(stream, ...types) as number | null;
};
