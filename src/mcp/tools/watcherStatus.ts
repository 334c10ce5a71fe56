import * as Schema from "effect/Schema";
import { lagMs, type WatcherState } from "../../engine/index.js";

/** The watcher as tools report it (index_status, watch_project): null when none runs. */
export const WatcherStatus = Schema.NullOr(
  Schema.Struct({
    path: Schema.String,
    mode: Schema.Literal("starting", "events", "polling"),
    lag_ms: Schema.Number,
    last_batch: Schema.NullOr(Schema.Struct({ at: Schema.String, paths: Schema.Number, changed: Schema.Number, deleted: Schema.Number, visible_after_ms: Schema.Number })),
    last_reconciliation: Schema.NullOr(Schema.Struct({ at: Schema.String, files: Schema.Number, changed: Schema.Number, deleted: Schema.Number, duration_ms: Schema.Number })),
    warning: Schema.NullOr(Schema.String),
  }),
);
export type WatcherStatus = typeof WatcherStatus.Type;

export const watcherStatus = (s: WatcherState | null, now = Date.now()): WatcherStatus =>
  s === null
    ? null
    : {
        path: s.scope === "" ? "." : s.scope,
        mode: s.mode,
        lag_ms: lagMs(s, now),
        last_batch: s.lastBatch && { at: s.lastBatch.at, paths: s.lastBatch.paths, changed: s.lastBatch.changed, deleted: s.lastBatch.deleted, visible_after_ms: s.lastBatch.visibleAfterMs },
        last_reconciliation: s.lastReconcile && {
          at: s.lastReconcile.at,
          files: s.lastReconcile.files,
          changed: s.lastReconcile.changed,
          deleted: s.lastReconcile.deleted,
          duration_ms: s.lastReconcile.durationMs,
        },
        warning: s.warning,
      };

const ago = (iso: string, now: number) => `${Math.max(0, Math.round((now - Date.parse(iso)) / 1000))} s ago`;

const MODES = { events: "file events", polling: "scanning every few seconds (no file events)" } as const;

/** One line: whether a watcher runs, its lag, its last batch and its last reconciliation. */
export const watcherLine = (w: WatcherStatus, now = Date.now()): string => {
  if (w === null) return "off";
  const where = w.path === "." ? "the whole project" : `${w.path}/`;
  // A serving engine starts it once the index has caught up with the disk; its first scan then finds what changed meanwhile.
  if (w.mode === "starting") return `starting for ${where}; saves made meanwhile are found by its first scan` + (w.warning ? `\n  warning: ${w.warning}` : "");
  const parts = [
    `on for ${where} (${MODES[w.mode]})`,
    `lag ${w.lag_ms} ms`,
    w.last_batch
      ? `last batch ${ago(w.last_batch.at, now)}: ${w.last_batch.changed} changed, ${w.last_batch.deleted} deleted, visible ${w.last_batch.visible_after_ms} ms after the save`
      : "no batch yet",
    w.last_reconciliation
      ? `last reconciliation ${ago(w.last_reconciliation.at, now)}: ${w.last_reconciliation.files} ${w.last_reconciliation.files === 1 ? "file" : "files"}, ${w.last_reconciliation.changed + w.last_reconciliation.deleted === 0 ? "nothing missed" : `${w.last_reconciliation.changed} changed and ${w.last_reconciliation.deleted} deleted repaired`}`
      : "no reconciliation yet",
  ];
  return parts.join("; ") + (w.warning ? `\n  warning: ${w.warning}` : "");
};
