import type { Engine } from "../engine/index.js";
import type { ProjectWatcher, WatcherOptions, WatcherState } from "../sources/watcher/index.js";

/** Starts a watcher: `startWatcher` of src/sources/watcher, handed in by the composition root (the CLI). */
export type StartWatcher = (options: WatcherOptions) => Promise<ProjectWatcher>;

/** What the watcher reports, for whoever runs the engine to show. */
export type WatcherEvents = Pick<WatcherOptions, "onBatch" | "onReconcile" | "onWarning">;

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
}

/**
 * Owns the engine's watcher: at most one runs, started, moved and stopped one call at a time (a
 * watch_project call and the owner's shutdown never interleave), fed the engine's progress.
 */
export const watchControl = (engine: Engine, startWatcher: StartWatcher, events: WatcherEvents = {}): OwnedWatchControl => {
  let current: ProjectWatcher | null = null;
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
  return {
    start: (scope) =>
      serially(async () => {
        if (current?.scope !== scope) {
          await stopCurrent();
          const { paths, config, log } = engine.ctx;
          current = await startWatcher({ paths, config, log, scope, ...events, onFileEvent: (path) => engine.parseAhead(path), onRecorded: () => engine.wake() });
        }
        await current.ready;
        return current.state();
      }),
    stop: () => serially(stopCurrent),
    state: () => current?.state() ?? null,
    projected: (head) => current?.projected(head),
  };
};
