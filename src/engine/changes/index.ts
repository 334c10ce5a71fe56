export { readChanges, type ReadChangesOptions } from "./readChanges.js";
export { previousSession, readSessions, SAME_SESSION_MS, type SessionRecord } from "./readSessions.js";
export { resolveSince, type SinceCaller, type SinceResolved } from "./resolveSince.js";
export { isLoggedFile, readLinkedMemory, readStaleMemory, type StaleMemory } from "./readStaleMemory.js";
export { loggedSymbol, readSymbolHistory, type FileMove, type SymbolHistory, type SymbolMemory } from "./readSymbolHistory.js";
