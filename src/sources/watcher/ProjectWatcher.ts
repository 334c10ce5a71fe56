import { trace } from "../../shared/index.js";
import type { ChokidarOptions, FSWatcher } from "chokidar";
import { join, sep } from "node:path";
import { DirectoryRules, languageFilter } from "../scan/index.js";
import type { NemesisConfig, NemesisPaths } from "../../config/index.js";
import type { LogHandle } from "../../events/index.js";
import { recordHistory, watchHead, type HeadWatch } from "../history/index.js";
import type { Hints } from "./pendingHints.js";
import { Unseen } from "./Unseen.js";
import { reconcile } from "./reconcile.js";
import { recordBatch, WATCHER_META, type SourceContext } from "./recordBatch.js";
import { watchFilter } from "./watchFilter.js";
import { isWatchLimit } from "./watchLimit.js";
import { initialWatcher, lookAgainLater, maxWaitMs, reduceWatcher, type WatcherEffect, type WatcherEvent, type WatcherModel } from "./watcherReducer.js";
import { removeWatcherState, writeWatcherState, type BatchReport, type ReconcileReport, type WatcherState } from "./watcherState.js";

export type WatchFactory = (path: string, options: ChokidarOptions) => FSWatcher;

export interface WatcherOptions {
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  /** The log the watcher appends to: the engine's own handle (the engine process runs the watcher). */
  readonly log: LogHandle;
  /** The folder to watch, relative to the root ("" or absent: all of it). */
  readonly scope?: string;
  /** A batch became visible to queries (or appended nothing). */
  readonly onBatch?: (batch: BatchReport) => void;
  readonly onReconcile?: (report: ReconcileReport) => void;
  /** One line a person should read: a fallback to scanning, a batch that failed. */
  readonly onWarning?: (message: string) => void;
  /**
   * A file was added or changed (a hint, before the debounce): whoever records the batch may
   * start on it now (the engine parses it ahead).
   */
  readonly onFileEvent?: (path: string) => void;
  /** A batch appended its events to the log (the engine looks at the log at once). */
  readonly onRecorded?: () => void;
  /** HEAD moved and this many new commits were recorded. */
  readonly onCommits?: (observed: number) => void;
  /** Creates chokidar's watcher (tests wrap it to fail as a full inotify table does). */
  readonly watch?: WatchFactory;
}

export interface ProjectWatcher {
  readonly scope: string;
  /** Settles once events flow (or scanning took over) and the first reconciliation is recorded. */
  readonly ready: Promise<void>;
  state(): WatcherState;
  /** The engine has projected the log up to `position`: batches recorded before it are visible. */
  projected(position: number): void;
  /** A reconciliation scan after the work already queued. */
  reconcileNow(): Promise<ReconcileReport>;
  stop(): Promise<void>;
}

/** What a batch reports once visible; null for a reconciliation's changes (they count towards the lag, and are reported as a reconciliation). */
type Recorded = Omit<BatchReport, "at" | "visibleAfterMs"> | null;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The watcher: chokidar's file events, taken as hints, become FileChanged / FileDeleted
 * appended through the write side (`recordBatch`); the engine's follow loop projects them. It
 * runs in the engine process (`nemesis watch`, `nemesis serve`, the watch_project tool) and
 * never opens a read model. Batches and reconciliation scans run one at a time, in order.
 *
 * Events can be missed or misread, so nothing depends on them being right: the disk decides at
 * each batch, a reconciliation scan repairs what they missed every `reconcile_s`, and when the
 * system gives no more watches the watcher scans every `poll_ms` instead.
 *
 * What it decides is the reducer's (watcherReducer.ts); this runner owns chokidar, the timers,
 * the job queue, the lag (Unseen) and the I/O, and carries out the reducer's effects.
 */
