import type { Hints } from "./pendingHints.js";
import { dueIn, takeHints, withFile, withGoneDir, type Debounce, type PendingHints } from "./pendingHints.js";
import { watchLimitWarning } from "./watchLimit.js";
import type { WatcherState } from "./watcherState.js";

/**
 * The watcher's decisions as a pure function: `reduceWatcher(model, event)` gives the next model
 * and the effects to carry out, as data. What it decides: when a batch is due (debounce with a
 * cap), what a batch does once its turn comes (record, hold back, or rescan for new rules),
 * which paths found missing mid-burst are looked at again, when the watcher falls back to
 * scanning, and which failures a person is told about. The runner (ProjectWatcher.ts) owns
 * chokidar, the timers, the job queue and the I/O, and feeds back what happened as events.
 */

/**
 * How long a path found missing in the middle of a burst is looked at again rather than recorded
 * deleted. `git checkout` of another branch, or a tool that deletes a tree and writes it anew,
 * leaves files missing for seconds: recording them deleted then written again cost a re-parse of
 * every file and a rebuild of the graph (a sympy tree written anew: 1,597 files parsed where 284
 * had changed). A file still missing once the burst is over, or after this long, is deleted.
 */
export const MISSING_IN_BURST_MS = 10_000;

/** Batches are taken at the latest this long after their first event, even while events keep coming. */
export const maxWaitMs = (debounceMs: number) => Math.max(2_000, 20 * debounceMs);

export interface WatcherSettings extends Debounce {
  /** How often the watcher scans once the system gives no more watches; also the retry after a failed batch. */
  readonly pollMs: number;
}

export interface WatcherModel {
  readonly settings: WatcherSettings;
  readonly stopped: boolean;
  readonly mode: WatcherState["mode"];
  /** The latest line a person was told. */
  readonly warning: string | null;
  /** Events not yet taken as a batch. */
  readonly pending: PendingHints | null;
  /** Paths found missing mid-burst and looked at again later, with when they were first. */
  readonly missingSince: ReadonlyMap<string, number>;
  /** When a .gitignore change was first held back for a burst to end. */
  readonly rulesWaitSince: number | null;
  /** Codes of chokidar errors already reported: each is told once. */
  readonly reportedErrors: ReadonlySet<string>;
}

export const initialWatcher = (settings: WatcherSettings): WatcherModel => ({
  settings,
  stopped: false,
  mode: "starting",
  warning: null,
  pending: null,
  missingSince: new Map(),
  rulesWaitSince: null,
  reportedErrors: new Set(),
});

export type WatcherEvent =
  /** A chokidar event; `quiet`: nothing the watcher saw is still unseen by queries (the lag starts here). */
  | { readonly tag: "FileEvent"; readonly event: string; readonly path: string; readonly quiet: boolean; readonly now: number }
  /** The batch timer fired. */
  | { readonly tag: "BatchDue"; readonly now: number }
  /** A batch's turn in the job queue came. */
  | { readonly tag: "BatchStarted"; readonly hints: Hints; readonly now: number }
  /** A batch was recorded at `now`; `deferred`: paths missing and looked at again later, found missing at `checkedAt`. */
  | {
      readonly tag: "BatchRecorded";
      readonly hints: Hints;
      readonly changed: number;
      readonly deleted: number;
      readonly deferred: ReadonlyArray<string>;
      readonly checkedAt: number;
      readonly now: number;
    }
  | { readonly tag: "BatchFailed"; readonly hints: Hints; readonly message: string }
  /** A reconciliation scan failed; `first`: the one that follows the first crawl. */
  | { readonly tag: "ScanFailed"; readonly message: string; readonly first: boolean }
  /** chokidar reported an error; `limit`: the system gives no more watches (isWatchLimit). */
  | { readonly tag: "WatchError"; readonly code: string; readonly message: string; readonly limit: boolean }
  /** chokidar's first crawl is over (or scanning took over): events flow. */
  | { readonly tag: "Flowing" }
  | { readonly tag: "Stop" };

