import type { EventMeta, RecordedEvent } from "../envelope.js";
import { isEncodedPayload } from "../encodedPayload.js";
import { newEventId } from "../eventId.js";
import { currentSchemaVersion } from "../schemaVersions.js";
import { VersionConflict } from "../versionConflict.js";
import type { AppendResult, EventStore, ProjectionHint, ReadFilter, StreamAppend } from "./EventStore.js";
import { pollTail } from "./pollTail.js";

/** An event as the log holds it, the payload kept as events.db keeps it: every read parses a fresh copy of `json`. */
type Stored = Omit<RecordedEvent, "data"> & { readonly json: string };

const SPEC = /^(length:)?\$((?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*)$/;

/** A summary spec (`$.path`, `length:$.symbols`, see summaries.ts) applied to a payload, as SQLite's json_extract would. */
const extract = (data: unknown, spec: string): unknown => {
  const m = SPEC.exec(spec);
  if (m === null) throw new Error(`summary path ${spec} is not a simple JSON path like $.path`);
  let value = data;
  for (const step of m[2]!.match(/\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\]/g) ?? []) {
    if (value === null || typeof value !== "object") return null;
    value = step.startsWith(".") ? (value as Record<string, unknown>)[step.slice(1)] : (value as unknown[])[Number(step.slice(1, -1))];
  }
  if (m[1] !== undefined) return Array.isArray(value) ? value.length : null;
  return value ?? null;
};

const withoutFields = (json: string, fields: ReadonlyArray<string> | undefined): string => {
  if (fields === undefined || fields.length === 0) return json;
  const data = JSON.parse(json) as unknown;
  if (data === null || typeof data !== "object" || Array.isArray(data)) return json;
  const copy = { ...(data as Record<string, unknown>) };
  for (const f of fields) delete copy[f];
  return JSON.stringify(copy);
};

/**
 * The event store in memory, for tests and tools that need a log without a file. It keeps the
 * same promises as SqliteEventStore (test/events/eventStore.test.ts): positions from 1 without
 * gaps, versions per stream, idempotency keys, all-or-nothing appends, and read plans that
 * give the same data (`summaries`, `bare`, `omit`; `deferred` only changes when SQLite reads).
 */
export class InMemoryEventStore implements EventStore {
  private readonly events: Stored[] = [];
  private readonly versions = new Map<string, number>();
  private readonly positionOfId = new Map<string, number>();
  private readonly checkpoints = new Map<string, number>();
  private readonly hints = new Map<string, string>();

  readonly append = (appends: ReadonlyArray<StreamAppend>): AppendResult | VersionConflict => {
    const recordedAt = new Date().toISOString();
    const written: Stored[] = [];
    const pending = new Map<string, number>();
    const seen = new Map<string, number>();
    const versions: number[] = [];
    let lastPosition = 0;
    let duplicates = 0;
    const storedAt = (id: string) => this.positionOfId.get(id) ?? seen.get(id) ?? 0;
    for (const { stream, expectedVersion, events } of appends) {
      const current = pending.get(stream) ?? this.versions.get(stream) ?? 0;
      if (events.length > 0 && events.every((e) => e.eventId !== undefined && storedAt(e.eventId) > 0)) {
        duplicates += events.length;
        for (const e of events) lastPosition = Math.max(lastPosition, storedAt(e.eventId!));
        versions.push(current);
        continue;
      }
      if ((expectedVersion === "no_stream" && current !== 0) || (typeof expectedVersion === "number" && expectedVersion !== current)) {
        return new VersionConflict({ stream, expected: expectedVersion, actual: current });
      }
      let version = current;
      for (const event of events) {
        if (event.eventId !== undefined && storedAt(event.eventId) > 0) {
          duplicates++;
          continue;
        }
        const eventId = event.eventId ?? newEventId();
        const position = this.events.length + written.length + 1;
        seen.set(eventId, position);
        const json = isEncodedPayload(event.data) ? event.data.json : JSON.stringify(event.data);
        written.push({ position, eventId, stream, version: ++version, type: event.type, schema: currentSchemaVersion(event.type), json, meta: JSON.parse(JSON.stringify(event.meta)) as EventMeta, recordedAt });
      }
      pending.set(stream, version);
      versions.push(version);
    }
    // Nothing above changed the store: a conflict anywhere leaves it as it was.
    this.events.push(...written);
    for (const [stream, version] of pending) this.versions.set(stream, version);
    for (const [id, position] of seen) this.positionOfId.set(id, position);
    if (written.length > 0) lastPosition = Math.max(lastPosition, written[written.length - 1]!.position);
    return { versions, lastPosition, duplicates, appended: written.length };
  };

