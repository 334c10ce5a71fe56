import { RENAME_WINDOW } from "./findRenamedFrom.js";
import { preparedOn, type LogHandle } from "./sqliteLog.js";

/**
 * Where a deleted file went, as the log records a rename (see findRenamedFrom): the path a
 * FileChanged with the content the file last had was recorded for, nearest the deletion; null when none.
 */
export const findRenamedTo = (log: LogHandle, path: string, deletion: { readonly position: number; readonly lastContent: string }): string | null => {
  // The writes near the deletion, by the (type, position) index.
  const sql = `SELECT stream FROM events WHERE type = 'FileChanged' AND position BETWEEN ? AND ? AND stream != ?
    AND CASE WHEN typeof(data) = 'text' THEN json_extract(data, '$.contentHash') END = ? ORDER BY abs(position - ?) LIMIT 1`;
  const stream = preparedOn(log, sql, "pluck").get(deletion.position - RENAME_WINDOW, deletion.position + RENAME_WINDOW, `file:${path}`, deletion.lastContent, deletion.position) as string | undefined;
  return stream === undefined ? null : stream.slice("file:".length);
};
