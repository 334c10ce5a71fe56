import { randomBytes } from "node:crypto";
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

let lastMs = 0;
let prefix = "";
let counter = 0;
// One getRandomValues call (and one hex conversion) per 1,024 ids instead of one per id:
// appends of large batches mint many.
const POOL_IDS = 1024;
let poolHex = "";
let poolOffset = 0;
const randomHex6 = (): string => {
  if (poolOffset >= poolHex.length) {
    poolHex = randomBytes(6 * POOL_IDS).toString("hex");
    poolOffset = 0;
  }
  poolOffset += 12;
  return poolHex.slice(poolOffset - 12, poolOffset);
};
/**
 * Time-ordered ids keep the UNIQUE(event_id) index append-mostly, which is what keeps
 * batched appends fast once the log holds millions of rows. Within a process they never go
 * backwards, even when the clock does; the random tail keeps processes apart.
 */
export const newEventId = (): string => {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    prefix = now.toString(36).padStart(9, "0");
    counter = 0;
  } else counter++;
  return `${prefix}${counter.toString(36).padStart(4, "0")}${randomHex6()}`;
};
