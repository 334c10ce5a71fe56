import type { RecordedEvent } from "../envelope.js";
import { payloadSql } from "./readEvents.js";
import { EVENT_COLUMNS, rowToEvent, type EventRow } from "./rowToEvent.js";
import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/**
 * Per stream, its newest event of one of `types` at or below `atOrBefore`: the state of a file or a
 * memory entry as a replay up to that position leaves it. A stream with none is absent from the
 * map. `omit` leaves large payload fields out as readEvents does (FileParsed's chunks).
 */
export const lastEventsAt = (
  log: LogHandle,
  streams: Iterable<string>,
  types: ReadonlyArray<string>,
  atOrBefore: number,
  omit?: Readonly<Record<string, ReadonlyArray<string>>>,
): Map<string, RecordedEvent> => {
  const columns = EVENT_COLUMNS.replace(/\b(\w+)\b/g, "e.$1").replace("e.data", `${payloadSql(omit)} AS data`);
  // By the stream's (stream, version) index: each lookup walks one stream backwards from its newest event.
  const sql = `SELECT ${columns} FROM events e WHERE ${sqliteLog(log).streamSql.is.replace(/^stream/, "e.stream")}
    AND e.position <= ? AND e.type IN (${types.map(() => "?").join(", ")}) ORDER BY e.version DESC LIMIT 1`;
  const stmt = preparedOn(log, sql, "raw");
  const found = new Map<string, RecordedEvent>();
  for (const stream of streams) {
    const row = stmt.get(stream, atOrBefore, ...types) as EventRow | undefined;
    if (row !== undefined) found.set(stream, rowToEvent(row));
  }
  return found;
};
