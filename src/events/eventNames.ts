/**
 * The names alone, without their schemas: `nemesis log` validates its filters against these
 * and stays fast by not loading the schema library. catalog.ts and envelope.ts are checked
 * against these lists by test/events/eventNames.test.ts.
 */
export const EVENT_TYPES = [
  "FileChanged",
  "FileDeleted",
  "FileSkipped",
  "FileParsed",
  "ParseFailed",
  "RuleStored",
  "RuleRetired",
  "DecisionRecorded",
  "DecisionSuperseded",
  "ConventionStored",
  "IndexRunStarted",
  "IndexRunCompleted",
] as const;

export const EVENT_SOURCES = ["cli", "hook", "watcher", "mcp", "auto-learn", "engine", "test", "bench"] as const;