export const startWatcher = async (options: WatcherOptions): Promise<ProjectWatcher> => {
  const { paths, config, log } = options;
  const root = paths.root;
  const scope = options.scope ?? "";
  const settings = config.watcher;
  const ctx: SourceContext = { root, config, log };
  const rulesFor = () => DirectoryRules.forRoot(root, { ignore: config.index.ignore, requireGit: config.index.require_git });
  let rules = await rulesFor();
  const watch: WatchFactory = options.watch ?? (await import("chokidar")).watch;

  let model: WatcherModel = initialWatcher({ quietMs: settings.debounce_ms, maxWaitMs: maxWaitMs(settings.debounce_ms), pollMs: settings.poll_ms });
  let lastBatch: BatchReport | null = null;
  let lastReconcile: ReconcileReport | null = null;
  const startedAt = new Date().toISOString();
  const unseen = new Unseen<Recorded>((batch, since) => {
    if (batch === null) return;
    lastBatch = { ...batch, at: new Date().toISOString(), visibleAfterMs: Date.now() - since };
    options.onBatch?.(lastBatch);
  });

  const state = (): WatcherState => {
    return {
      pid: process.pid,
      scope,
      mode: model.mode,
      startedAt,
      debounceMs: settings.debounce_ms,
      behindSince: unseen.oldest(model.pending?.since ?? null),
      lastBatch,
      lastReconcile,
      warning: model.warning,
    };
  };
  // Written when it changes, so `nemesis status` in another process reads it; never fatal.
  let written = "";
  const save = () => {
    if (model.stopped) return;
    const s = state();
    const text = JSON.stringify(s);
    if (text === written) return;
    written = text;
    try {
      writeWatcherState(paths.dir, s);
    } catch {
      /* status is a convenience: the watcher goes on */
    }
  };

  let batchTimer: NodeJS.Timeout | undefined;
  /** Carries out the effects every job shares; a batch's own (SkipBatch, Rescan, Record) are its job's. */
  const perform = (effect: WatcherEffect): void => {
    switch (effect.tag) {
      case "ScheduleBatch":
        clearTimeout(batchTimer);
        batchTimer = setTimeout(() => dispatch({ tag: "BatchDue", now: Date.now() }), effect.delayMs);
        return;
      case "CancelBatch":
        clearTimeout(batchTimer);
        batchTimer = undefined;
        return;
      case "RunBatch":
        return runBatch(effect.hints);
      case "FileHint":
        return options.onFileEvent?.(effect.path);
      case "Warn":
        options.onWarning?.(effect.message);
        return save();
      case "Save":
        return save();
      case "Trace":
        return trace(effect.name, () => effect.detail);
      case "ScheduleScan":
        setTimeout(scanQuietly, effect.delayMs).unref();
        return;
      case "FallBackToScans":
        return fallBackToScans();
      case "SkipBatch":
      case "Rescan":
      case "Record":
        throw new Error(`the watcher's ${effect.tag} belongs to a batch's job`);
    }
  };
  /** The event applied; returns the effects a batch's job carries out itself. */
  const dispatch = (event: WatcherEvent): WatcherEffect[] => {
    const step = reduceWatcher(model, event);
    model = step.model;
    const own: WatcherEffect[] = [];
    for (const effect of step.effects) {
      if (effect.tag === "SkipBatch" || effect.tag === "Rescan" || effect.tag === "Record") own.push(effect);
      else perform(effect);
    }
    return own;
  };

  // One job at a time: a batch and a scan never decide against each other's half-written state.
  let work: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(job: () => Promise<T>): Promise<T> => {
    const run = work.then(job);
    work = run.catch(() => undefined);
    return run;
  };

  /** `since`: the first event the scan answers for (its own start for a periodic one). */
  const reconcileNow = async (since = Date.now()): Promise<ReconcileReport> => {
    if (model.stopped) throw new Error("the watcher stopped before the scan ran");
    const t0 = Date.now();
    // Fresh rules each time: git's tracked files and the .gitignore files move with commits.
    rules = await rulesFor();
    const r = await reconcile(ctx, scope, rules);
    lastReconcile = { at: new Date().toISOString(), files: r.files, changed: r.changed, deleted: r.deleted, durationMs: Date.now() - t0 };
    unseen.record(unseen.take(since), r.lastPosition, null);
    options.onReconcile?.(lastReconcile);
    save();
    return lastReconcile;
  };
  // A scan asked for while one waits in the queue is that one: periodic scans never pile up.
  let queuedScan: Promise<ReconcileReport> | null = null;
  const scan = (): Promise<ReconcileReport> => {
    queuedScan ??= enqueue(() => {
      queuedScan = null;
      return reconcileNow();
    });
    return queuedScan;
  };
  const scanQuietly = () => {
    if (!model.stopped) void scan().catch((e) => dispatch({ tag: "ScanFailed", message: messageOf(e), first: false }));
  };

  const runBatch = (hints: Hints) => {
    const token = unseen.take(hints.since);
    void enqueue(async () => {
      try {
        for (const effect of dispatch({ tag: "BatchStarted", hints, now: Date.now() })) {
          if (effect.tag === "SkipBatch") unseen.drop(token);
          else if (effect.tag === "Rescan") {
            rules = await rulesFor();
            if (model.mode === "events") await restartEvents();
            await reconcileNow(effect.since);
            unseen.drop(token);
          } else if (effect.tag === "Record") {
            const missingSince = model.missingSince;
            let checkedAt = 0;
            const keepAbsent = (path: string) => lookAgainLater(missingSince, path, (checkedAt ||= Date.now()));
            const r = await recordBatch(ctx, effect.hints, rules, effect.lookAgain ? keepAbsent : () => false);
            dispatch({ tag: "BatchRecorded", hints, changed: r.changed, deleted: r.deleted, deferred: r.deferred, checkedAt, now: Date.now() });
            unseen.record(token, r.lastPosition, { paths: r.paths, changed: r.changed, deleted: r.deleted });
            if (r.changed + r.deleted > 0) options.onRecorded?.();
          }
        }
      } catch (e) {
        unseen.drop(token);
        dispatch({ tag: "BatchFailed", hints, message: messageOf(e) });
      } finally {
        save();
      }
    });
  };
  // HEAD moved (or the periodic look): the new commits are recorded one look at a time, in a
  // queue of their own: commit streams share nothing with the file batches, and a first look at
  // a long history (seconds) must not hold saves back. A look asked for while one waits is that one.
  const historyCtx = { root, nemesisDir: paths.dir, log, settings: config.history, meta: WATCHER_META };
  let head: HeadWatch | null = null;
  let historyWork: Promise<void> = Promise.resolve();
  let lookWaiting = false;
  const lookAtHistory = (): Promise<void> => {
    if (lookWaiting) return historyWork;
    lookWaiting = true;
    historyWork = historyWork
      .then(async () => {
        lookWaiting = false;
        if (model.stopped) return;
        const r = await recordHistory(historyCtx);
        if (r.note !== null) options.onWarning?.(`history: ${r.note}`);
        if (r.observed > 0) {
          options.onCommits?.(r.observed);
          options.onRecorded?.();
        }
        if (head === null && r.gitDir !== null && !model.stopped) head = watchHead(r.gitDir, () => void lookAtHistory());
      })
      // recordHistory reports rather than throws; a listener that throws must not stop later looks.
      .catch(() => undefined);
    return historyWork;
  };
  const periodic = () => {
    scanQuietly();
    if (!model.stopped) void lookAtHistory();
  };

  let events: FSWatcher | null = null;
  let pollTimer: NodeJS.Timeout | undefined;
  // Settles the wait for the current chokidar instance's first crawl (on `ready`, a fallback or a stop).
  let eventsSettled: () => void = () => {};

  const fallBackToScans = () => {
    const dropped = events;
    events = null;
    void dropped?.close();
    pollTimer = setInterval(periodic, settings.poll_ms).unref();
    eventsSettled();
  };

  /**
   * Starts chokidar; settles once its first crawl is over. A file that appears during the crawl
   * raises no event (it counts as initial), so a scan must follow the crawl, never precede it.
   */
  const startEvents = (): Promise<void> => {
    const settled = new Promise<void>((r) => (eventsSettled = r));
    const languageOf = languageFilter(config.project.languages);
    const w = watch(scope === "" ? root : join(root, scope), {
      cwd: root,
      ignoreInitial: true,
      // Never follow a symlink: the scan does not, and a link out of the project would watch the world.
      followSymlinks: false,
      // chokidar's own rename detection holds an event back 100 ms; the disk is looked at anyway.
      atomic: false,
      ignored: watchFilter(root, () => rules, languageOf),
    });
    w.on("all", (event, path) => {
      if (w !== events) return;
      dispatch({ tag: "FileEvent", event, path: path.split(sep).join("/"), quiet: unseen.empty, now: Date.now() });
    });
    w.on("error", (e: unknown) => {
      if (w !== events) return;
      const limit = isWatchLimit(e);
      dispatch({ tag: "WatchError", code: (e as NodeJS.ErrnoException).code ?? messageOf(e), message: messageOf(e), limit });
    });
    w.once("ready", () => eventsSettled());
    events = w;
    return settled;
  };
  const restartEvents = async () => {
    const old = events;
    events = null;
    await old?.close();
    if (!model.stopped && model.mode !== "polling") await startEvents();
  };

  save();
  const settled = startEvents();
  const reconcileTimer = setInterval(periodic, settings.reconcile_s * 1_000).unref();
  const ready = settled.then(async () => {
    if (model.stopped) return;
    dispatch({ tag: "Flowing" });
    // Covers what changed before the events flowed (the engine's own catch-up ran before the watch).
    await scan().catch((e) => dispatch({ tag: "ScanFailed", message: messageOf(e), first: true }));
    // Not awaited: a first look at a long history takes seconds.
    void lookAtHistory();
  });

  return {
    scope,
    ready,
    state,
    projected: (position) => {
      unseen.projected(position);
      save();
    },
    reconcileNow: scan,
    stop: async () => {
      if (model.stopped) return;
      dispatch({ tag: "Stop" });
      clearInterval(reconcileTimer);
      clearInterval(pollTimer);
      head?.stop();
      eventsSettled();
      const closing = events;
      events = null;
      await closing?.close();
      await work;
      await historyWork;
      removeWatcherState(paths.dir);
    },
  };
};
