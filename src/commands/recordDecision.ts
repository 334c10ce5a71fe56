import type { EventDecodeError, EventLogError } from "../events/index.js";
import { appendNew } from "./appendNew.js";
import { DuplicateContent, InvalidInput } from "./errors.js";
import { comparableText, findByEventId, findDuplicate } from "./findDuplicate.js";
import { answerOnly, handleCommand, type Command, type Decision } from "./handleCommand.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readEntries, type EntriesHistory } from "./readMemory.js";
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

export type RecordDecisionError = InvalidInput | DuplicateContent | EventLogError | EventDecodeError;

const MAX_TITLE_CHARS = 200;
const MAX_ALTERNATIVES = 20;

const validAlternatives = (value: unknown, max: number): AlternativeInput[] | InvalidInput => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return new InvalidInput({ field: "alternatives", reason: "must be a list of {title, reasonRejected}" });
  if (value.length > MAX_ALTERNATIVES) return new InvalidInput({ field: "alternatives", reason: `has ${value.length} entries; keep the ${MAX_ALTERNATIVES} that matter` });
  const out: AlternativeInput[] = [];
  for (const [i, alt] of value.entries()) {
    const a = (alt ?? {}) as Partial<AlternativeInput>;
    const title = requireText(`alternatives[${i + 1}].title`, a.title, MAX_TITLE_CHARS);
    if (title instanceof InvalidInput) return title;
    const reasonRejected = requireText(`alternatives[${i + 1}] "${title}" reason rejected`, a.reasonRejected, max);
    if (reasonRejected instanceof InvalidInput) return reasonRejected;
    out.push({ title, reasonRejected });
  }
  return out;
};

interface Decided extends MemoryWrite {
  readonly title: string;
  readonly reasoning: string;
  readonly alternatives: AlternativeInput[];
  readonly relatedTo: string[];
}

/** Given the decisions so far, one is recorded unless the same decision is already in force. */
export const decideRecordDecision = (history: EntriesHistory, decision: Decided): Decision<Stored | InvalidInput> | DuplicateContent => {
  const retry = findByEventId(history.events, decision.idempotencyKey);
  if (retry?.type === "DecisionRecorded") return answerOnly({ id: retry.data.id, stream: retry.stream, position: retry.position, replayed: true });
  const existing = findDuplicate(history.events, comparableText.decision(decision.title, decision.reasoning));
  if (existing) return new DuplicateContent({ kind: "decision", existingId: existing });
  const { title, reasoning, alternatives, relatedTo } = decision;
  const id = history.freshId;
  return appendNew("decision", id, "DecisionRecorded", { id, title, reasoning, alternatives, status: "accepted", relatedTo }, decision.meta, decision.idempotencyKey);
};

/** Records an accepted decision with the alternatives it beat, unless the same decision is already in force. */
export const recordDecision =
  (input: RecordDecisionInput): Command<Stored, RecordDecisionError> =>
  (store) => {
    const max = input.maxChars ?? DEFAULT_MAX_CHARS;
    const title = requireText("title", input.title, Math.min(MAX_TITLE_CHARS, max));
    if (title instanceof InvalidInput) return title;
    const reasoning = requireText("reasoning", input.reasoning, max);
    if (reasoning instanceof InvalidInput) return reasoning;
    const alternatives = validAlternatives(input.alternatives, max);
    if (alternatives instanceof InvalidInput) return alternatives;
    const relatedTo = validRelatedTo(input.relatedTo);
    if (relatedTo instanceof InvalidInput) return relatedTo;
    const decision = { ...input, title, reasoning, alternatives, relatedTo };
    return handleCommand(store, readEntries("decision", ["DecisionRecorded", "DecisionSuperseded"]), (history) => decideRecordDecision(history, decision));
  };
