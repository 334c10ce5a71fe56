import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** One batch of changes the watcher recorded, once queries can see it. */
export const BatchReport = Schema.Struct({
  /** When it became visible to queries (ISO time). */
  at: Schema.String,
  /** Paths looked at (what the file events named). */
  paths: Schema.Number,
  changed: Schema.Number,
  deleted: Schema.Number,
  /** From the first file event of the batch to the moment queries saw it (debounce included). */
  visibleAfterMs: Schema.Number,
});
export type BatchReport = typeof BatchReport.Type;

/** One reconciliation scan: a full scan that repairs whatever the file events missed. */
export const ReconcileReport = Schema.Struct({
  at: Schema.String,
  files: Schema.Number,
  changed: Schema.Number,
  deleted: Schema.Number,
  durationMs: Schema.Number,
});
export type ReconcileReport = typeof ReconcileReport.Type;

/**
 * What a running watcher records about itself in `.nemesis/watcher.json`, so `nemesis status`
 * (another process, which must not open the engine's read models) can tell whether a watcher
 * runs, how far behind it is and when it last reconciled.
 */
export const WatcherState = Schema.Struct({
  pid: Schema.Number,
  /** The watched folder, relative to the project root ("" for all of it). */
  scope: Schema.String,
  /** `events`: file events, `polling`: scans every poll_ms (the system allows no more watches), `starting`: before either. */
  mode: Schema.Literal("starting", "events", "polling"),
  startedAt: Schema.String,
  debounceMs: Schema.Number,
  /** The oldest change seen and not yet visible to queries (epoch ms), null when queries see everything seen. */
  behindSince: Schema.NullOr(Schema.Number),
  lastBatch: Schema.NullOr(BatchReport),
  lastReconcile: Schema.NullOr(ReconcileReport),
  /** The last warning (a fallback to polling, a batch that failed), null when none. */
  warning: Schema.NullOr(Schema.String),
});
export type WatcherState = typeof WatcherState.Type;

export const watcherStatePath = (nemesisDir: string): string => join(nemesisDir, "watcher.json");

/** How far queries trail the disk, as far as the watcher knows: the age of the oldest change they cannot see yet. */
export const lagMs = (state: WatcherState, now = Date.now()): number => (state.behindSince === null ? 0 : Math.max(0, now - state.behindSince));

/** Writes the state whole (a temporary file renamed over the old one): a reader never sees half of it. */
export const writeWatcherState = (nemesisDir: string, state: WatcherState): void => {
  const path = watcherStatePath(nemesisDir);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state)}\n`);
  renameSync(tmp, path);
};

export const removeWatcherState = (nemesisDir: string): void => rmSync(watcherStatePath(nemesisDir), { force: true });

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

const decode = Schema.decodeUnknownEither(Schema.parseJson(WatcherState));

/** The state of the watcher running for this project, or null when none runs (no file, an unreadable one, or its process is gone). */
export const readWatcherState = (nemesisDir: string): WatcherState | null => {
  let text: string;
  try {
    text = readFileSync(watcherStatePath(nemesisDir), "utf8");
  } catch {
    return null;
  }
  const state = decode(text);
  return Either.isRight(state) && isAlive(state.right.pid) ? state.right : null;
};
