import * as Effect from "effect/Effect";
import * as Either from "effect/Either";
import {
  decodeEvent,
  EventLog,
  type DecodedEvent,
  type EventDecodeError,
  type EventLogError,
  type EventType,
} from "../events/index.js";

/** Reads events from the log (never from a read model) and upcasts/decodes them. */
const decodeAll = (events: ReadonlyArray<Parameters<typeof decodeEvent>[0]>): Effect.Effect<DecodedEvent[], EventDecodeError> =>
  Effect.suspend(() => {
    const out: DecodedEvent[] = [];
    for (const e of events) {
      const d = decodeEvent(e);
      if (Either.isLeft(d)) return Effect.fail(d.left);
      out.push(d.right);
    }
    return Effect.succeed(out);
  });

/** One stream's events in version order, plus the version to expect when appending after them. */
export const readDecodedStream = (
  stream: string,
): Effect.Effect<{ events: DecodedEvent[]; version: number }, EventLogError | EventDecodeError, EventLog> =>
  Effect.gen(function* () {
    const log = yield* EventLog;
    const raw = yield* log.readStream(stream);
    const events = yield* decodeAll(raw);
    return { events, version: raw.length === 0 ? 0 : raw[raw.length - 1]!.version };
  });

/** Every event of these types in log order (memory events are few; the type index serves this). */
export const readDecodedByType = (
  types: ReadonlyArray<EventType>,
): Effect.Effect<DecodedEvent[], EventLogError | EventDecodeError, EventLog> =>
  Effect.gen(function* () {
    const log = yield* EventLog;
    return yield* decodeAll(yield* log.read({ types }));
  });
