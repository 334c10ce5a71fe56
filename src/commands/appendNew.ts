import type { EventMeta } from "../events/index.js";
import type { Decision } from "./handleCommand.js";
import { InvalidInput, type MemoryKind } from "./errors.js";
import { streamOf } from "./memoryIds.js";
import type { Stored } from "./MemoryWrite.js";

/** The answer to an append of one memory event: where it landed, or why an idempotency key wrote nothing. */
export const storedAt =
  (id: string, stream: string, idempotencyKey: string | undefined) =>
  (appended: { readonly appended: number; readonly lastPosition: number }): Stored | InvalidInput =>
    appended.appended === 0
      ? new InvalidInput({ field: "idempotencyKey", reason: `${idempotencyKey} is already used by another event: use a fresh key per request` })
      : { id, stream, position: appended.lastPosition, replayed: false };

/**
 * The first event of a fresh entry. "no_stream" makes an id collision (or a racing writer) a
 * conflict instead of a second entry under one id; the command then re-decides with a new id.
 */
export const appendNew = (
  kind: MemoryKind,
  id: string,
  type: string,
  data: unknown,
  meta: EventMeta,
  idempotencyKey: string | undefined,
): Decision<Stored | InvalidInput> => {
  const stream = streamOf(kind, id);
  return {
    appends: [{ stream, expectedVersion: "no_stream", events: [{ eventId: idempotencyKey, type, data, meta }] }],
    answer: storedAt(id, stream, idempotencyKey),
  };
};
