export { startWatcher, type ProjectWatcher, type WatchFactory, type WatcherOptions } from "./ProjectWatcher.js";
export { HintBatcher, type Hints } from "./HintBatcher.js";
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
