export { recordHistory, type HistoryContext, type HistoryReport } from "./recordHistory.js";
export { watchHead, type HeadWatch } from "./watchHead.js";
export { parentsFirst } from "./parentsFirst.js";
export { MAX_BODY_CHARS, MAX_FILES } from "./parseCommitLog.js";
