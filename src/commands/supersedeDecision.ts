import type { DecodedEvent, EventDecodeError, EventLogError, EventStore } from "../events/index.js";
import { storedAt } from "./appendNew.js";
import { AlreadySuperseded, InvalidInput, NotFound } from "./errors.js";
import { answerOnly, handleCommand, type Command, type Decision } from "./handleCommand.js";
import { streamOf } from "./memoryIds.js";
import type { MemoryWrite, Stored } from "./MemoryWrite.js";
import { readDecodedStream, type StreamHistory } from "./readMemory.js";
import { notFoundHint } from "./retireRule.js";
import { DEFAULT_MAX_CHARS, optionalText, validId } from "./validate.js";

export interface SupersedeDecisionInput extends MemoryWrite {
  /** The decision that no longer holds. */
  readonly id: string;
  /** The decision that replaces it; it must already be recorded. */
  readonly by: string;
  readonly reason?: string;
}

export type SupersedeDecisionError = InvalidInput | NotFound | AlreadySuperseded | EventLogError | EventDecodeError;

const supersession = (events: ReadonlyArray<DecodedEvent>) => {
  for (const e of events) if (e.type === "DecisionSuperseded") return e;
  return null;
};

/** Both decisions' streams: the one superseded and its replacement. */
interface Pair {
  readonly old: StreamHistory;
  readonly replacement: StreamHistory;
}

/** Given both streams, the old decision is marked as replaced by a recorded decision still in force. */
export const decideSupersede = (
  history: Pair,
  supersede: MemoryWrite & { readonly id: string; readonly by: string; readonly reason: string },
): Decision<Stored | InvalidInput> | InvalidInput | NotFound | AlreadySuperseded => {
  const { id, by } = supersede;
  const stream = streamOf("decision", id);
  if (!history.old.events.some((e) => e.type === "DecisionRecorded")) return new NotFound({ kind: "decision", id, hint: notFoundHint(id, "decision") });
  if (!history.replacement.events.some((e) => e.type === "DecisionRecorded")) {
    return new NotFound({ kind: "decision", id: by, hint: `${notFoundHint(by, "decision")}; record the new decision first, then supersede ${id} by its id` });
  }
  const done = supersession(history.old.events);
  if (done && done.type === "DecisionSuperseded") {
    if (supersede.idempotencyKey !== undefined && done.eventId === supersede.idempotencyKey) return answerOnly({ id, stream, position: done.position, replayed: true });
    return new AlreadySuperseded({ id, supersededBy: done.data.supersededBy });
  }
  const byDone = supersession(history.replacement.events);
  if (byDone && byDone.type === "DecisionSuperseded") {
    return new InvalidInput({ field: "by", reason: `must name a decision in force: ${by} is itself superseded by ${byDone.data.supersededBy}: supersede ${id} by ${byDone.data.supersededBy}` });
  }
  return {
    appends: [
      {
        stream,
        expectedVersion: history.old.version,
        events: [{ eventId: supersede.idempotencyKey, type: "DecisionSuperseded", data: { id, supersededBy: by, reason: supersede.reason }, meta: supersede.meta }],
      },
      // The empty append to the replacement's stream asserts it did not change meanwhile (e.g. got superseded).
      { stream: streamOf("decision", by), expectedVersion: history.replacement.version, events: [] },
    ],
    answer: storedAt(id, stream, supersede.idempotencyKey),
  };
};

/** Marks a decision as replaced by another recorded decision. */
export const supersedeDecision =
  (input: SupersedeDecisionInput): Command<Stored, SupersedeDecisionError> =>
  (store) => {
    const id = validId("id", input.id);
    if (id instanceof InvalidInput) return id;
    const by = validId("by", input.by);
    if (by instanceof InvalidInput) return by;
    if (id === by) return new InvalidInput({ field: "by", reason: `must name another decision: ${id} cannot supersede itself; pass the id of the decision that replaces it` });
    const reason = optionalText("reason", input.reason, input.maxChars ?? DEFAULT_MAX_CHARS, "");
    if (reason instanceof InvalidInput) return reason;
    const read = (s: EventStore): Pair => ({ old: readDecodedStream(s, streamOf("decision", id)), replacement: readDecodedStream(s, streamOf("decision", by)) });
    return handleCommand(store, read, (history) => decideSupersede(history, { ...input, id, by, reason }));
  };
