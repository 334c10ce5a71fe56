import * as Effect from "effect/Effect";
import { EventLog, type DecodedEvent, type EventDecodeError, type EventLogError, type VersionConflict } from "../events/index.js";
import { AlreadySuperseded, InvalidInput, NotFound } from "./errors.js";
import { streamOf } from "./memoryIds.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readDecodedStream } from "./readMemory.js";
import { notFoundHint } from "./retireRule.js";
import { retryOnConflict } from "./retryOnConflict.js";
import { DEFAULT_MAX_CHARS, optionalText, validId } from "./validate.js";

export interface SupersedeDecisionInput extends MemoryWrite {
  /** The decision that no longer holds. */
  readonly id: string;
  /** The decision that replaces it; it must already be recorded. */
  readonly by: string;
  readonly reason?: string;
}

export type SupersedeDecisionError =
  | InvalidInput
  | NotFound
  | AlreadySuperseded
  | VersionConflict
  | EventLogError
  | EventDecodeError;

const supersession = (events: ReadonlyArray<DecodedEvent>) => {
  for (const e of events) if (e.type === "DecisionSuperseded") return e;
  return null;
};

/** Marks a decision as replaced by another recorded decision. */
export const supersedeDecision = (input: SupersedeDecisionInput): Effect.Effect<Stored, SupersedeDecisionError, EventLog> =>
  Effect.gen(function* () {
    const id = yield* validId("id", input.id);
    const by = yield* validId("by", input.by);
    if (id === by) return yield* Effect.fail(new InvalidInput({ field: "by", reason: `must name another decision: ${id} cannot supersede itself; pass the id of the decision that replaces it` }));
    const reason = yield* optionalText("reason", input.reason, input.maxChars ?? DEFAULT_MAX_CHARS, "");
    const stream = streamOf("decision", id);
    const old = yield* readDecodedStream(stream);
    if (!old.events.some((e) => e.type === "DecisionRecorded")) {
      return yield* Effect.fail(new NotFound({ kind: "decision", id, hint: notFoundHint(id, "decision") }));
    }
    const replacement = yield* readDecodedStream(streamOf("decision", by));
    if (!replacement.events.some((e) => e.type === "DecisionRecorded")) {
      return yield* Effect.fail(
        new NotFound({ kind: "decision", id: by, hint: `${notFoundHint(by, "decision")}; record the new decision first, then supersede ${id} by its id` }),
      );
    }
    const done = supersession(old.events);
    if (done && done.type === "DecisionSuperseded") {
      if (input.idempotencyKey !== undefined && done.eventId === input.idempotencyKey) {
        return { id, stream, position: done.position, replayed: true };
      }
      return yield* Effect.fail(new AlreadySuperseded({ id, supersededBy: done.data.supersededBy }));
    }
    const byDone = supersession(replacement.events);
    if (byDone && byDone.type === "DecisionSuperseded") {
      return yield* Effect.fail(
        new InvalidInput({ field: "by", reason: `must name a decision in force: ${by} is itself superseded by ${byDone.data.supersededBy}: supersede ${id} by ${byDone.data.supersededBy}` }),
      );
    }
    const log = yield* EventLog;
    // The empty append to the replacement's stream asserts it did not change meanwhile (e.g. got superseded).
    const result = yield* log.appendMany([
      {
        stream,
        expectedVersion: old.version,
        events: [{ eventId: input.idempotencyKey, type: "DecisionSuperseded", data: { id, supersededBy: by, reason }, meta: input.meta }],
      },
      { stream: streamOf("decision", by), expectedVersion: replacement.version, events: [] },
    ]);
    if (result.appended === 0) {
      return yield* Effect.fail(
        new InvalidInput({ field: "idempotencyKey", reason: `${input.idempotencyKey} is already used by another event: use a fresh key per request` }),
      );
    }
    return { id, stream, position: result.lastPosition, replayed: false };
  }).pipe(retryOnConflict, Effect.withSpan("supersedeDecision"));
