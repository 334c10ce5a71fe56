/**
 * How long the graph must stay unchanged before its reads are brought forward: a branch switch
 * applies batch after batch, each a change. Short, since bringing them forward costs a few tens
 * of milliseconds for a few files and the next question wants them.
 */
export const QUIET_MS = 20;

export interface GraphWarmer {
  /** The graph changed: load it once it has been quiet for a moment. */
  changed(): void;
  /** No more loads; one under way finishes. */
  stop(): void;
  /** Settles when no load is under way. */
  idle(): Promise<void>;
}

/**
 * Runs `load` after the graph changes, one load at a time: changes during a load lead to one more
 * load after it, changes in quick succession to a single load once they stop.
 */
export const graphWarmer = (load: () => Promise<void>, onError: (e: unknown) => void): GraphWarmer => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    timer = undefined;
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = load()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };
  return {
    changed: () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(run, QUIET_MS);
      timer.unref();
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
    idle: async () => {
      while (running !== null) await running;
    },
  };
};
