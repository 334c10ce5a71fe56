import { watch, type FSWatcher } from "node:fs";
import { join } from "node:path";

export interface HeadWatch {
  stop(): void;
}

/** A rebase or a pull moves HEAD many times in a burst: one look after it settles. */
const SETTLE_MS = 200;

/**
 * Calls `onMove` (debounced) when HEAD may have moved. Git rewrites `HEAD` by renaming a lock
 * file over it (a checkout), and appends a line to `logs/HEAD` for every move, commits included;
 * both are watched through their directories, because a watch on a file replaced by a rename
 * would see the first change only. The rest of the git directory is not watched. A repository
 * without reflogs (core.logAllRefUpdates=false) moves HEAD on commit without touching either:
 * the watcher's periodic scan looks at HEAD too, so such a commit is seen within that period.
 * A watch that cannot be set up (no watches left) is skipped quietly for the same reason.
 */
export const watchHead = (gitDir: string, onMove: () => void): HeadWatch => {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const moved = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(onMove, SETTLE_MS);
  };
  const watchers: FSWatcher[] = [];
  const watchDir = (dir: string, onEntry: (name: string) => void): boolean => {
    try {
      const w = watch(dir, { persistent: false }, (_event, name) => onEntry(name === null ? "" : String(name)));
      w.on("error", () => w.close());
      watchers.push(w);
      return true;
    } catch {
      return false;
    }
  };
  let logsWatched = false;
  const watchLogs = () => {
    if (!logsWatched) logsWatched = watchDir(join(gitDir, "logs"), (name) => name === "HEAD" && moved());
  };
  watchDir(gitDir, (name) => {
    if (name === "HEAD") moved();
    // A repository's first commit creates logs/.
    else if (name === "logs") {
      watchLogs();
      moved();
    }
  });
  watchLogs();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
};
