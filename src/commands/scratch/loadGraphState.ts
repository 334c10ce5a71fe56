import * as Either from "effect/Either";
import { currentSchemaVersion, decodePayload, type EventStore, type RecordedEvent } from "../../events/index.js";
import { applyGraphEvent, emptyGraphState, type GraphState } from "./GraphState.js";

/**
 * Each graph's state as last folded, per store (one per log connection: SqliteEventStore.of). A command reads only the events its
 * stream gained since (usually none, or the last command's): re-folding a stream of 400,000
 * events for every write would make filling a graph quadratic. Never mutated but by folding
 * what the log holds, so a command that fails or loses a race leaves it right.
 */
const folded = new WeakMap<EventStore, Map<string, GraphState>>();

const payloadOf = (event: RecordedEvent): unknown => {
  if (event.schema === currentSchemaVersion(event.type)) return event.data;
  const decoded = decodePayload(event as RecordedEvent & { type: never });
  if (Either.isLeft(decoded)) throw decoded.left;
  return decoded.right;
};

/**
 * Folds the events a command has just appended at `expectedVersion` into the state it decided
 * from, instead of reading them back from the log: the log stored their JSON, which parses to
 * these same values. Skipped when the state has moved meanwhile (another command read them
 * first); the next load reads whatever it lacks.
 */
export const foldAppended = (state: GraphState, expectedVersion: number, events: ReadonlyArray<{ readonly type: string; readonly data: unknown }>): void => {
  if (state.version !== expectedVersion) return;
  for (const e of events) applyGraphEvent(state, e.type, e.data);
  state.version = expectedVersion + events.length;
};

/** The graph of `stream` as the log holds it now. */
export const loadGraphState = (log: EventStore, stream: string): GraphState => {
  let streams = folded.get(log);
  if (streams === undefined) folded.set(log, (streams = new Map()));
  let state = streams.get(stream);
  if (state === undefined) streams.set(stream, (state = emptyGraphState()));
  for (const event of log.readStream(stream, state.version + 1)) {
    applyGraphEvent(state, event.type, payloadOf(event));
    state.version = event.version;
  }
  return state;
};
