import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/** How far apart (in log positions) a deletion and an addition of the same content may be and still be one rename. */
export const RENAME_WINDOW = 500;

/**
 * The file a file came from by a rename, as the log records one (a FileDeleted of the old path
 * and a FileChanged of the new one with the content the old one last had): the old path and the
 * deletion's position, or null. `firstWrite` is the new path's first FileChanged.
 */
export const findRenamedFrom = (
  log: LogHandle,
  path: string,
  firstWrite: { readonly position: number; readonly contentHash: string },
): { readonly path: string; readonly position: number } | null => {
  const by = sqliteLog(log).streamSql.group;
  // The deletions near the write, by the (type, position) index; for each, its stream's last write before it.
  const sql = `SELECT d.stream, d.position FROM events d
    WHERE d.type = 'FileDeleted' AND d.position BETWEEN ? AND ? AND d.stream != ?
      AND (SELECT CASE WHEN typeof(c.data) = 'text' THEN json_extract(c.data, '$.contentHash') END FROM events c
        WHERE c.${by} = d.${by} AND c.type = 'FileChanged' AND c.position < d.position ORDER BY c.version DESC LIMIT 1) = ?
    ORDER BY abs(d.position - ?) LIMIT 1`;
  const row = preparedOn(log, sql, "raw").get(firstWrite.position - RENAME_WINDOW, firstWrite.position + RENAME_WINDOW, `file:${path}`, firstWrite.contentHash, firstWrite.position) as
    | [string, number]
    | undefined;
  return row === undefined ? null : { path: row[0].slice("file:".length), position: row[1] };
};
