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

/** For a summarised type: each field the reader asked for, and the summary spec it comes from. */
export type SummaryPick = ReadonlyArray<readonly [name: string, spec: string]>;

/**
 * Rows are written only by appendToStreams (JSON text); payloads are decoded by the catalog.
 * `data` and `meta` are parsed on first access: replays and `nemesis log` skip most of them.
 * A summarised row's `data` holds its summary (keyed by spec), handed out under the names the
 * reader asked for.
 */
export const rowToEvent = (row: EventRow, picks?: ReadonlyMap<string, SummaryPick>): RecordedEvent => {
  const raw = typeof row.data === "string" ? row.data : row.data.toString("utf8");
  const pick = picks?.get(row.type);
  const metaRaw = row.meta;
  let data: unknown;
  let parsed = false;
  let meta: EventMeta | undefined;
  return {
    position: row.position,
    eventId: row.event_id,
    stream: row.stream,
    version: row.version,
    type: row.type,
    schema: row.schema,
    get data() {
      if (!parsed) {
        data = JSON.parse(raw);
        if (pick !== undefined) {
          const summary = data as Record<string, unknown>;
          const out: Record<string, unknown> = {};
          for (const [name, spec] of pick) out[name] = summary[spec] ?? null;
          data = out;
        }
        parsed = true;
      }
      return data;
    },
    get meta() {
      return (meta ??= JSON.parse(metaRaw) as EventMeta);
    },
    recordedAt: row.recorded_at,
  };
};
