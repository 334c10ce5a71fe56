// The log without the Effect runtime: the port, its drivers, the errors a write returns, and the
// SQLite-specific operations. A hook records a file through these within a few milliseconds of
// start-up, and src/events/index.ts (which re-exports all of this) also loads the event catalog
// and its schema library. Everything else imports src/events/index.ts.
export type { EventMeta, ExpectedVersion, NewEvent, RecordedEvent } from "./envelope.js";
export { newEventId } from "./eventId.js";
export { EventLogDamaged } from "./eventLogDamaged.js";
export { EventLogError } from "./eventLogError.js";
export { VersionConflict } from "./versionConflict.js";
export type { AppendResult, EventStore, ProjectionHint, ReadFilter, StreamAppend, TailOptions } from "./store/EventStore.js";
export { InMemoryEventStore } from "./store/InMemoryEventStore.js";
export { SqliteEventStore } from "./store/SqliteEventStore.js";
export { closeEventLog } from "./sqlite/closeEventLog.js";
export { countPendingEvents, type PendingEvents } from "./sqlite/countPendingEvents.js";
export { openEventLog, readThroughMemoryMap, type LogHandle } from "./sqlite/openEventLog.js";
export { readFileStream, readFileStreams, type FileStreams, type LatestFileEvent } from "./sqlite/readFileStreams.js";
export { logDamage } from "./sqlite/logDamage.js";
export { openSqlite } from "./sqlite/openSqlite.js";
export { findRenamedFrom } from "./sqlite/findRenamedFrom.js";
export { findRenamedTo } from "./sqlite/findRenamedTo.js";
export { lastEventsAt } from "./sqlite/lastEventsAt.js";
export { lastPositionInStream } from "./sqlite/lastPositionInStream.js";
export { lastSymbolsAt } from "./sqlite/lastSymbolsAt.js";
export { readFileTimeline, type FileMoment, type SymbolInParse, type TimelineOptions } from "./sqlite/readFileTimeline.js";
export { headPosition, readEvents, readStream, streamVersion } from "./sqlite/readEvents.js";
export { sqliteFileDamage } from "./sqlite/sqliteFileDamage.js";
export { tailEvents } from "./sqlite/tailEvents.js";
