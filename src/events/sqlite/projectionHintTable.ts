import * as Schema from "effect/Schema";
import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/**
 * Where each lazily opened read model stood when the engine last wrote to it, kept in a side
 * table of the log. The read model's own checkpoint stays authoritative: a hint is written
 * only after the store committed, so it can trail the checkpoint (then the store is opened and
 * asked) but never run ahead of it. It lets a run with nothing to do skip opening Kuzu and
 * LanceDB.
 */
export interface ProjectionHint {
  readonly position: number;
  readonly version: number;
  /** What else decides the read model's content (its config); a different one voids the hint. */
  readonly fingerprint: string;
  /** Small facts the model had at `position` (e.g. graph counts), for summaries without opening it. */
  readonly detail: unknown;
}

/** A row of projection_hint, `detail` as stored (JSON text or NULL). */
export const ProjectionHintRow = Schema.Struct({
  position: Schema.Number,
  version: Schema.Number,
  fingerprint: Schema.String,
  detail: Schema.NullOr(Schema.String),
});

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
