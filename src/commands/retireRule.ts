import * as Effect from "effect/Effect";
import { EventLog, type EventDecodeError, type EventLogError, type VersionConflict } from "../events/index.js";
import { AlreadyRetired, InvalidInput, NotFound } from "./errors.js";
import { kindOfId, streamOf } from "./memoryIds.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readDecodedStream } from "./readMemory.js";
import { retryOnConflict } from "./retryOnConflict.js";
import { DEFAULT_MAX_CHARS, optionalText, validId } from "./validate.js";

export interface RetireRuleInput extends MemoryWrite {
  readonly id: string;
  readonly reason?: string;
}

export type RetireRuleError = InvalidInput | NotFound | AlreadyRetired | VersionConflict | EventLogError | EventDecodeError;

/** A hint for an id that names nothing: often an id of another kind pasted into the wrong command. */
export const notFoundHint = (id: string, expected: "rule" | "decision" | "convention"): string => {
  const kind = kindOfId(id);
  return kind && kind !== expected
    ? `${id} is a ${kind} id, not a ${expected} id`
    : `check the id against the ${expected} list (retired and superseded entries keep their ids)`;
};

/** Retires an active rule; the rule stays in the log and in `--all` listings. */
export const retireRule = (input: RetireRuleInput): Effect.Effect<Stored, RetireRuleError, EventLog> =>
  Effect.gen(function* () {
    const id = yield* validId("id", input.id);
    const reason = yield* optionalText("reason", input.reason, input.maxChars ?? DEFAULT_MAX_CHARS, "");
    const stream = streamOf("rule", id);
    const { events, version } = yield* readDecodedStream(stream);
    if (!events.some((e) => e.type === "RuleStored")) {
      return yield* Effect.fail(new NotFound({ kind: "rule", id, hint: notFoundHint(id, "rule") }));
    }
    const retired = events.find((e) => e.type === "RuleRetired");
    if (retired) {
      if (input.idempotencyKey !== undefined && retired.eventId === input.idempotencyKey) {
        return { id, stream, position: retired.position, replayed: true };
      }
      return yield* Effect.fail(new AlreadyRetired({ id, retiredAt: retired.recordedAt }));
    }
    const log = yield* EventLog;
    const result = yield* log.append(stream, version, [
      { eventId: input.idempotencyKey, type: "RuleRetired", data: { id, reason }, meta: input.meta },
    ]);
    if (result.appended === 0) {
      return yield* Effect.fail(
        new InvalidInput({ field: "idempotencyKey", reason: `${input.idempotencyKey} is already used by another event: use a fresh key per request` }),
      );
    }
    return { id, stream, position: result.lastPosition, replayed: false };
  }).pipe(retryOnConflict, Effect.withSpan("retireRule"));
