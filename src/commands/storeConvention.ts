import * as Effect from "effect/Effect";
import type { EventDecodeError, EventLog, EventLogError, VersionConflict } from "../events/index.js";
import { appendNew } from "./appendNew.js";
import { DuplicateContent, type InvalidInput } from "./errors.js";
import { comparableText, findByEventId, findDuplicate } from "./findDuplicate.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readDecodedByType } from "./readMemory.js";
import { retryOnConflict } from "./retryOnConflict.js";
import { DEFAULT_MAX_CHARS, requireText, validScope } from "./validate.js";

export interface StoreConventionInput extends MemoryWrite {
  /** The habit in words: "services are classes named <Thing>Service". */
  readonly pattern: string;
  /** A short piece of code or a path that shows it. */
  readonly example: string;
  readonly scope?: string;
}

export type StoreConventionError = InvalidInput | DuplicateContent | VersionConflict | EventLogError | EventDecodeError;

/** Stores a coding convention unless one with the same pattern exists. */
export const storeConvention = (input: StoreConventionInput): Effect.Effect<Stored, StoreConventionError, EventLog> =>
  Effect.gen(function* () {
    const max = input.maxChars ?? DEFAULT_MAX_CHARS;
    const pattern = yield* requireText("pattern", input.pattern, max);
    const example = yield* requireText("example", input.example, max);
    const scope = yield* validScope(input.scope);
    const history = yield* readDecodedByType(["ConventionStored"]);
    const retry = findByEventId(history, input.idempotencyKey);
    if (retry?.type === "ConventionStored") return { id: retry.data.id, stream: retry.stream, position: retry.position, replayed: true };
    const existing = findDuplicate(history, comparableText.convention(pattern));
    if (existing) return yield* Effect.fail(new DuplicateContent({ kind: "convention", existingId: existing }));
    return yield* appendNew("convention", "ConventionStored", (id) => ({ id, pattern, example, scope }), input.meta, input.idempotencyKey);
  }).pipe(retryOnConflict, Effect.withSpan("storeConvention"));
