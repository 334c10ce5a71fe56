// What src/sources offers the other folders: they import it from here (test/dependencyRules.test.ts checks it);
// a module not named here is private to the folder.
export { recordHookedFile } from "./hooks/recordHookedFile.js";
export { findStaleFiles } from "./scan/findStaleFiles.js";
export { removeWatcherState, writeWatcherState, readWatcherState } from "./watcher/watcherState.js";
export { readTranscript } from "./transcript/readTranscript.js";
export { BatchReport, ReconcileReport, WatcherState, lagMs, type ProjectWatcher, type WatcherOptions } from "./watcher/index.js";
export { DirectoryRules, lookAgainAt, scanFile, scanProject, type StaleFiles, findStaleFilesAsync, type IndexedFile } from "./scan/index.js";
export { recordHistory, type HistoryReport } from "./history/index.js";
