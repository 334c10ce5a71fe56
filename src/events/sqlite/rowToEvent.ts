import type { EventMeta, RecordedEvent } from "../envelope.js";

export interface EventRow {
  readonly position: number;
  readonly event_id: string;
  readonly stream: string;
  readonly version: number;
  readonly type: string;
  readonly schema: number;
  readonly data: string | Buffer;
  readonly meta: string;
  readonly recorded_at: string;
}

export const EVENT_COLUMNS = "position, event_id, stream, version, type, schema, data, meta, recorded_at";

/**
 * Rows are written only by appendToStreams (JSON text); payloads are decoded by the catalog.
 * `data` is parsed on first access: replays and `nemesis log` skip most payloads entirely.
 */
export const rowToEvent = (row: EventRow): RecordedEvent => {
  const raw = typeof row.data === "string" ? row.data : row.data.toString("utf8");
  let data: unknown;
  let parsed = false;
  const event: RecordedEvent = {
    position: row.position,
    eventId: row.event_id,
    stream: row.stream,
    version: row.version,
    type: row.type,
    schema: row.schema,
    get data() {
      if (!parsed) {
        data = JSON.parse(raw);
        parsed = true;
      }
      return data;
    },
    meta: JSON.parse(row.meta) as EventMeta,
    recordedAt: row.recorded_at,
  };
  return event;
};
