export { startWatcher, type ProjectWatcher, type WatchFactory, type WatcherOptions } from "./ProjectWatcher.js";
export type { Hints } from "./pendingHints.js";
export { isWatchLimit, watchLimitWarning } from "./watchLimit.js";
export {
  BatchReport,
  lagMs,
  readWatcherState,
  ReconcileReport,
  removeWatcherState,
  WatcherState,
  watcherStatePath,
} from "./watcherState.js";
