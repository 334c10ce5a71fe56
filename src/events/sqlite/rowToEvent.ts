import type { EventMeta, RecordedEvent } from "../envelope.js";

/** A row as the statements return it: `.raw()` arrays in EVENT_COLUMNS order (no per-row keyed object to build). */
export type EventRow = readonly [
  position: number,
  eventId: string,
  stream: string,
  version: number,
  type: string,
  schema: number,
  /** Null for a deferred payload (see ReadFilter.deferred). */
  data: string | Buffer | null,
  meta: string,
  recordedAt: string,
];

export const EVENT_COLUMNS = "position, event_id, stream, version, type, schema, data, meta, recorded_at";

/** For a summarised type: each field the reader asked for, and the summary spec it comes from. */
export type SummaryPick = ReadonlyArray<readonly [name: string, spec: string]>;

/**
 * Rows are written only by appendToStreams (JSON text); payloads are decoded by the catalog.
 * `data` and `meta` are parsed on first access: replays and `nemesis log` skip most of them.
 * A summarised row's `data` holds its summary (keyed by spec), handed out under the names the
 * reader asked for.
 */
export const rowToEvent = (
  row: EventRow,
  picks?: ReadonlyMap<string, SummaryPick>,
  /** Fetches a deferred payload (a row whose `data` is null) each time it is read. */
  load?: (position: number) => string,
): RecordedEvent => {
  const [position, eventId, stream, version, type, schema, stored, metaRaw, recordedAt] = row;
  if (stored === null && load === undefined) throw new Error(`event #${position} was read without its payload`);
  // Dropped once parsed: a replay holds its whole batch, and the text would double what it keeps.
  let raw: string | null = stored === null ? null : typeof stored === "string" ? stored : stored.toString("utf8");
  const pending = stored === null;
  const pick = picks?.get(type);
  let data: unknown;
  let meta: EventMeta | undefined;
  return {
    position,
    eventId,
    stream,
    version,
    type,
    schema,
    get data() {
      // Read once by its reader (see ReadFilter.deferred) and kept by it, not by the event: a
      // batch outlives its reader's use of each payload (the graph holds a whole log's batch
      // while it resolves and writes, and let each file's references go once it is resolved).
      if (pending) return JSON.parse(load!(position)) as unknown;
      if (raw !== null) {
        data = JSON.parse(raw);
        raw = null;
        if (pick !== undefined) {
          const summary = data as Record<string, unknown>;
          const out: Record<string, unknown> = {};
          for (const [name, spec] of pick) out[name] = summary[spec] ?? null;
          data = out;
        }
      }
      return data;
    },
    get meta() {
      return (meta ??= JSON.parse(metaRaw) as EventMeta);
    },
    recordedAt,
  };
};
