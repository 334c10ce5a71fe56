import type { ExpectedVersion, NewEvent } from "../envelope.js";
import { newEventId } from "../envelope.js";
import { currentSchemaVersion } from "../catalog.js";
import { VersionConflict } from "../errors.js";
import { summarize } from "../summaries.js";
import type { LogHandle } from "./openEventLog.js";

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

/**
 * Positions of the caller's own keys that are already stored (0 for the rest), or undefined
 * when none of the events carries a key: fresh ids cannot be stored yet, so they skip the lookup.
 */
const storedPositions = (log: LogHandle, events: ReadonlyArray<NewEvent>): number[] | undefined => {
  let known: number[] | undefined;
  for (let i = 0; i < events.length; i++) {
    const id = events[i]!.eventId;
    if (id === undefined) continue;
    known ??= new Array<number>(events.length).fill(0);
    known[i] = (log.stmt.positionOfId.get(id) as number | undefined) ?? 0;
  }
  return known;
};

/**
 * Appends to one or more streams in a single BEGIN IMMEDIATE transaction: all or nothing.
 * An append whose events are all already stored (same ids) is a retry and succeeds without
 * a version check; otherwise the stream must be at `expectedVersion`.
 */
export const appendToStreams = (
  log: LogHandle,
  appends: ReadonlyArray<StreamAppend>,
): AppendResult | VersionConflict => {
  const recordedAt = new Date().toISOString();
  const { insert, insertSummary, streamVersion } = log.stmt;
  if (insertSummary === undefined) throw new Error(`event log ${log.path} is open read-only: it cannot be appended to`);
  // Most appends share one meta object per source: serialise it once.
  let lastMeta: object | undefined;
  let lastMetaJson = "";
  const run = log.db.transaction((): AppendResult => {
    const versions: number[] = [];
    let lastPosition = 0;
    let duplicates = 0;
    let appended = 0;
    for (const append of appends) {
      const events = append.events;
      const current = (streamVersion.get(append.stream) as number | null) ?? 0;
      const known = storedPositions(log, events);
      if (known !== undefined && events.length > 0 && known.every((p) => p > 0)) {
        duplicates += events.length;
        for (const p of known) if (p > lastPosition) lastPosition = p;
        versions.push(current);
        continue;
      }
      const expected = append.expectedVersion;
      if ((expected === "no_stream" && current !== 0) || (typeof expected === "number" && expected !== current)) {
        throw new ConflictSignal(new VersionConflict({ stream: append.stream, expected, actual: current }));
      }
      let version = current;
      for (let i = 0; i < events.length; i++) {
        if (known !== undefined && known[i]! > 0) {
          duplicates++;
          continue;
        }
        const event = events[i]!;
        if (event.meta !== lastMeta) {
          lastMeta = event.meta;
          lastMetaJson = JSON.stringify(event.meta);
        }
        const info = insert.run(
          event.eventId ?? newEventId(),
          append.stream,
          version + 1,
          event.type,
          currentSchemaVersion(event.type),
          JSON.stringify(event.data),
          lastMetaJson,
          recordedAt,
        );
        // The same key twice within one append: the second is a duplicate, not a new version.
        if (info.changes === 0) {
          duplicates++;
          continue;
        }
        version++;
        lastPosition = Number(info.lastInsertRowid);
        appended++;
        const summary = summarize(event.type, event.data);
        if (summary !== undefined) insertSummary.run(lastPosition, summary);
      }
      versions.push(version);
    }
    return { versions, lastPosition, duplicates, appended };
  });
  try {
    return run.immediate();
  } catch (e) {
    if (e instanceof ConflictSignal) return e.conflict;
    throw e;
  }
};
