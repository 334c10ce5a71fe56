import { trace } from "../../shared/trace.js";
import type { ChokidarOptions, FSWatcher } from "chokidar";
import { join, sep } from "node:path";
import { DirectoryRules, languageFilter } from "../scan/index.js";
import type { NemesisConfig, NemesisPaths } from "../../config/index.js";
import type { LogHandle } from "../../events/index.js";
import { recordHistory, watchHead, type HeadWatch } from "../history/index.js";
import { HintBatcher, type Hints } from "./HintBatcher.js";
import { Unseen } from "./Unseen.js";
import { reconcile } from "./reconcile.js";
import { recordBatch, WATCHER_META, type SourceContext } from "./recordBatch.js";
import { watchFilter } from "./watchFilter.js";
import { isWatchLimit, watchLimitWarning } from "./watchLimit.js";
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

/** Batches are taken at the latest this long after their first event, even while events keep coming. */
const maxWaitMs = (debounceMs: number) => Math.max(2_000, 20 * debounceMs);
/**
 * How long a path found missing in the middle of a burst is looked at again rather than recorded
 * deleted. `git checkout` of another branch, or a tool that deletes a tree and writes it anew,
 * leaves files missing for seconds: recording them deleted then written again cost a re-parse of
 * every file and a rebuild of the graph (a sympy tree written anew: 1,597 files parsed where 284
 * had changed). A file still missing once the burst is over, or after this long, is deleted.
 */
