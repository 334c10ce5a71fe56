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
let counter = 0;
// One getRandomValues call per 1,024 ids instead of one per id: appends of large batches mint many.
const POOL_IDS = 1024;
let pool = Buffer.alloc(0);
let poolOffset = 0;
const randomHex6 = (): string => {
  if (poolOffset >= pool.length) {
    pool = randomBytes(6 * POOL_IDS);
    poolOffset = 0;
  }
  const hex = pool.toString("hex", poolOffset, poolOffset + 6);
  poolOffset += 6;
  return hex;
};
/**
 * Time-ordered ids keep the UNIQUE(event_id) index append-mostly, which is what keeps
 * batched appends fast once the log holds millions of rows.
 */
export const newEventId = (): string => {
  const now = Date.now();
  if (now === lastMs) counter++;
  else {
    lastMs = now;
    counter = 0;
  }
  return `${now.toString(36).padStart(9, "0")}${counter.toString(36).padStart(4, "0")}${randomHex6()}`;
};
