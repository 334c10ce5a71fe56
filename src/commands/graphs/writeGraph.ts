import * as Effect from "effect/Effect";
import { EventLog, EventLogError, graphStream, type EventMeta, type VersionConflict } from "../../events/index.js";
import type { InvalidInput } from "../errors.js";
import type { ReadOnlyGraph } from "./errors.js";
import { GraphDraft } from "./GraphDraft.js";
import { foldAppended, loadGraphState } from "./loadGraphState.js";
import type { GraphState } from "./GraphState.js";
import { writableGraph } from "./validate.js";
import { retryOnConflict } from "../retryOnConflict.js";

export interface GraphWrite<A> {
  readonly graph: string;
  readonly answer: A;
  /** Events appended (0 when the graph already said all of it). */
  readonly appended: number;
  /** Position of the last event appended, or 0. */
  readonly position: number;
}

/**
 * The frame of every graph command: read the graph's stream as it is now, let `decide` draft
 * the changes, append them expecting the stream still at the version read. Another writer in
 * between makes that a conflict, and the whole command reads and decides again (as
 * commands/retryOnConflict.ts does), so two clients writing to one graph lose nothing.
 */
export const writeGraph = <A, E extends { readonly _tag: string }>(
  graph: string,
  meta: EventMeta,
  decide: (draft: GraphDraft, state: GraphState) => Effect.Effect<A, E>,
): Effect.Effect<GraphWrite<A>, E | InvalidInput | ReadOnlyGraph | VersionConflict | EventLogError, EventLog> =>
  Effect.gen(function* () {
    const name = yield* writableGraph(graph);
    const log = yield* EventLog;
    const stream = graphStream(name);
    const state = yield* Effect.try({
      try: () => loadGraphState(log.handle, stream),
      catch: (e) => new EventLogError({ reason: `reading ${stream}: ${e instanceof Error ? e.message : String(e)}` }),
    });
    const draft = new GraphDraft(state);
    const answer = yield* decide(draft, state);
    if (draft.events.length === 0) return { graph: name, answer, appended: 0, position: 0 };
    const expected = state.version;
    const result = yield* log.append(
      stream,
      expected,
      draft.events.map((e) => ({ type: e.type, data: e.data, meta })),
    );
    // A graph filled in batches would otherwise read every batch back from the log (and parse it) before the next.
    foldAppended(state, expected, draft.events);
    return { graph: name, answer, appended: result.appended, position: result.lastPosition };
  }).pipe(
    retryOnConflict,
    Effect.withSpan("writeGraph"),
  );
