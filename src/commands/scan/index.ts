export { decideFileChanges, type DecideInput, type FileDecision, type FileEvent } from "./decideFileChanges.js";
export { DEFAULT_IGNORED_DIRS, DEFAULT_IGNORED_FILES, isDefaultIgnoredFile } from "./defaultIgnores.js";
export { IgnoreRules } from "./IgnoreRules.js";
export { inspectFile, type FileLimits, type Inspection } from "./inspectFile.js";
export { FILE_STREAM_PREFIX, fileStream, readKnownFile, readKnownFiles, type KnownFile } from "./readKnownFiles.js";
export { completeIndexRun, PROJECT_STREAM, startIndexRun } from "./recordIndexRun.js";
export { scanProject, type ScannedFile, type ScanOptions, type ScanResult } from "./scanProject.js";
export { walkProject, type Candidate, type Skip, type WalkOptions, type WalkResult } from "./walkProject.js";
export { findStaleFiles, type IndexedFile, type StaleFiles } from "./findStaleFiles.js";
