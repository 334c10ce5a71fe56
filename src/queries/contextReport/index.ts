export type { CommitFact, ContextFacts, EditFact, RuleFact, ServedFact, SessionStartFact } from "./ContextFacts.js";
export { contextReport, type ContextReport, type RuleServed, type SessionFigures, type Share, type UnhelpedTask } from "./contextReport.js";
export { groupSessions, SAME_SESSION_MS, type SessionGroup, type Sessions } from "./groupSessions.js";
export { MAX_ROWS, renderContextReport } from "./renderContextReport.js";
