import * as Effect from "effect/Effect";
import type { EventDecodeError, EventLog, EventLogError, VersionConflict } from "../events/index.js";
import { appendNew } from "./appendNew.js";
import { DuplicateContent, type InvalidInput } from "./errors.js";
import { comparableText, findByEventId, findDuplicate } from "./findDuplicate.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readDecodedByType } from "./readMemory.js";
import { retryOnConflict } from "./retryOnConflict.js";
import { DEFAULT_MAX_CHARS, requireText, validRelatedTo, validScope } from "./validate.js";

export interface StoreRuleInput extends MemoryWrite {
  readonly content: string;
  /** A glob (`src/api/**`) or an area name; missing means the whole project. */
  readonly scope?: string;
  /** File paths or symbol names the rule is about. */
  readonly relatedTo?: ReadonlyArray<string>;
}

export type StoreRuleError = InvalidInput | DuplicateContent | VersionConflict | EventLogError | EventDecodeError;

/** Stores a rule unless an active rule already says the same thing. */
export const storeRule = (input: StoreRuleInput): Effect.Effect<Stored, StoreRuleError, EventLog> =>
  Effect.gen(function* () {
    const content = yield* requireText("content", input.content, input.maxChars ?? DEFAULT_MAX_CHARS);
    const scope = yield* validScope(input.scope);
    const relatedTo = yield* validRelatedTo(input.relatedTo);
    const history = yield* readDecodedByType(["RuleStored", "RuleRetired"]);
    const retry = findByEventId(history, input.idempotencyKey);
    if (retry?.type === "RuleStored") return { id: retry.data.id, stream: retry.stream, position: retry.position, replayed: true };
    const existing = findDuplicate(history, comparableText.rule(content));
    if (existing) return yield* Effect.fail(new DuplicateContent({ kind: "rule", existingId: existing }));
    return yield* appendNew("rule", "RuleStored", (id) => ({ id, content, scope, relatedTo }), input.meta, input.idempotencyKey);
  }).pipe(retryOnConflict, Effect.withSpan("storeRule"));
