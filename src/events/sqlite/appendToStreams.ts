import { trace } from "../../shared/index.js";
import type { NewEvent } from "../envelope.js";
import { newEventId } from "../eventId.js";
import { currentSchemaVersion } from "../schemaVersions.js";
import { VersionConflict } from "../versionConflict.js";
import { isEncodedPayload } from "../encodedPayload.js";
import { summarize } from "../summaries.js";
import { forgetVersions, knownVersions, type KnownStream } from "./knownVersions.js";
import { ROWS_PER_INSERT } from "./openEventLog.js";
import { sqliteLog, type LogHandle, type SqliteLog } from "./sqliteLog.js";

import type { AppendResult, StreamAppend } from "../store/EventStore.js";

export type { AppendResult, StreamAppend };

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
const storedPositions = (log: SqliteLog, events: ReadonlyArray<NewEvent>, seen: ReadonlySet<string>): number[] | undefined => {
  let known: number[] | undefined;
  for (let i = 0; i < events.length; i++) {
    const id = events[i]!.eventId;
    if (id === undefined) continue;
    known ??= new Array<number>(events.length).fill(0);
    known[i] = seen.has(id) ? IN_THIS_APPEND : ((log.stmt.positionOfId.get(id) as number | undefined) ?? 0);
  }
  return known;
};

/** Positional parameters of one row before its meta (see SqliteLog.insertRows). */
const ROW_PARAMS = 7;

/**
 * Rows go to SQLite `ROWS_PER_INSERT` at a time in one multi-row INSERT: one statement run
 * (and one trip from JavaScript into SQLite) per chunk instead of one per event. AUTOINCREMENT
 * gives a statement's rows consecutive positions ending at its last insert rowid; summaries of
 * the chunk's rows are written once those positions are known. The time, and the meta when
 * every row of the chunk has the same, are bound once per statement (each string bound is
 * converted and copied: for small events that was a tenth of the append).
 */
class RowWriter {
  private params: unknown[] = [];
  private metas: string[] = [];
  private sharedMeta = true;
  private rows = 0;
  private summaries: Array<number | string> = [];
  lastPosition = 0;

  constructor(
    private readonly log: SqliteLog,
    private readonly recordedAt: string,
  ) {}

  add(eventId: string, stream: string, streamId: number, version: number, type: string, data: string, meta: string, summary: string | undefined): void {
    this.params.push(eventId, stream, streamId, version, type, currentSchemaVersion(type), data);
    if (this.rows > 0 && meta !== this.metas[0]) this.sharedMeta = false;
    this.metas.push(meta);
    if (summary !== undefined) this.summaries.push(this.rows, summary);
    if (++this.rows === ROWS_PER_INSERT) this.flush();
  }

  /** The chunk's positional parameters with each row's meta after its own seven. */
  private withMetas(): unknown[] {
    const out: unknown[] = [];
    for (let r = 0; r < this.rows; r++) {
      for (let k = r * ROW_PARAMS; k < (r + 1) * ROW_PARAMS; k++) out.push(this.params[k]);
      out.push(this.metas[r]);
    }
    return out;
  }

  flush(): void {
    const n = this.rows;
    if (n === 0) return;
    const info = this.sharedMeta
      ? this.log.insertRows(n, true).run(this.params, { meta: this.metas[0], recorded_at: this.recordedAt })
      : this.log.insertRows(n, false).run(this.withMetas(), { recorded_at: this.recordedAt });
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
    this.metas = [];
    this.sharedMeta = true;
    this.rows = 0;
  }
}

/**
 * Traces the positions an append committed (`EventLog.appended <first>-<last>`): from then on they
 * are acknowledged, and the full-disk test checks that each stays in the log. Within one append
 * the positions are consecutive (the write lock is held throughout).
 */
export const traceAppended = (result: AppendResult): void => {
  if (result.appended > 0) trace("EventLog.appended", () => `${result.lastPosition - result.appended + 1}-${result.lastPosition}`);
};

/**
 * Appends to one or more streams in a single BEGIN IMMEDIATE transaction: all or nothing.
 * An append whose events are all already stored (same ids) is a retry and succeeds without
 * a version check; otherwise the stream must be at `expectedVersion`.
 */
export const appendToStreams = (
  handle: LogHandle,
  appends: ReadonlyArray<StreamAppend>,
): AppendResult | VersionConflict => {
  const log = sqliteLog(handle);
  if (log.readonly) throw new Error(`event log ${log.path} is open read-only: it cannot be appended to`);
  const recordedAt = new Date().toISOString();
  const { stream: streamRow, newStream } = log.stmt;
  // Most appends share one meta object per source: serialise it once.
  let lastMeta: object | undefined;
  let lastMetaJson = "";
  const run = log.db.transaction((): AppendResult => {
    const cache = knownVersions(log.db, log.stmt.head);
    const streams = cache.streams;
    const writer = new RowWriter(log, recordedAt);
    const seen = new Set<string>();
    const versions: number[] = [];
    let lastPosition = 0;
    let duplicates = 0;
    let appended = 0;
    for (const append of appends) {
      const events = append.events;
      const stream = append.stream;
      let known = streams.get(stream);
      if (known === undefined) {
        const row = streamRow!.get(stream) as KnownStream | undefined;
        if (row !== undefined) streams.set(stream, (known = { id: row.id, version: row.version }));
      }
      const current = known?.version ?? 0;
      const stored = storedPositions(log, events, seen);
      if (stored !== undefined && events.length > 0 && stored.every((p) => p > 0)) {
        duplicates += events.length;
        for (const p of stored) if (p > lastPosition) lastPosition = p;
        versions.push(current);
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
        // A stream is numbered when its first event is written, never for an append that writes nothing.
        if (known === undefined) streams.set(stream, (known = { id: Number(newStream!.run(stream).lastInsertRowid), version: 0 }));
        if (isEncodedPayload(data)) writer.add(id, stream, known.id, ++version, event.type, data.json, lastMetaJson, data.summary);
        else writer.add(id, stream, known.id, ++version, event.type, JSON.stringify(data), lastMetaJson, summarize(event.type, data));
        appended++;
      }
      versions.push(version);
      // Raised in place: a failure anywhere in the append forgets every cached stream (forgetVersions).
      if (known !== undefined) known.version = version;
    }
    writer.flush();
    cache.settle(writer.lastPosition);
    if (writer.lastPosition > lastPosition) lastPosition = writer.lastPosition;
    return { versions, lastPosition, duplicates, appended };
  });
  try {
    const result = run.immediate();
    // Inside a caller's transaction (appendOrRedecide) nothing is committed yet: the caller says so once it is.
    if (!log.db.inTransaction) traceAppended(result);
    return result;
  } catch (e) {
    // The versions learnt in a transaction that rolled back describe rows that are not there.
    forgetVersions(log.db);
    if (e instanceof ConflictSignal) return e.conflict;
    throw e;
  }
};