const MISSING_IN_BURST_MS = 10_000;

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

  let stopped = false;
  let mode: WatcherState["mode"] = "starting";
  let warning: string | null = null;
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
      mode,
      startedAt,
      debounceMs: settings.debounce_ms,
      behindSince: unseen.oldest(batcher.pendingSince),
      lastBatch,
      lastReconcile,
      warning,
    };
  };
  // Written when it changes, so `nemesis status` in another process reads it; never fatal.
  let written = "";
  const save = () => {
    if (stopped) return;
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
  const warn = (message: string) => {
    warning = message;
    options.onWarning?.(message);
    save();
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
    if (stopped) throw new Error("the watcher stopped before the scan ran");
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
    if (!stopped) void scan().catch((e) => warn(`the reconciliation scan failed (${messageOf(e)}); the next one retries`));
  };

  /** Paths found missing mid-burst and looked at again later, with when they were first. */
  const missingSince = new Map<string, number>();
  /** When a .gitignore change was first held back for a burst to end. */
  let rulesWaitSince: number | null = null;
  const lookAgainLater = (path: string): boolean => {
    const now = Date.now();
    const first = missingSince.get(path) ?? now;
    if (now - first > MISSING_IN_BURST_MS) return false;
    missingSince.set(path, first);
    return true;
  };

  const runBatch = (hints: Hints) => {
    const token = unseen.take(hints.since);
    void enqueue(async () => {
      try {
        if (stopped) return unseen.drop(token);
        if (hints.rulesChanged && hints.midBurst) {
          rulesWaitSince ??= Date.now();
          if (Date.now() - rulesWaitSince <= MISSING_IN_BURST_MS) {
            // The rules may be half rewritten too: the scan they call for waits for the burst to end.
            unseen.drop(token);
            for (const f of hints.files) batcher.file(f);
            for (const d of hints.goneDirs) batcher.goneDir(d);
            return;
          }
        }
        rulesWaitSince = null;
        if (hints.rulesChanged) {
          // A .gitignore moved: folders may have become watched or ignored anywhere below it, so
          // chokidar crawls again with the new rules, and a scan after the crawl records the difference.
          rules = await rulesFor();
          if (mode === "events") await restartEvents();
          await reconcileNow(hints.since);
          unseen.drop(token);
          return;
        }
        const r = await recordBatch(ctx, hints, rules, hints.midBurst ? lookAgainLater : () => false);
        const deferred = new Set(r.deferred);
        for (const path of hints.files) if (!deferred.has(path)) missingSince.delete(path);
        // Looked at again in a later batch; the events of the burst keep coming meanwhile.
        for (const path of r.deferred) batcher.file(path);
        trace("Watcher.recorded", () => `${r.changed} changed, ${r.deleted} deleted${r.deferred.length > 0 ? `, ${r.deferred.length} missing looked at later` : ""}`);
        unseen.record(token, r.lastPosition, { paths: r.paths, changed: r.changed, deleted: r.deleted });
        if (r.changed + r.deleted > 0) options.onRecorded?.();
      } catch (e) {
        unseen.drop(token);
        warn(`recording ${hints.files.size + hints.goneDirs.size} changed paths failed (${messageOf(e)}); a scan repairs it`);
        setTimeout(scanQuietly, settings.poll_ms).unref();
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
        if (stopped) return;
        const r = await recordHistory(historyCtx);
        if (r.note !== null) options.onWarning?.(`history: ${r.note}`);
        if (r.observed > 0) {
          options.onCommits?.(r.observed);
          options.onRecorded?.();
        }
        if (head === null && r.gitDir !== null && !stopped) head = watchHead(r.gitDir, () => void lookAtHistory());
      })
      // recordHistory reports rather than throws; a listener that throws must not stop later looks.
      .catch(() => undefined);
    return historyWork;
  };
  const periodic = () => {
    scanQuietly();
    if (!stopped) void lookAtHistory();
  };

  const batcher = new HintBatcher({ quietMs: settings.debounce_ms, maxWaitMs: maxWaitMs(settings.debounce_ms), onBatch: runBatch });

  let events: FSWatcher | null = null;
  let pollTimer: NodeJS.Timeout | undefined;
  // Settles the wait for the current chokidar instance's first crawl (on `ready`, a fallback or a stop).
  let eventsSettled: () => void = () => {};
  const reportedErrors = new Set<string>();

  const fallBackToScans = (e: NodeJS.ErrnoException) => {
    if (mode === "polling" || stopped) return;
    mode = "polling";
    const dropped = events;
    events = null;
    void dropped?.close();
    warn(watchLimitWarning(e, settings.poll_ms));
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
      if (stopped || w !== events) return;
      const rel = path.split(sep).join("/");
      if (event === "unlinkDir") batcher.goneDir(rel);
      // A new folder's files come as their own `add` events.
      else if (event !== "addDir") {
        batcher.file(rel);
        if (event !== "unlink" && !rel.endsWith(".gitignore")) options.onFileEvent?.(rel);
      }
      // The first event after a quiet spell starts the lag: record it for other processes.
      if (unseen.empty) {
        trace("Watcher.event", () => rel);
        save();
      }
    });
    w.on("error", (e: unknown) => {
      if (w !== events) return;
      if (isWatchLimit(e)) return fallBackToScans(e);
      const code = (e as NodeJS.ErrnoException).code ?? messageOf(e);
      if (!reportedErrors.has(code)) {
        reportedErrors.add(code);
        warn(`file events: ${messageOf(e)} (the periodic scan covers what they miss)`);
      }
    });
    w.once("ready", () => eventsSettled());
    events = w;
    return settled;
  };
  const restartEvents = async () => {
    const old = events;
    events = null;
    await old?.close();
    if (!stopped && mode !== "polling") await startEvents();
  };

  save();
  const settled = startEvents();
  const reconcileTimer = setInterval(periodic, settings.reconcile_s * 1_000).unref();
  const ready = settled.then(async () => {
    if (stopped) return;
    if (mode === "starting") mode = "events";
    // Covers what changed before the events flowed (the engine's own catch-up ran before the watch).
    await scan().catch((e) => warn(`the first reconciliation scan failed (${messageOf(e)}); the next one retries`));
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
      if (stopped) return;
      stopped = true;
      batcher.close();
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
