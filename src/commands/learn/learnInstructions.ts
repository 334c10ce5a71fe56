import type { EventDecodeError, EventLogError, EventMeta } from "../../events/index.js";
import { comparableText } from "../findDuplicate.js";
import { isTaggedError, type Command } from "../handleCommand.js";
import type { Stored } from "../MemoryWrite.js";
import { readDecodedByType } from "../readMemory.js";
import { recordDecision } from "../recordDecision.js";
import { storeConvention } from "../storeConvention.js";
import { storeRule } from "../storeRule.js";
import { normaliseForComparison } from "../validate.js";
import type { Instruction } from "./classifyInstruction.js";

export interface LearnInput {
  readonly instructions: ReadonlyArray<Instruction>;
  /** Source `auto-learn`, and the session the instructions were said in. */
  readonly meta: EventMeta;
  /** config memory.max_rule_chars. */
  readonly maxChars?: number;
}

export type LearnOutcome =
  | { readonly kind: "stored"; readonly stored: Stored }
  /** Memory already holds this text (as any kind), under this id. */
  | { readonly kind: "known"; readonly id: string }
  /** The command refused the text (too long, empty once trimmed): why. */
  | { readonly kind: "refused"; readonly reason: string };

export interface Learned {
  readonly instruction: Instruction;
  readonly outcome: LearnOutcome;
}

/** A decision's title is at most this long (recordDecision's limit). */
const MAX_TITLE = 200;

const title = (text: string): string => (text.length <= MAX_TITLE ? text : `${text.slice(0, MAX_TITLE - 1).trimEnd()}…`);

/** The text an entry is compared by, whatever its kind: a rule once learned is not learned again as a decision. */
const activeTexts = (history: ReadonlyArray<{ readonly type: string; readonly data: unknown }>): Map<string, string> => {
  const byId = new Map<string, string>();
  for (const e of history) {
    const d = e.data as { id: string; content?: string; title?: string; pattern?: string };
    if (e.type === "RuleStored") byId.set(d.id, comparableText.rule(d.content!));
    else if (e.type === "DecisionRecorded") byId.set(d.id, normaliseForComparison(d.title!));
    else if (e.type === "ConventionStored") byId.set(d.id, comparableText.convention(d.pattern!));
    else if (e.type === "RuleRetired" || e.type === "DecisionSuperseded") byId.delete(d.id);
  }
  // Text → id, for lookups.
  return new Map([...byId].map(([id, text]) => [text, id]));
};

/** The first code span of a sentence, as a convention's example; the sentence itself when it has none. */
const exampleOf = (instruction: Instruction): string => /`([^`]+)`/.exec(instruction.sentence)?.[1] ?? instruction.sentence;

/**
 * Stores what the classifier found as rules, decisions and conventions, each through its own
 * command (so each is validated and lands in the log like any other write, with `meta` saying it
 * was learned and in which session). Text that memory already holds in force is skipped, whichever
 * kind holds it; so is the same text twice in one batch.
 */
export const learnInstructions =
  (input: LearnInput): Command<Learned[], EventLogError | EventDecodeError> =>
  (store) => {
    let history;
    try {
      history = readDecodedByType(store, ["RuleStored", "RuleRetired", "DecisionRecorded", "DecisionSuperseded", "ConventionStored"]);
    } catch (e) {
      if (isTaggedError(e)) return e as EventDecodeError;
      throw e;
    }
    const known = activeTexts(history);
    const out: Learned[] = [];
    const write = { meta: input.meta, ...(input.maxChars !== undefined ? { maxChars: input.maxChars } : {}) };
    for (const instruction of input.instructions) {
      const text = instruction.kind === "decision" ? title(instruction.text) : instruction.text;
      const existing = known.get(normaliseForComparison(text));
      if (existing !== undefined) {
        out.push({ instruction, outcome: { kind: "known", id: existing } });
        continue;
      }
      const command =
        instruction.kind === "rule"
          ? storeRule({ ...write, content: text })
          : instruction.kind === "decision"
            ? recordDecision({ ...write, title: text, reasoning: instruction.sentence })
            : storeConvention({ ...write, pattern: text, example: exampleOf(instruction) });
      const result = command(store);
      let outcome: LearnOutcome;
      if (!isTaggedError(result)) outcome = { kind: "stored", stored: result };
      else if (result._tag === "DuplicateContent") outcome = { kind: "known", id: result.existingId };
      else if (result._tag === "InvalidInput") outcome = { kind: "refused", reason: result.message };
      else return result;
      if (outcome.kind === "stored") known.set(normaliseForComparison(text), outcome.stored.id);
      out.push({ instruction, outcome });
    }
    return out;
  };
