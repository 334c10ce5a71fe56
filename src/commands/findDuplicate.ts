import type { DecodedEvent } from "../events/index.js";
import { normaliseForComparison } from "./validate.js";

/** The text two entries are compared by: a rule's content, a decision's title and reasoning, a convention's pattern. */
export const comparableText = {
  rule: (content: string) => normaliseForComparison(content),
  decision: (title: string, reasoning: string) => `${normaliseForComparison(title)}\n${normaliseForComparison(reasoning)}`,
  convention: (pattern: string) => normaliseForComparison(pattern),
};

/**
 * Folds memory events into the entries still in force (retired rules and superseded decisions
 * drop out, so their text may be stored again) and returns the id whose text equals `text`.
 */
export const findDuplicate = (history: ReadonlyArray<DecodedEvent>, text: string): string | null => {
  const active = new Map<string, string>();
  for (const e of history) {
    switch (e.type) {
      case "RuleStored":
        active.set(e.data.id, comparableText.rule(e.data.content));
        break;
      case "DecisionRecorded":
        active.set(e.data.id, comparableText.decision(e.data.title, e.data.reasoning));
        break;
      case "ConventionStored":
        active.set(e.data.id, comparableText.convention(e.data.pattern));
        break;
      case "RuleRetired":
      case "DecisionSuperseded":
        active.delete(e.data.id);
        break;
      default:
        break;
    }
  }
  for (const [id, t] of active) if (t === text) return id;
  return null;
};

/** A retry with an idempotency key already stored finds its own earlier event. */
export const findByEventId = (history: ReadonlyArray<DecodedEvent>, eventId: string | undefined): DecodedEvent | null =>
  eventId === undefined ? null : (history.find((e) => e.eventId === eventId) ?? null);
