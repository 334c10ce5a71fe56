import * as Either from "effect/Either";
import { decodeEvent, type DecodedEvent, type EventStore, type EventType, type RecordedEvent } from "../events/index.js";
import type { MemoryKind } from "./errors.js";
import { newMemoryId } from "./memoryIds.js";

/**
 * Upcasts and decodes events read from the log (never from a read model). A payload no schema
 * reads throws its EventDecodeError, which handleCommand returns as the command's outcome.
 */
const decodeAll = (events: ReadonlyArray<RecordedEvent>): DecodedEvent[] =>
  events.map((e) => {
    const d = decodeEvent(e as Parameters<typeof decodeEvent>[0]);
    if (Either.isLeft(d)) throw d.left;
    return d.right;
  });

/** One stream's events in version order, plus the version to expect when appending after them. */
export interface StreamHistory {
  readonly events: DecodedEvent[];
  readonly version: number;
}

export const readDecodedStream = (store: EventStore, stream: string): StreamHistory => {
  const raw = store.readStream(stream);
  return { events: decodeAll(raw), version: raw.length === 0 ? 0 : raw[raw.length - 1]!.version };
};

/** Every event of these types in log order (memory events are few; the type index serves this). */
export const readDecodedByType = (store: EventStore, types: ReadonlyArray<EventType>): DecodedEvent[] => decodeAll(store.read({ types }));

/** What a new entry is decided from: the entries of its kind so far, and the id it gets if stored. */
export interface EntriesHistory {
  readonly events: ReadonlyArray<DecodedEvent>;
  /** Drawn with each read: an id that collided with another writer's is drawn again when the command re-decides. */
  readonly freshId: string;
}

export const readEntries =
  (kind: MemoryKind, types: ReadonlyArray<EventType>) =>
  (store: EventStore): EntriesHistory => ({ events: readDecodedByType(store, types), freshId: newMemoryId(kind) });
