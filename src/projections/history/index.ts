export { carriesWeight, MAX_WEIGHTED_FILES } from "./coChangeWeight.js";
export { HISTORY_HANDLES, HISTORY_VERSION, HistoryProjector } from "./HistoryProjector.js";
export { FILES_PER_COMMIT, HistoryReader, type CoChange, type FileCommit, type SimilarCommit } from "./HistoryReader.js";
export { matchExpression, MAX_TASK_WORDS, messageTerms } from "./messageQuery.js";
export { chooseTerms, COMMON_SHARE, MAX_SEARCHED_TERMS, READ_SHARE, type RatedTerm } from "./termRarity.js";
export { wordKey } from "./wordKey.js";
export { openHistoryStore } from "./openHistoryStore.js";
