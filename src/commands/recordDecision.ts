import * as Effect from "effect/Effect";
import type { EventDecodeError, EventLog, EventLogError, VersionConflict } from "../events/index.js";
import { appendNew } from "./appendNew.js";
import { DuplicateContent, InvalidInput } from "./errors.js";
import { comparableText, findByEventId, findDuplicate } from "./findDuplicate.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readDecodedByType } from "./readMemory.js";
import { retryOnConflict } from "./retryOnConflict.js";
import { DEFAULT_MAX_CHARS, requireText, validRelatedTo } from "./validate.js";

export interface AlternativeInput {
  readonly title: string;
  readonly reasonRejected: string;
}

export interface RecordDecisionInput extends MemoryWrite {
  readonly title: string;
  readonly reasoning: string;
  /** Options considered and why each lost; each needs a reason. */
  readonly alternatives?: ReadonlyArray<AlternativeInput>;
  readonly relatedTo?: ReadonlyArray<string>;
}

export type RecordDecisionError = InvalidInput | DuplicateContent | VersionConflict | EventLogError | EventDecodeError;

const MAX_TITLE_CHARS = 200;
const MAX_ALTERNATIVES = 20;

const validAlternatives = (value: unknown, max: number) =>
  Effect.gen(function* () {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      return yield* Effect.fail(new InvalidInput({ field: "alternatives", reason: "must be a list of {title, reasonRejected}" }));
    }
    if (value.length > MAX_ALTERNATIVES) {
      return yield* Effect.fail(new InvalidInput({ field: "alternatives", reason: `has ${value.length} entries; keep the ${MAX_ALTERNATIVES} that matter` }));
    }
    const out: AlternativeInput[] = [];
    for (const [i, alt] of value.entries()) {
      const a = (alt ?? {}) as Partial<AlternativeInput>;
      const title = yield* requireText(`alternatives[${i + 1}].title`, a.title, MAX_TITLE_CHARS);
      const reasonRejected = yield* requireText(`alternatives[${i + 1}] "${title}" reason rejected`, a.reasonRejected, max);
      out.push({ title, reasonRejected });
    }
    return out;
  });

/** Records an accepted decision with the alternatives it beat, unless the same decision is already in force. */
export const recordDecision = (input: RecordDecisionInput): Effect.Effect<Stored, RecordDecisionError, EventLog> =>
  Effect.gen(function* () {
    const max = input.maxChars ?? DEFAULT_MAX_CHARS;
    const title = yield* requireText("title", input.title, Math.min(MAX_TITLE_CHARS, max));
    const reasoning = yield* requireText("reasoning", input.reasoning, max);
    const alternatives = yield* validAlternatives(input.alternatives, max);
    const relatedTo = yield* validRelatedTo(input.relatedTo);
    const history = yield* readDecodedByType(["DecisionRecorded", "DecisionSuperseded"]);
    const retry = findByEventId(history, input.idempotencyKey);
    if (retry?.type === "DecisionRecorded") return { id: retry.data.id, stream: retry.stream, position: retry.position, replayed: true };
    const existing = findDuplicate(history, comparableText.decision(title, reasoning));
    if (existing) return yield* Effect.fail(new DuplicateContent({ kind: "decision", existingId: existing }));
    return yield* appendNew(
      "decision",
      "DecisionRecorded",
      (id) => ({ id, title, reasoning, alternatives, status: "accepted", relatedTo }),
      input.meta,
      input.idempotencyKey,
    );
  }).pipe(retryOnConflict, Effect.withSpan("recordDecision"));
