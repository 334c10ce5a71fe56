import type { ProjectionHint } from "../store/EventStore.js";
import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

export type { ProjectionHint };

/** A row of projection_hint, `detail` as stored (JSON text or NULL). */
export interface ProjectionHintRow {
  readonly position: number;
  readonly version: number;
  readonly fingerprint: string;
  readonly detail: string | null;
}

/**
 * Checks a row read from projection_hint by hand, not with the schema library: every store of
 * the log carries the hints, and the hooks and `nemesis log` open the log without loading it
 * (it would triple a hook's start-up). A row of another shape throws: the side table is ours.
 */
export const decodeProjectionHintRow = (row: unknown): ProjectionHintRow | undefined => {
  if (row === undefined) return undefined;
  const r = row as Partial<Record<keyof ProjectionHintRow, unknown>>;
  if (typeof r.position !== "number" || typeof r.version !== "number" || typeof r.fingerprint !== "string" || (r.detail !== null && typeof r.detail !== "string")) {
    throw new Error(`projection_hint holds a row of an unknown shape (${JSON.stringify(row)}): delete the table with \`sqlite3 .nemesis/events.db "DROP TABLE projection_hint"\`; the engine writes it again`);
  }
  return r as ProjectionHintRow;
};

const SCHEMA =
  "CREATE TABLE IF NOT EXISTS projection_hint (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL, fingerprint TEXT NOT NULL, detail TEXT)";

// Made once per connection (a hint is saved after every applied batch, on the save path).
const ensured = new WeakSet<LogHandle>();

export const ensureProjectionHints = (log: LogHandle): void => {
  if (ensured.has(log)) return;
  sqliteLog(log).db.exec(SCHEMA);
  ensured.add(log);
};

/** Whether the table exists (a read-only handle, or a log no engine has written a hint to, may have none). */
export const hasProjectionHints = (log: LogHandle): boolean =>
  ensured.has(log) || preparedOn(log, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projection_hint'").get() !== undefined;
