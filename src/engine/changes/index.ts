export { readChanges, type ReadChangesOptions } from "./readChanges.js";
export { previousSession, readSessions, SAME_SESSION_MS, type SessionRecord } from "./readSessions.js";
export { resolveSince, type SinceCaller, type SinceResolved } from "./resolveSince.js";
