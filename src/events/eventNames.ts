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
  "GraphNodeAdded",
  "GraphNodeUpdated",
  "GraphNodeRemoved",
  "GraphEdgeAdded",
  "GraphEdgeUpdated",
  "GraphEdgeRemoved",
  "GraphDeleted",
  "CommitObserved",
  "SessionStarted",
  "ContextServed",
] as const;

/** What `nemesis log --memory` shows: every event of a rule, decision or convention stream. */
export const MEMORY_EVENT_TYPES = ["RuleStored", "RuleRetired", "DecisionRecorded", "DecisionSuperseded", "ConventionStored"] as const satisfies ReadonlyArray<
  (typeof EVENT_TYPES)[number]
>;

/** What `nemesis log --graphs` shows: every write to an agent's scratch graph (`graph:<name>` streams). */
export const GRAPH_EVENT_TYPES = [
  "GraphNodeAdded",
  "GraphNodeUpdated",
  "GraphNodeRemoved",
  "GraphEdgeAdded",
  "GraphEdgeUpdated",
  "GraphEdgeRemoved",
  "GraphDeleted",
] as const satisfies ReadonlyArray<(typeof EVENT_TYPES)[number]>;

export const EVENT_SOURCES = ["cli", "hook", "watcher", "mcp", "auto-learn", "engine", "test", "bench"] as const;
