import type { ExpectedVersion, NewEvent } from "../envelope.js";
import { newEventId } from "../envelope.js";
import { currentSchemaVersion } from "../catalog.js";
import { VersionConflict } from "../errors.js";
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
 * Appends to one or more streams in a single BEGIN IMMEDIATE transaction: all or nothing.
 * An append whose events are all already stored (same ids) is a retry and succeeds without
 * a version check; otherwise the stream must be at `expectedVersion`.
 */
export const appendToStreams = (
  log: LogHandle,
  appends: ReadonlyArray<StreamAppend>,
): AppendResult | VersionConflict => {
  const recordedAt = new Date().toISOString();
  const metaJson = new Map<object, string>();
  const run = log.db.transaction((): AppendResult => {
    const versions: number[] = [];
    let lastPosition = 0;
    let duplicates = 0;
    let appended = 0;
    for (const append of appends) {
      const ids = append.events.map((e) => e.eventId ?? newEventId());
      const current = (log.stmt.streamVersion.get(append.stream) as number | null) ?? 0;
      // Only a caller's own key can already be stored; fresh ids skip the lookup.
      const known = append.events.map((e, i) =>
        e.eventId === undefined ? 0 : ((log.stmt.positionOfId.get(ids[i]) as number | undefined) ?? 0),
      );
      if (ids.length > 0 && known.every((p) => p > 0)) {
        duplicates += ids.length;
        lastPosition = Math.max(lastPosition, ...known);
        versions.push(current);
        continue;
      }
      const expected = append.expectedVersion;
      if (
        (expected === "no_stream" && current !== 0) ||
        (typeof expected === "number" && expected !== current)
      ) {
        throw new ConflictSignal(new VersionConflict({ stream: append.stream, expected, actual: current }));
      }
      let version = current;
      append.events.forEach((event, i) => {
        if (known[i]! > 0) {
          duplicates++;
          return;
        }
        let meta = metaJson.get(event.meta);
        if (meta === undefined) {
          meta = JSON.stringify(event.meta);
          metaJson.set(event.meta, meta);
        }
        const info = log.stmt.insert.run(
          ids[i],
          append.stream,
          version + 1,
          event.type,
          currentSchemaVersion(event.type),
          JSON.stringify(event.data),
          meta,
          recordedAt,
        );
        // The same key twice within one append: the second is a duplicate, not a new version.
        if (info.changes === 0) {
          duplicates++;
          return;
        }
        version++;
        lastPosition = Number(info.lastInsertRowid);
        appended++;
      });
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
