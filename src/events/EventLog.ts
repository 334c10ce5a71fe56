import * as Context from "effect/Context";
import * as Effect from "effect/Effect";
import type { ExpectedVersion, NewEvent, RecordedEvent } from "./envelope.js";
import { EventLogError, VersionConflict } from "./errors.js";
import { appendToStreams, type AppendResult, type StreamAppend } from "./sqlite/appendToStreams.js";
import { checkpointWal } from "./sqlite/checkpointWal.js";
import type { LogHandle } from "./sqlite/openEventLog.js";
import { headPosition, readEvents, readStream, streamVersion, type ReadFilter } from "./sqlite/readEvents.js";
import { tailEvents, type TailOptions } from "./sqlite/tailEvents.js";

export interface EventLogService {
  readonly handle: LogHandle;
  readonly append: (
    stream: string,
    expectedVersion: ExpectedVersion,
    events: ReadonlyArray<NewEvent>,
  ) => Effect.Effect<AppendResult, VersionConflict | EventLogError>;
  readonly appendMany: (appends: ReadonlyArray<StreamAppend>) => Effect.Effect<AppendResult, VersionConflict | EventLogError>;
  readonly read: (filter?: ReadFilter) => Effect.Effect<RecordedEvent[], EventLogError>;
  readonly readStream: (stream: string, fromVersion?: number) => Effect.Effect<RecordedEvent[], EventLogError>;
  readonly streamVersion: (stream: string) => Effect.Effect<number, EventLogError>;
  readonly head: Effect.Effect<number, EventLogError>;
  readonly tail: (
    options: TailOptions,
    onEvents: (events: RecordedEvent[]) => void | Promise<void>,
  ) => Effect.Effect<() => void>;
  readonly checkpointWal: (force?: boolean) => Effect.Effect<boolean, EventLogError>;
}

export class EventLog extends Context.Tag("EventLog")<EventLog, EventLogService>() {}

const sqliteFailure = (e: unknown) =>
  new EventLogError({
    reason: `event log: ${e instanceof Error ? e.message : String(e)} (is the disk full or .nemesis/events.db read-only?)`,
  });

const attempt = <A>(f: () => A) => Effect.try({ try: f, catch: sqliteFailure });

export const makeEventLog = (handle: LogHandle): EventLogService => {
  const appendMany = (appends: ReadonlyArray<StreamAppend>) =>
    attempt(() => appendToStreams(handle, appends)).pipe(
      Effect.flatMap((r) => (r instanceof VersionConflict ? Effect.fail(r) : Effect.succeed(r))),
      Effect.withSpan("EventLog.append"),
    );
  return {
    handle,
    append: (stream, expectedVersion, events) => appendMany([{ stream, expectedVersion, events }]),
    appendMany,
    read: (filter) => attempt(() => readEvents(handle, filter)),
    readStream: (stream, fromVersion) => attempt(() => readStream(handle, stream, fromVersion)),
    streamVersion: (stream) => attempt(() => streamVersion(handle, stream)),
    head: attempt(() => headPosition(handle)),
    tail: (options, onEvents) => Effect.sync(() => tailEvents(handle, options, onEvents)),
    checkpointWal: (force) => attempt(() => checkpointWal(handle, force)),
  };
};

