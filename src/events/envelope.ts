import * as Schema from "effect/Schema";
import { EVENT_SOURCES } from "./eventNames.js";

export const EventSource = Schema.Literal(...EVENT_SOURCES);
export type EventSource = typeof EventSource.Type;

/** Who asked for a write and why: what `nemesis log` shows as the audit trail. */
export const EventMeta = Schema.Struct({
  source: EventSource,
  actor: Schema.optional(Schema.String),
  session: Schema.optional(Schema.String),
  causationId: Schema.optional(Schema.String),
  correlationId: Schema.optional(Schema.String),
});
export type EventMeta = typeof EventMeta.Type;

/** An event on its way into the log. `eventId` is the idempotency key. */
export interface NewEvent {
  readonly eventId?: string;
  readonly type: string;
  /** The payload, or an `EncodedPayload` of it (serialised by the thread that made it). */
  readonly data: unknown;
  readonly meta: EventMeta;
}

/** An event as the log holds it; `data` is still the raw payload of `schema`'s version. */
export interface RecordedEvent {
  readonly position: number;
  readonly eventId: string;
  readonly stream: string;
  readonly version: number;
  readonly type: string;
  readonly schema: number;
  readonly data: unknown;
  readonly meta: EventMeta;
  readonly recordedAt: string;
}

export type ExpectedVersion = number | "any" | "no_stream";

// Kept in its own module so an append (a hook) does not load the schema library with it.
export { newEventId } from "./eventId.js";
