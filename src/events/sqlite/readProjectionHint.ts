import { decodeProjectionHintRow, hasProjectionHints, type ProjectionHint } from "./projectionHintTable.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/** The hint read model `name` left (see ProjectionHint), or null when there is none. */
export const readProjectionHint = (log: LogHandle, name: string): ProjectionHint | null => {
  if (!hasProjectionHints(log)) return null;
  const row = decodeProjectionHintRow(sqliteLog(log).db.prepare("SELECT position, version, fingerprint, detail FROM projection_hint WHERE name = ?").get(name));
  if (row === undefined) return null;
  return { position: row.position, version: row.version, fingerprint: row.fingerprint, detail: row.detail === null ? null : JSON.parse(row.detail) };
};
