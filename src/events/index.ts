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
export {
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  newEventId,
  EventLogDamaged,
  EventLogError,
  VersionConflict,
  type AppendResult,
  type EventStore,
  type ProjectionHint,
  type ReadFilter,
  type StreamAppend,
  type TailOptions,
  InMemoryEventStore,
  SqliteEventStore,
  closeEventLog,
  countPendingEvents,
  type PendingEvents,
  openEventLog,
  readThroughMemoryMap,
  type LogHandle,
  readFileStream,
  readFileStreams,
  type FileStreams,
  type LatestFileEvent,
  logDamage,
  openSqlite,
  findRenamedFrom,
  findRenamedTo,
  lastEventsAt,
  lastPositionInStream,
  lastSymbolsAt,
  readFileTimeline,
  type FileMoment,
  type SymbolInParse,
  type TimelineOptions,
  headPosition,
  readEvents,
  readStream,
  streamVersion,
  sqliteFileDamage,
  tailEvents,
} from "./log.js";
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
export { FileChanged, FileDeleted, ParseFailed, FileSkipped } from "./types/files.js";
export {
  GraphProperties,
  GraphNodeAdded,
  GraphNodeUpdated,
  GraphNodeRemoved,
  GraphEdgeAdded,
  GraphEdgeUpdated,
  GraphEdgeRemoved,
  GraphDeleted,
  graphStream,
  GRAPH_STREAM_PREFIX,
  foldCase,
  normaliseLabel,
} from "./types/graphs.js";
export { CommitFile, CommitObserved } from "./types/history.js";
export {
  RuleStored,
  RuleRetired,
  Alternative,
  DecisionStatus,
  DecisionRecorded,
  DecisionRecordedV1,
  DecisionSuperseded,
  ConventionStored,
} from "./types/memory.js";
export { SymbolKind, Param, TypedName, ExtractedSymbol, ReferenceKind, Reference, ImportedName, Import, Chunk, Manifest, FileParsed } from "./types/parse.js";
export { IndexRunStarted, IndexRunCompleted } from "./types/project.js";
export { SessionStarted } from "./types/session.js";
export { ContextServed } from "./types/context.js";
export { TypeNotation, ArgumentHint } from "./types/typeNotation.js";
export { sameTypeNotation } from "./types/sameTypeNotation.js";
export { writtenType } from "./types/writtenType.js";
export { summarize } from "./summaries.js";
