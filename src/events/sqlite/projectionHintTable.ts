import * as Schema from "effect/Schema";
import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

import type { ProjectionHint } from "../store/EventStore.js";

export type { ProjectionHint };

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
