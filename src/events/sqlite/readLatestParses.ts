import type { RecordedEvent } from "../envelope.js";
import { payloadLoader, payloadSql, type ReadFilter } from "./readEvents.js";
import { rowToEvent, type EventRow } from "./rowToEvent.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/**
 * The latest `FileParsed` of every file whose latest graph-relevant event at or below `upTo` is
 * a `FileParsed` (not a `FileDeleted` or `ParseFailed`): exactly the files the graph's resolver
 * held when its checkpoint was written. One SQL pass, so reopening never replays history.
 * With `withFailures`, files whose latest event is a `ParseFailed` come too: every file the
 * graph holds a node for. With `deferred`, each payload is read when the event's `data` is
 * first read, for a caller that streams them; else in the same pass, which is faster than
 * reading row by row.
 */
export const readLatestParses = (
  handle: LogHandle,
  upTo: number,
  omit?: ReadFilter["omit"],
  withFailures = false,
  deferred = false,
): RecordedEvent[] => {
  const log = sqliteLog(handle);
  const rows = log.db
    .prepare(
      `SELECT position, event_id, stream, version, type, schema, ${deferred ? "NULL" : payloadSql(omit, "data", "type")} AS data, meta, recorded_at FROM events
       WHERE position IN (
         SELECT MAX(position) FROM events
         WHERE type IN ('FileParsed', 'FileDeleted', 'ParseFailed') AND position <= ?
         GROUP BY ${log.streamSql.group})
       AND type IN ${withFailures ? "('FileParsed', 'ParseFailed')" : "('FileParsed')"}
       ORDER BY position`,
    )
    .raw(true)
    .all(upTo) as EventRow[];
  const load = deferred ? payloadLoader(log, omit) : undefined;
  return rows.map((row) => rowToEvent(row, undefined, load));
};
