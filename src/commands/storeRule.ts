import type { EventDecodeError, EventLogError } from "../events/index.js";
import { appendNew } from "./appendNew.js";
import { DuplicateContent, InvalidInput } from "./errors.js";
import { comparableText, findByEventId, findDuplicate } from "./findDuplicate.js";
import { answerOnly, handleCommand, type Command, type Decision } from "./handleCommand.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readEntries, type EntriesHistory } from "./readMemory.js";
import { DEFAULT_MAX_CHARS, requireText, validRelatedTo, validScope } from "./validate.js";

export interface StoreRuleInput extends MemoryWrite {
  readonly content: string;
  /** A glob (`src/api/**`) or an area name; missing means the whole project. */
  readonly scope?: string;
  /** File paths or symbol names the rule is about. */
  readonly relatedTo?: ReadonlyArray<string>;
}

export type StoreRuleError = InvalidInput | DuplicateContent | EventLogError | EventDecodeError;

interface Rule extends MemoryWrite {
  readonly content: string;
  readonly scope: string;
  readonly relatedTo: string[];
}

/** Given the rules so far, a rule is stored unless an active one says the same thing (or this is a retry of its own request). */
export const decideStoreRule = (history: EntriesHistory, rule: Rule): Decision<Stored | InvalidInput> | DuplicateContent => {
  const retry = findByEventId(history.events, rule.idempotencyKey);
  if (retry?.type === "RuleStored") return answerOnly({ id: retry.data.id, stream: retry.stream, position: retry.position, replayed: true });
  const existing = findDuplicate(history.events, comparableText.rule(rule.content));
  if (existing) return new DuplicateContent({ kind: "rule", existingId: existing });
  const { content, scope, relatedTo } = rule;
  return appendNew("rule", history.freshId, "RuleStored", { id: history.freshId, content, scope, relatedTo }, rule.meta, rule.idempotencyKey);
};

/** Stores a rule unless an active rule already says the same thing. */
export const storeRule =
  (input: StoreRuleInput): Command<Stored, StoreRuleError> =>
  (store) => {
    const content = requireText("content", input.content, input.maxChars ?? DEFAULT_MAX_CHARS);
    if (content instanceof InvalidInput) return content;
    const scope = validScope(input.scope);
    if (scope instanceof InvalidInput) return scope;
    const relatedTo = validRelatedTo(input.relatedTo);
    if (relatedTo instanceof InvalidInput) return relatedTo;
    const rule = { ...input, content, scope, relatedTo };
    return handleCommand(store, readEntries("rule", ["RuleStored", "RuleRetired"]), (history) => decideStoreRule(history, rule));
  };
