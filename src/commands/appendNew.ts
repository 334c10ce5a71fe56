import * as Effect from "effect/Effect";
import { EventLog, type EventMeta, type EventLogError, type VersionConflict } from "../events/index.js";
import { InvalidInput, type MemoryKind } from "./errors.js";
import { newMemoryId, streamOf } from "./memoryIds.js";
import type { Stored } from "./MemoryWrite.js";

/**
 * Appends the first event of a fresh entry. "no_stream" makes an id collision (or a racing
 * writer) a conflict instead of a second entry under one id.
 */
export const appendNew = (
  kind: MemoryKind,
  type: string,
  dataFor: (id: string) => unknown,
  meta: EventMeta,
  idempotencyKey: string | undefined,
): Effect.Effect<Stored, InvalidInput | VersionConflict | EventLogError, EventLog> =>
  Effect.gen(function* () {
    const log = yield* EventLog;
    const id = newMemoryId(kind);
    const stream = streamOf(kind, id);
    const result = yield* log.append(stream, "no_stream", [{ eventId: idempotencyKey, type, data: dataFor(id), meta }]);
    if (result.appended === 0) {
      return yield* Effect.fail(
        new InvalidInput({ field: "idempotencyKey", reason: `${idempotencyKey} is already used by another event: use a fresh key per request` }),
      );
    }
    return { id, stream, position: result.lastPosition, replayed: false };
  });
