import { appendOrRedecide } from "../sqlite/appendOrRedecide.js";
import { appendToStreams } from "../sqlite/appendToStreams.js";
import { dropProjectionHint } from "../sqlite/dropProjectionHint.js";
import type { LogHandle } from "../sqlite/openEventLog.js";
import { headPosition, readEvents, readStream, streamVersion } from "../sqlite/readEvents.js";
import { readProjectionHint } from "../sqlite/readProjectionHint.js";
import { ensureReactorCheckpoint } from "../sqlite/reactorCheckpointTable.js";
import { readReactorCheckpoint } from "../sqlite/readReactorCheckpoint.js";
import { saveProjectionHint } from "../sqlite/saveProjectionHint.js";
import { saveReactorCheckpoint } from "../sqlite/saveReactorCheckpoint.js";
import { streamPayloads } from "../sqlite/streamPayloads.js";
import { tailEvents } from "../sqlite/tailEvents.js";
import type { EventStore } from "./EventStore.js";

/** One store per open log, so what a command caches per store (a scratch graph's fold) lives as long as the connection. */
const stores = new WeakMap<LogHandle, SqliteEventStore>();

/**
 * The event store in events.db: each operation is the one-per-file module of src/events/sqlite
 * that does it. The log handle stays reachable for the SQLite-specific reads (file timelines,
 * latest parses) that the engine runs beside the port.
 */
export class SqliteEventStore implements EventStore {
  /** Whether this connection has made sure the checkpoint table exists (a writer makes it before its first save). */
  private checkpointTable = false;

  private constructor(readonly handle: LogHandle) {}

  /** The store of an open log (the same object for the same handle). */
  static of(handle: LogHandle): SqliteEventStore {
    let store = stores.get(handle);
    if (store === undefined) stores.set(handle, (store = new SqliteEventStore(handle)));
    return store;
  }

  readonly append: EventStore["append"] = (appends) => appendToStreams(this.handle, appends);
  readonly appendOrRedecide: EventStore["appendOrRedecide"] = (appends, redecide, alsoInTransaction) =>
    appendOrRedecide(this.handle, appends, redecide, alsoInTransaction);
  readonly read: EventStore["read"] = (filter) => readEvents(this.handle, filter);
  readonly readStream: EventStore["readStream"] = (stream, fromVersion) => readStream(this.handle, stream, fromVersion);
  readonly streamVersion: EventStore["streamVersion"] = (stream) => streamVersion(this.handle, stream);
  readonly head: EventStore["head"] = () => headPosition(this.handle);
  readonly tail: EventStore["tail"] = (options, onEvents) => tailEvents(this.handle, options, onEvents);
  readonly payloads: EventStore["payloads"] = (positions, omit) => streamPayloads(this.handle, positions, omit);
  readonly reactorCheckpoint: EventStore["reactorCheckpoint"] = {
    read: (name) => readReactorCheckpoint(this.handle, name),
    save: (name, position) => {
      if (!this.checkpointTable) ensureReactorCheckpoint(this.handle);
      this.checkpointTable = true;
      saveReactorCheckpoint(this.handle, name, position);
    },
  };
  readonly projectionHint: EventStore["projectionHint"] = {
    read: (name) => readProjectionHint(this.handle, name),
    save: (name, hint) => saveProjectionHint(this.handle, name, hint),
    drop: (name) => dropProjectionHint(this.handle, name),
  };
}
