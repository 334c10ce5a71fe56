import type { ExpectedVersion, NewEvent, RecordedEvent } from "../envelope.js";
import type { VersionConflict } from "../versionConflict.js";

/** Events for one stream, appended only if the stream is at `expectedVersion`. */
export interface StreamAppend {
  readonly stream: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: ReadonlyArray<NewEvent>;
}

export interface AppendResult {
  /** Version of each stream after the append. */
  readonly versions: ReadonlyArray<number>;
  /** Position of the last event written or found (0 when nothing was appended). */
  readonly lastPosition: number;
  /** Events skipped because their idempotency key was already stored. */
  readonly duplicates: number;
  readonly appended: number;
}

/** What a reader asks of the log; the fields after `descending` are read plans of the SQLite driver. */
export interface ReadFilter {
  /** Read events with a position strictly greater than this. */
  readonly after?: number;
  /** Read events with a position strictly lower than this. */
  readonly before?: number;
  readonly limit?: number;
  readonly types?: ReadonlyArray<string>;
  readonly streamPrefix?: string;
  readonly source?: string;
  readonly since?: string;
  readonly until?: string;
  /** Newest first (used by `nemesis log --limit` to find the last N cheaply). */
  readonly descending?: boolean;
  /**
   * Per event type, read a few fields of the payload instead of all of it: field name → JSON
   * path (`$.path`), or `length:$.symbols` for an array's length. Fields the summary stored at
   * append time holds (see summaries.ts) come from it without touching the payload; others are
   * extracted by SQLite. Either way a replay that needs five fields of a large FileParsed never
   * builds its symbols and chunks.
   */
  readonly summaries?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Types read bare: only position, type, schema and data; event id, stream, meta and time come
   * back empty and the version 0. For a replay that needs nothing else of most of its rows:
   * each column handed to JavaScript is a string to build.
   */
  readonly bare?: ReadonlyArray<string>;
  /**
   * Per event type, top-level payload fields removed before the text reaches JavaScript:
   * for a reader that never looks at a large field (the graph and FileParsed's chunk texts,
   * a large part of a log).
   */
  readonly omit?: Readonly<Record<string, ReadonlyArray<string>>>;
  /**
   * Types whose payload is fetched only when an event's `data` is first read, one row at a
   * time, so a batch of large payloads does not sit in memory as text until each is parsed.
   */
  readonly deferred?: ReadonlyArray<string>;
}

export interface TailOptions {
  readonly after: number;
  readonly intervalMs?: number;
  readonly batchSize?: number;
  readonly types?: ReadonlyArray<string>;
}

/**
 * Where each lazily opened read model stood when the engine last wrote to it. The read model's
 * own checkpoint stays authoritative: a hint trails it, never runs ahead.
 */
export interface ProjectionHint {
  readonly position: number;
  readonly version: number;
  /** What else decides the read model's content (its config); a different one voids the hint. */
  readonly fingerprint: string;
  /** Small facts the model had at `position` (e.g. graph counts), for summaries without opening it. */
  readonly detail: unknown;
}

/**
 * The event log as the write side and the readers of its events see it, whatever holds it:
 * `SqliteEventStore` (events.db) or `InMemoryEventStore`. Both pass test/events/eventStore.test.ts.
 * Synchronous, and free of the Effect runtime, because a hook appends through it in a few ms.
 * A version conflict is an outcome, returned as a value; a broken log throws.
 */
export interface EventStore {
  /** All the appends or none; each stream must be at its expected version unless every event of it is already stored (a retry). */
  readonly append: (appends: ReadonlyArray<StreamAppend>) => AppendResult | VersionConflict;
  /**
   * Appends; when another writer moved one of the streams, `redecide` runs where no other writer
   * can commit and returns what is still worth appending, which cannot conflict. `alsoInTransaction`
   * commits with the append.
   */
  readonly appendOrRedecide: (
    appends: ReadonlyArray<StreamAppend>,
    redecide: () => ReadonlyArray<StreamAppend>,
    alsoInTransaction?: () => void,
  ) => AppendResult;
  readonly read: (filter?: ReadFilter) => RecordedEvent[];
  /** One stream from a version on, in version order. */
  readonly readStream: (stream: string, fromVersion?: number) => RecordedEvent[];
  /** The stream's version: 0 for a stream never written. */
  readonly streamVersion: (stream: string) => number;
  /** Position of the newest event, 0 for an empty log. */
  readonly head: () => number;
  /** Calls `onEvents` with every batch appended after `options.after`, by any writer; returns a stop function. */
  readonly tail: (options: TailOptions, onEvents: (events: RecordedEvent[]) => void | Promise<void>) => () => void;
  /** The payload text of each position in order (null for one the log does not hold), without `omit`'s fields. */
  readonly payloads: (positions: ReadonlyArray<number>, omit?: ReadFilter["omit"]) => AsyncGenerator<string | null>;
  /** Where reactor `name` has read up to (0: nowhere yet), and moving it on (never back). */
  readonly reactorCheckpoint: {
    readonly read: (name: string) => number;
    readonly save: (name: string, position: number) => void;
  };
  readonly projectionHint: {
    readonly read: (name: string) => ProjectionHint | null;
    readonly save: (name: string, hint: ProjectionHint) => void;
    readonly drop: (name: string) => void;
  };
}
