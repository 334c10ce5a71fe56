import type { Engine } from "../Engine.js";
import type { ProjectWatcher, WatcherOptions, WatcherState } from "../../sources/index.js";

/**
 * Starts a watcher: `startWatcher` of src/sources/watcher, handed in by the composition root (the
 * CLI). `record` writes a planned watcher's state (null: none is planned any more) where
 * `nemesis status` in another process reads it; a running watcher records its own.
 */
export interface StartWatcher {
  (options: WatcherOptions): Promise<ProjectWatcher>;
  readonly record?: (nemesisDir: string, state: WatcherState | null) => void;
}

/** What the watcher reports, for whoever runs the engine to show. */
export type WatcherEvents = Pick<WatcherOptions, "onBatch" | "onReconcile" | "onWarning" | "onCommits">;

/** The engine's one watcher, as tools and the engine's owner drive it. */
export interface WatchControl {
  /** Watches `scope` (a folder relative to the root, "" for all), moving a running watcher there; settles once changes are seen. */
  start(scope: string): Promise<WatcherState>;
  stop(): Promise<void>;
  /** The running watcher's state, or null when none runs. */
  state(): WatcherState | null;
}

export interface OwnedWatchControl extends WatchControl {
  /** The engine has projected the log up to `head` (its follow loop says so after each pass). */
  projected(head: number): void;
  /**
   * A watcher of `scope` is to start once the engine has caught up with the disk: until then
   * `state()` says it is starting rather than off. `stop()` cancels it.
   */
  plan(scope: string): void;
  /** Starts the planned watcher, unless it was stopped or another was started meanwhile. */
  startPlanned(): Promise<void>;
}

/** A planned watcher's state: starting, nothing seen yet. */
const startingState = (scope: string, since: string, debounceMs: number): WatcherState => ({
  pid: process.pid,
  scope,
  mode: "starting",
  startedAt: since,
  debounceMs,
  behindSince: null,
  lastBatch: null,
  lastReconcile: null,
  warning: null,
});

/**
 * Owns the engine's watcher: at most one runs, started, moved and stopped one call at a time (a
 * watch_project call and the owner's shutdown never interleave), fed the engine's progress.
 */
export const watchControl = (engine: Engine, startWatcher: StartWatcher, events: WatcherEvents = {}): OwnedWatchControl => {
  let current: ProjectWatcher | null = null;
  let planned: { readonly scope: string; readonly since: string } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job);
    queue = run.catch(() => undefined);
    return run;
  };
  const stopCurrent = async () => {
    const w = current;
    current = null;
    await w?.stop();
  };
  const start = (scope: string) =>
    serially(async () => {
      try {
        if (current?.scope !== scope) {
          await stopCurrent();
          const { paths, config, log } = engine.ctx;
          current = await startWatcher({ paths, config, log, scope, ...events, onFileEvent: (path) => engine.parseAhead(path), onRecorded: () => engine.wake() });
        }
      } finally {
        // Kept until a watcher stands in its place (or none could start): the state never reads "off" in between.
        planned = null;
      }
      await current.ready;
      return current.state();
    });
  return {
    start,
    stop: () => {
      // Stopped before it started (watch_project {enabled: false}): no state file says "starting".
      if (planned !== null && current === null) startWatcher.record?.(engine.ctx.paths.dir, null);
      planned = null;
      return serially(stopCurrent);
    },
    state: () => current?.state() ?? (planned && startingState(planned.scope, planned.since, engine.ctx.config.watcher.debounce_ms)),
    projected: (head) => current?.projected(head),
    plan: (scope) => {
      if (current !== null) return;
      planned = { scope, since: new Date().toISOString() };
      // The watcher starts once the engine has caught up, minutes on a first index: meanwhile `nemesis status` says it is starting.
      startWatcher.record?.(engine.ctx.paths.dir, startingState(scope, planned.since, engine.ctx.config.watcher.debounce_ms));
    },
    startPlanned: async () => {
      if (planned !== null) await start(planned.scope);
    },
  };
};
