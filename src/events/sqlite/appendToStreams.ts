import type { ExpectedVersion, NewEvent } from "../envelope.js";
import { newEventId } from "../envelope.js";
import { currentSchemaVersion } from "../catalog.js";
import { VersionConflict } from "../errors.js";
import { isEncodedPayload } from "../encodedPayload.js";
import { summarize } from "../summaries.js";
import { forgetVersions, knownVersions } from "./knownVersions.js";
import { ROWS_PER_INSERT, type LogHandle } from "./openEventLog.js";

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

class ConflictSignal extends Error {
  constructor(readonly conflict: VersionConflict) {
    super(conflict.message);
  }
}

/** Stands for "stored earlier in this same append": below any position this append writes, so it never raises `lastPosition`. */
const IN_THIS_APPEND = 1;

/**
 * Positions of the caller's own keys that are already stored (0 for the rest), or undefined
 * when none of the events carries a key: fresh ids cannot be stored yet, so they skip the lookup.
 */
const storedPositions = (log: LogHandle, events: ReadonlyArray<NewEvent>, seen: ReadonlySet<string>): number[] | undefined => {
  let known: number[] | undefined;
  for (let i = 0; i < events.length; i++) {
    const id = events[i]!.eventId;
    if (id === undefined) continue;
    known ??= new Array<number>(events.length).fill(0);
    known[i] = seen.has(id) ? IN_THIS_APPEND : ((log.stmt.positionOfId.get(id) as number | undefined) ?? 0);
  }
  return known;
};

/**
 * Rows go to SQLite `ROWS_PER_INSERT` at a time in one multi-row INSERT: one statement run
 * (and one trip from JavaScript into SQLite) per chunk instead of one per event. AUTOINCREMENT
 * gives a statement's rows consecutive positions ending at its last insert rowid; summaries of
 * the chunk's rows are written once those positions are known.
 */
class RowWriter {
  private params: unknown[] = [];
  private rows = 0;
  private summaries: Array<number | string> = [];
  lastPosition = 0;

  constructor(private readonly log: LogHandle) {}

  add(eventId: string, stream: string, version: number, type: string, data: string, meta: string, recordedAt: string, summary: string | undefined): void {
    this.params.push(eventId, stream, version, type, currentSchemaVersion(type), data, meta, recordedAt);
    if (summary !== undefined) this.summaries.push(this.rows, summary);
    if (++this.rows === ROWS_PER_INSERT) this.flush();
  }

  flush(): void {
    const n = this.rows;
    if (n === 0) return;
    const info = this.log.insertRows(n).run(this.params);
    // Every key was checked before it got here, so a row that was not written is a bug, not a duplicate.
    if (info.changes !== n) throw new Error(`event log: ${n} rows sent, ${info.changes} written`);
    const last = Number(info.lastInsertRowid);
    const summaries = this.summaries;
    if (summaries.length > 0) {
      const params: Array<number | string> = [];
      for (let i = 0; i < summaries.length; i += 2) params.push(last - n + 1 + (summaries[i] as number), summaries[i + 1]!);
      this.log.insertSummaries(params.length / 2).run(params);
      this.summaries = [];
    }
    this.lastPosition = last;
    this.params = [];
    this.rows = 0;
  }
}

/**
 * Appends to one or more streams in a single BEGIN IMMEDIATE transaction: all or nothing.
 * An append whose events are all already stored (same ids) is a retry and succeeds without
 * a version check; otherwise the stream must be at `expectedVersion`.
 */
export const appendToStreams = (
  log: LogHandle,
  appends: ReadonlyArray<StreamAppend>,
): AppendResult | VersionConflict => {
  if (log.readonly) throw new Error(`event log ${log.path} is open read-only: it cannot be appended to`);
  const recordedAt = new Date().toISOString();
  const { streamVersion } = log.stmt;
  // Most appends share one meta object per source: serialise it once.
  let lastMeta: object | undefined;
  let lastMetaJson = "";
  const run = log.db.transaction((): AppendResult => {
    const cache = knownVersions(log.db, log.stmt.head);
    const known = cache.versions;
    const writer = new RowWriter(log);
    const seen = new Set<string>();
    const versions: number[] = [];
    let lastPosition = 0;
    let duplicates = 0;
    let appended = 0;
    for (const append of appends) {
      const events = append.events;
      const stream = append.stream;
      let current = known.get(stream);
      if (current === undefined) current = (streamVersion.get(stream) as number | null) ?? 0;
      const stored = storedPositions(log, events, seen);
      if (stored !== undefined && events.length > 0 && stored.every((p) => p > 0)) {
        duplicates += events.length;
        for (const p of stored) if (p > lastPosition) lastPosition = p;
        versions.push(current);
        known.set(stream, current);
        continue;
      }
      const expected = append.expectedVersion;
      if ((expected === "no_stream" && current !== 0) || (typeof expected === "number" && expected !== current)) {
        throw new ConflictSignal(new VersionConflict({ stream, expected, actual: current }));
      }
      let version = current;
      for (let i = 0; i < events.length; i++) {
        const event = events[i]!;
        let id = event.eventId;
        if (id === undefined) id = newEventId();
        // Stored before, or the same key twice within this append: the later one is a duplicate, not a new version.
        else if ((stored !== undefined && stored[i]! > 0) || seen.has(id)) {
          duplicates++;
          continue;
        } else seen.add(id);
        if (event.meta !== lastMeta) {
          lastMeta = event.meta;
          lastMetaJson = JSON.stringify(event.meta);
        }
        const data = event.data;
        if (isEncodedPayload(data)) writer.add(id, stream, ++version, event.type, data.json, lastMetaJson, recordedAt, data.summary);
        else writer.add(id, stream, ++version, event.type, JSON.stringify(data), lastMetaJson, recordedAt, summarize(event.type, data));
        appended++;
      }
      versions.push(version);
      known.set(stream, version);
    }
    writer.flush();
    cache.settle(writer.lastPosition);
    if (writer.lastPosition > lastPosition) lastPosition = writer.lastPosition;
    return { versions, lastPosition, duplicates, appended };
  });
  try {
    return run.immediate();
  } catch (e) {
    // The versions learnt in a transaction that rolled back describe rows that are not there.
    forgetVersions(log.db);
    if (e instanceof ConflictSignal) return e.conflict;
    throw e;
  }
};
