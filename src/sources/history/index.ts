export { recordHistory, type HistoryContext, type HistoryReport } from "./recordHistory.js";
export { watchHead, type HeadWatch } from "./watchHead.js";
export { findNewCommits, type HistoryBounds } from "./findNewCommits.js";
export { parentsFirst } from "./parentsFirst.js";
export { readCommits } from "./readCommits.js";
export { inspectRepository, type Repository } from "./inspectRepository.js";
export { LOG_ARGS, MAX_BODY_CHARS, MAX_FILES, parseCommitLog } from "./parseCommitLog.js";
export { GitFailure } from "./git.js";