export type WatcherEffect =
  /** (Re)arm the batch timer: BatchDue after this long. */
  | { readonly tag: "ScheduleBatch"; readonly delayMs: number }
  | { readonly tag: "CancelBatch" }
  /** Queue the batch behind the work already queued. */
  | { readonly tag: "RunBatch"; readonly hints: Hints }
  /** The batch's turn: it records nothing (the watcher stopped, or it waits for a burst to end). */
  | { readonly tag: "SkipBatch" }
  /** The batch's turn: reload the rules, restart the events when they flow, and scan from `since`. */
  | { readonly tag: "Rescan"; readonly since: number }
  /** The batch's turn: record it; `lookAgain`: paths found missing may be looked at again later (see lookAgainLater). */
  | { readonly tag: "Record"; readonly hints: Hints; readonly lookAgain: boolean }
  /** A file was added or changed: whoever records the batch may start on it now. */
  | { readonly tag: "FileHint"; readonly path: string }
  /** Tell a person (the model's `warning` holds it already). */
  | { readonly tag: "Warn"; readonly message: string }
  /** Write the watcher's state for other processes. */
  | { readonly tag: "Save" }
  | { readonly tag: "Trace"; readonly name: string; readonly detail: string }
  /** A reconciliation scan after this long. */
  | { readonly tag: "ScheduleScan"; readonly delayMs: number }
  /** Stop chokidar and scan every pollMs instead. */
  | { readonly tag: "FallBackToScans" };

export interface Step {
  readonly model: WatcherModel;
  readonly effects: ReadonlyArray<WatcherEffect>;
}

const none = (model: WatcherModel): Step => ({ model, effects: [] });

/** `model` with its batch timer re-armed after the pending events changed. */
const pend = (model: WatcherModel, pending: PendingHints, effects: WatcherEffect[] = []): Step => ({
  model: { ...model, pending },
  effects: [...effects, { tag: "ScheduleBatch", delayMs: dueIn(pending, pending.last, model.settings) }],
});

const warn = (model: WatcherModel, message: string, effects: WatcherEffect[] = []): Step => ({
  model: { ...model, warning: message },
  effects: [{ tag: "Warn", message }, ...effects],
});

/**
 * Whether a path found missing at `now` in the middle of a burst is looked at again rather than
 * recorded deleted: until MISSING_IN_BURST_MS after it was first found missing.
 */
export const lookAgainLater = (missingSince: ReadonlyMap<string, number>, path: string, now: number): boolean =>
  now - (missingSince.get(path) ?? now) <= MISSING_IN_BURST_MS;

const fileEvent = (model: WatcherModel, e: Extract<WatcherEvent, { tag: "FileEvent" }>): Step => {
  if (model.stopped) return none(model);
  // The first event after a quiet spell starts the lag: record it for other processes.
  const lag: WatcherEffect[] = e.quiet ? [{ tag: "Trace", name: "Watcher.event", detail: e.path }, { tag: "Save" }] : [];
  if (e.event === "unlinkDir") return appendAfter(pend(model, withGoneDir(model.pending, e.path, e.now)), lag);
  // A new folder's files come as their own `add` events.
  if (e.event === "addDir") return { model, effects: lag };
  const hint: WatcherEffect[] = e.event !== "unlink" && !e.path.endsWith(".gitignore") ? [{ tag: "FileHint", path: e.path }] : [];
  return appendAfter(pend(model, withFile(model.pending, e.path, e.now)), [...hint, ...lag]);
};

const appendAfter = (step: Step, effects: ReadonlyArray<WatcherEffect>): Step => ({ model: step.model, effects: [...step.effects, ...effects] });

