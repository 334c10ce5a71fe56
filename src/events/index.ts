export { EventLog, makeEventLog, type EventLogService } from "./EventLog.js";
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
  newEventId,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
} from "./envelope.js";
export type { AppendResult, EventStore, ProjectionHint, ReadFilter, StreamAppend, TailOptions } from "./store/EventStore.js";
export { InMemoryEventStore } from "./store/InMemoryEventStore.js";
export { SqliteEventStore } from "./store/SqliteEventStore.js";
export { EncodedPayload, encodePayload, isEncodedPayload } from "./encodedPayload.js";
export { EventDecodeError, EventLogDamaged, EventLogError, VersionConflict } from "./errors.js";
export { EVENT_SOURCES, EVENT_TYPES, GRAPH_EVENT_TYPES, MEMORY_EVENT_TYPES } from "./eventNames.js";
// The log's operations, one per file in sqlite/: every SQL statement and table of events.db is there.
export { appendOrRedecide } from "./sqlite/appendOrRedecide.js";
export { appendToStreams } from "./sqlite/appendToStreams.js";
export { checkpointWal } from "./sqlite/checkpointWal.js";
export { closeEventLog } from "./sqlite/closeEventLog.js";
export { countEventsOfTypes } from "./sqlite/countEventsOfTypes.js";
export { countPendingEvents, type PendingEvents } from "./sqlite/countPendingEvents.js";
export { dropProjectionHint } from "./sqlite/dropProjectionHint.js";
export { lastPositionInStream } from "./sqlite/lastPositionInStream.js";
export { logDamage } from "./sqlite/logDamage.js";
export { measureFileChanges } from "./sqlite/measureFileChanges.js";
export { openEventLog, readThroughMemoryMap, type LogHandle } from "./sqlite/openEventLog.js";
export { positionOfEvent } from "./sqlite/positionOfEvent.js";
export { ensureReactorCheckpoint } from "./sqlite/reactorCheckpointTable.js";
export { readFileStream, readFileStreams, type FileStreams, type LatestFileEvent } from "./sqlite/readFileStreams.js";
export { readFileTimeline, type FileMoment, type SymbolInParse, type TimelineOptions } from "./sqlite/readFileTimeline.js";
export { readLatestParses } from "./sqlite/readLatestParses.js";
export { lastEventsAt } from "./sqlite/lastEventsAt.js";
export { readProjectionHint } from "./sqlite/readProjectionHint.js";
export { readReactorCheckpoint } from "./sqlite/readReactorCheckpoint.js";
export { saveProjectionHint } from "./sqlite/saveProjectionHint.js";
export { saveReactorCheckpoint } from "./sqlite/saveReactorCheckpoint.js";
export {
  headPosition,
  lastPositionOfTypes,
  payloadLoader,
  payloadSql,
  readEventRows,
  readEvents,
  readStream,
  streamVersion,
  type EventRows,
} from "./sqlite/readEvents.js";
export { rowToEvent, type EventRow, type SummaryPick } from "./sqlite/rowToEvent.js";
export { sqliteDamage } from "./sqlite/sqliteDamage.js";
export { sqliteFileDamage } from "./sqlite/sqliteFileDamage.js";
export { sqliteQuickCheck } from "./sqlite/sqliteQuickCheck.js";
export { streamPayloads } from "./sqlite/streamPayloads.js";
export { tailEvents } from "./sqlite/tailEvents.js";
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
