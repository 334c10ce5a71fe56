import type { EventDecodeError, EventLogError } from "../events/index.js";
import { appendNew } from "./appendNew.js";
import { DuplicateContent, InvalidInput } from "./errors.js";
import { comparableText, findByEventId, findDuplicate } from "./findDuplicate.js";
import { answerOnly, handleCommand, type Command, type Decision } from "./handleCommand.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readEntries, type EntriesHistory } from "./readMemory.js";
import { DEFAULT_MAX_CHARS, requireText, validScope } from "./validate.js";

export interface StoreConventionInput extends MemoryWrite {
  /** The habit in words: "services are classes named <Thing>Service". */
  readonly pattern: string;
  /** A short piece of code or a path that shows it. */
  readonly example: string;
  readonly scope?: string;
}

export type StoreConventionError = InvalidInput | DuplicateContent | EventLogError | EventDecodeError;

interface Convention extends MemoryWrite {
  readonly pattern: string;
  readonly example: string;
  readonly scope: string;
}

/** Given the conventions so far, one is stored unless one with the same pattern exists. */
export const decideStoreConvention = (history: EntriesHistory, convention: Convention): Decision<Stored | InvalidInput> | DuplicateContent => {
  const retry = findByEventId(history.events, convention.idempotencyKey);
  if (retry?.type === "ConventionStored") return answerOnly({ id: retry.data.id, stream: retry.stream, position: retry.position, replayed: true });
  const existing = findDuplicate(history.events, comparableText.convention(convention.pattern));
  if (existing) return new DuplicateContent({ kind: "convention", existingId: existing });
  const { pattern, example, scope } = convention;
  const id = history.freshId;
  return appendNew("convention", id, "ConventionStored", { id, pattern, example, scope }, convention.meta, convention.idempotencyKey);
};

/** Stores a coding convention unless one with the same pattern exists. */
export const storeConvention =
  (input: StoreConventionInput): Command<Stored, StoreConventionError> =>
  (store) => {
    const max = input.maxChars ?? DEFAULT_MAX_CHARS;
    const pattern = requireText("pattern", input.pattern, max);
    if (pattern instanceof InvalidInput) return pattern;
    const example = requireText("example", input.example, max);
    if (example instanceof InvalidInput) return example;
    const scope = validScope(input.scope);
    if (scope instanceof InvalidInput) return scope;
    const convention = { ...input, pattern, example, scope };
    return handleCommand(store, readEntries("convention", ["ConventionStored"]), (history) => decideStoreConvention(history, convention));
  };
