export {
  EventCatalog,
  decodeEvent,
  decodePayload,
  isEventType,
  validatePayload,
  currentSchemaVersion,
  type DecodedEvent,
  type EventData,
  type EventType,
} from "./catalog.js";
export {
  EventMeta,
  EventSource,
} from "./envelope.js";
export { EncodedPayload, encodePayload, isEncodedPayload } from "./encodedPayload.js";
export { EventDecodeError } from "./errors.js";
// The port, its drivers and the plain errors, without the Effect runtime (see log.ts).
export * from "./log.js";
export { EVENT_SOURCES, EVENT_TYPES, GRAPH_EVENT_TYPES, MEMORY_EVENT_TYPES } from "./eventNames.js";
// The log's operations, one per file in sqlite/: every SQL statement and table of events.db is there.
export { appendOrRedecide } from "./sqlite/appendOrRedecide.js";
export { appendToStreams } from "./sqlite/appendToStreams.js";
export { checkpointWal } from "./sqlite/checkpointWal.js";
export { countEventsOfTypes } from "./sqlite/countEventsOfTypes.js";
export { dropProjectionHint } from "./sqlite/dropProjectionHint.js";
export { measureFileChanges } from "./sqlite/measureFileChanges.js";
export { positionOfEvent } from "./sqlite/positionOfEvent.js";
export { ensureReactorCheckpoint } from "./sqlite/reactorCheckpointTable.js";
export { readLatestParses } from "./sqlite/readLatestParses.js";
export { readProjectionHint } from "./sqlite/readProjectionHint.js";
export { readReactorCheckpoint } from "./sqlite/readReactorCheckpoint.js";
export { saveProjectionHint } from "./sqlite/saveProjectionHint.js";
export { saveReactorCheckpoint } from "./sqlite/saveReactorCheckpoint.js";
export {
  lastPositionOfTypes,
  payloadLoader,
  payloadSql,
  readEventRows,
  type EventRows,
} from "./sqlite/readEvents.js";
export { rowToEvent, type EventRow, type SummaryPick } from "./sqlite/rowToEvent.js";
export { sqliteDamage } from "./sqlite/sqliteDamage.js";
export { sqliteQuickCheck } from "./sqlite/sqliteQuickCheck.js";
export { streamPayloads } from "./sqlite/streamPayloads.js";
export * from "./types/files.js";
export * from "./types/graphs.js";
export * from "./types/history.js";
export * from "./types/memory.js";
export * from "./types/parse.js";
export * from "./types/project.js";
export * from "./types/session.js";
export * from "./types/context.js";
export * from "./types/typeNotation.js";
export { sameTypeNotation } from "./types/sameTypeNotation.js";
export { writtenType } from "./types/writtenType.js";
