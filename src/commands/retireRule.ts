import type { EventDecodeError, EventLogError } from "../events/index.js";
import { storedAt } from "./appendNew.js";
import { AlreadyRetired, InvalidInput, NotFound } from "./errors.js";
import { answerOnly, handleCommand, type Command, type Decision } from "./handleCommand.js";
import { kindOfId, streamOf } from "./memoryIds.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readDecodedStream, type StreamHistory } from "./readMemory.js";
import { DEFAULT_MAX_CHARS, optionalText, validId } from "./validate.js";

export interface RetireRuleInput extends MemoryWrite {
  readonly id: string;
  readonly reason?: string;
}

export type RetireRuleError = InvalidInput | NotFound | AlreadyRetired | EventLogError | EventDecodeError;

/** A hint for an id that names nothing: often an id of another kind pasted into the wrong command. */
export const notFoundHint = (id: string, expected: "rule" | "decision" | "convention"): string => {
  const kind = kindOfId(id);
  return kind && kind !== expected
    ? `${id} is a ${kind} id, not a ${expected} id`
    : `check the id against the ${expected} list (retired and superseded entries keep their ids)`;
};

/** Given the rule's stream, an active rule is retired; a retired one stays as it is. */
export const decideRetireRule = (
  history: StreamHistory,
  retire: MemoryWrite & { readonly id: string; readonly reason: string },
): Decision<Stored | InvalidInput> | NotFound | AlreadyRetired => {
  const { id } = retire;
  const stream = streamOf("rule", id);
  if (!history.events.some((e) => e.type === "RuleStored")) return new NotFound({ kind: "rule", id, hint: notFoundHint(id, "rule") });
  const retired = history.events.find((e) => e.type === "RuleRetired");
  if (retired) {
    if (retire.idempotencyKey !== undefined && retired.eventId === retire.idempotencyKey) return answerOnly({ id, stream, position: retired.position, replayed: true });
    return new AlreadyRetired({ id, retiredAt: retired.recordedAt });
  }
  return {
    appends: [{ stream, expectedVersion: history.version, events: [{ eventId: retire.idempotencyKey, type: "RuleRetired", data: { id, reason: retire.reason }, meta: retire.meta }] }],
    answer: storedAt(id, stream, retire.idempotencyKey),
  };
};

/** Retires an active rule; the rule stays in the log and in `--all` listings. */
export const retireRule =
  (input: RetireRuleInput): Command<Stored, RetireRuleError> =>
  (store) => {
    const id = validId("id", input.id);
    if (id instanceof InvalidInput) return id;
    const reason = optionalText("reason", input.reason, input.maxChars ?? DEFAULT_MAX_CHARS, "");
    if (reason instanceof InvalidInput) return reason;
    const retire = { ...input, id, reason };
    return handleCommand(store, (s) => readDecodedStream(s, streamOf("rule", id)), (history) => decideRetireRule(history, retire));
  };