  // One writer at a time by construction: the re-decision cannot meet another conflict.
  readonly appendOrRedecide: EventStore["appendOrRedecide"] = (appends, redecide, alsoInTransaction) => {
    let result = this.append(appends);
    if (result instanceof VersionConflict) result = this.append(redecide());
    if (result instanceof VersionConflict) throw new Error(`appendOrRedecide: decided with no other writer, yet ${result.message}`);
    alsoInTransaction?.();
    return result;
  };

  readonly read = (filter: ReadFilter = {}): RecordedEvent[] => {
    const types = filter.types === undefined ? undefined : new Set(filter.types);
    const matches = (e: Stored) =>
      (filter.after === undefined || e.position > filter.after) &&
      (filter.before === undefined || e.position < filter.before) &&
      (types === undefined || types.has(e.type)) &&
      (filter.streamPrefix === undefined || e.stream.startsWith(filter.streamPrefix)) &&
      (filter.source === undefined || e.meta.source === filter.source) &&
      (filter.since === undefined || e.recordedAt >= filter.since) &&
      (filter.until === undefined || e.recordedAt <= filter.until);
    const ordered = filter.descending ? [...this.events].reverse() : this.events;
    const out: RecordedEvent[] = [];
    for (const e of ordered) {
      if (filter.limit !== undefined && out.length >= filter.limit) break;
      if (matches(e)) out.push(this.toEvent(e, filter));
    }
    return out;
  };

  readonly readStream = (stream: string, fromVersion = 1): RecordedEvent[] =>
    this.events.filter((e) => e.stream === stream && e.version >= fromVersion).map((e) => this.toEvent(e, {}));

  readonly streamVersion = (stream: string): number => this.versions.get(stream) ?? 0;

  readonly head = (): number => this.events.length;

  readonly tail: EventStore["tail"] = (options, onEvents) => pollTail(this.head, this.read, options, onEvents);

  readonly payloads: EventStore["payloads"] = async function* (this: InMemoryEventStore, positions, omit) {
    for (const p of positions) {
      const e = this.events[p - 1];
      yield e === undefined ? null : withoutFields(e.json, omit?.[e.type]);
    }
  };

  readonly reactorCheckpoint: EventStore["reactorCheckpoint"] = {
    read: (name) => this.checkpoints.get(name) ?? 0,
    save: (name, position) => void this.checkpoints.set(name, Math.max(position, this.checkpoints.get(name) ?? 0)),
  };

  // Kept as JSON, as the side table keeps it: a hint read back is a copy.
  readonly projectionHint: EventStore["projectionHint"] = {
    read: (name) => {
      const json = this.hints.get(name);
      return json === undefined ? null : (JSON.parse(json) as ProjectionHint);
    },
    save: (name, hint) => void this.hints.set(name, JSON.stringify({ ...hint, detail: hint.detail ?? null })),
    drop: (name) => void this.hints.delete(name),
  };

  private toEvent(e: Stored, filter: ReadFilter): RecordedEvent {
    const bare = filter.bare?.includes(e.type) ?? false;
    const pick = filter.summaries?.[e.type];
    const json = withoutFields(e.json, filter.omit?.[e.type]);
    let data: unknown;
    if (pick !== undefined) {
      const full = JSON.parse(json) as unknown;
      data = Object.fromEntries(Object.entries(pick).map(([name, spec]) => [name, extract(full, spec)]));
    } else data = JSON.parse(json);
    return bare
      ? { position: e.position, eventId: "", stream: "", version: 0, type: e.type, schema: e.schema, data, meta: "" as unknown as EventMeta, recordedAt: "" }
      : { position: e.position, eventId: e.eventId, stream: e.stream, version: e.version, type: e.type, schema: e.schema, data, meta: e.meta, recordedAt: e.recordedAt };
  }
}