const batchStarted = (model: WatcherModel, hints: Hints, now: number): Step => {
  if (model.stopped) return { model, effects: [{ tag: "SkipBatch" }] };
  if (hints.rulesChanged && hints.midBurst) {
    const since = model.rulesWaitSince ?? now;
    if (now - since <= MISSING_IN_BURST_MS) {
      // The rules may be half rewritten too: the scan they call for waits for the burst to end.
      let pending = model.pending;
      for (const f of hints.files) pending = withFile(pending, f, now);
      for (const d of hints.goneDirs) pending = withGoneDir(pending, d, now);
      const held = { ...model, rulesWaitSince: since };
      return pending === null ? { model: held, effects: [{ tag: "SkipBatch" }] } : pend(held, pending, [{ tag: "SkipBatch" }]);
    }
  }
  const next = { ...model, rulesWaitSince: null };
  // A .gitignore moved: folders may have become watched or ignored anywhere below it, so
  // chokidar crawls again with the new rules, and a scan after the crawl records the difference.
  if (hints.rulesChanged) return { model: next, effects: [{ tag: "Rescan", since: hints.since }] };
  return { model: next, effects: [{ tag: "Record", hints, lookAgain: hints.midBurst }] };
};

const batchRecorded = (model: WatcherModel, e: Extract<WatcherEvent, { tag: "BatchRecorded" }>): Step => {
  const deferred = new Set(e.deferred);
  const missingSince = new Map(model.missingSince);
  for (const path of e.hints.files) if (!deferred.has(path)) missingSince.delete(path);
  for (const path of e.deferred) if (!missingSince.has(path)) missingSince.set(path, e.checkedAt);
  const next = { ...model, missingSince };
  const later = e.deferred.length > 0 ? `, ${e.deferred.length} missing looked at later` : "";
  const traced: WatcherEffect = { tag: "Trace", name: "Watcher.recorded", detail: `${e.changed} changed, ${e.deleted} deleted${later}` };
  if (e.deferred.length === 0 || model.stopped) return { model: next, effects: [traced] };
  // Looked at again in a later batch; the events of the burst keep coming meanwhile.
  let pending = model.pending;
  for (const path of e.deferred) pending = withFile(pending, path, e.now);
  return appendAfter(pend(next, pending!), [traced]);
};

export const reduceWatcher = (model: WatcherModel, event: WatcherEvent): Step => {
  switch (event.tag) {
    case "FileEvent":
      return fileEvent(model, event);
    case "BatchDue": {
      if (model.pending === null) return none(model);
      const hints = takeHints(model.pending, event.now, model.settings);
      return { model: { ...model, pending: null }, effects: [{ tag: "RunBatch", hints }] };
    }
    case "BatchStarted":
      return batchStarted(model, event.hints, event.now);
    case "BatchRecorded":
      return batchRecorded(model, event);
    case "BatchFailed":
      return warn(model, `recording ${event.hints.files.size + event.hints.goneDirs.size} changed paths failed (${event.message}); a scan repairs it`, [
        { tag: "ScheduleScan", delayMs: model.settings.pollMs },
      ]);
    case "ScanFailed":
      return warn(model, event.first ? `the first reconciliation scan failed (${event.message}); the next one retries` : `the reconciliation scan failed (${event.message}); the next one retries`);
    case "WatchError": {
      if (event.limit) {
        if (model.mode === "polling" || model.stopped) return none(model);
        const message = watchLimitWarning({ code: event.code } as NodeJS.ErrnoException, model.settings.pollMs);
        return { model: { ...model, mode: "polling", warning: message }, effects: [{ tag: "FallBackToScans" }, { tag: "Warn", message }] };
      }
      if (model.reportedErrors.has(event.code)) return none(model);
      return warn({ ...model, reportedErrors: new Set([...model.reportedErrors, event.code]) }, `file events: ${event.message} (the periodic scan covers what they miss)`);
    }
    case "Flowing":
      return none(model.mode === "starting" && !model.stopped ? { ...model, mode: "events" } : model);
    case "Stop":
      return model.stopped ? none(model) : { model: { ...model, stopped: true }, effects: [{ tag: "CancelBatch" }] };
  }
};
