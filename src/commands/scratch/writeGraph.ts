import { graphStream, type EventLogError, type EventMeta } from "../../events/index.js";
import type { InvalidInput } from "../errors.js";
import { answerOnly, handleCommand, isTaggedError, type Command, type Decision, type TaggedError } from "../handleCommand.js";
import type { ReadOnlyGraph } from "./errors.js";
import { GraphDraft } from "./GraphDraft.js";
import { foldAppended, loadGraphState } from "./loadGraphState.js";
import type { GraphState } from "./GraphState.js";
import { writableGraph } from "./validate.js";

export interface GraphWrite<A> {
  readonly graph: string;
  readonly answer: A;
  /** Events appended (0 when the graph already said all of it). */
  readonly appended: number;
  /** Position of the last event appended, or 0. */
  readonly position: number;
}

/**
 * The frame of every scratch-graph command: `decide` drafts the changes against the graph's
 * stream as it is now (its answer, or a tagged error), and handleCommand appends them expecting
 * the stream still at the version read. Another writer in between makes handleCommand decide
 * again on the graph as that writer left it, so two clients writing to one graph lose nothing.
 */
export const writeGraph =
  <R, A = Exclude<R, TaggedError>, E extends TaggedError = Extract<R, TaggedError>>(
    graph: string,
    meta: EventMeta,
    decide: (draft: GraphDraft, state: GraphState) => R,
  ): Command<GraphWrite<A>, E | InvalidInput | ReadOnlyGraph | EventLogError> =>
  (store) => {
    const name = writableGraph(graph);
    if (isTaggedError(name)) return name;
    const stream = graphStream(name);
    const outcome = handleCommand(
      store,
      (s) => loadGraphState(s, stream),
      (state): Decision<GraphWrite<A>> | E => {
        const draft = new GraphDraft(state);
        const answer = decide(draft, state);
        if (isTaggedError(answer)) return answer as unknown as E;
        if (draft.events.length === 0) return answerOnly<GraphWrite<A>>({ graph: name, answer: answer as unknown as A, appended: 0, position: 0 });
        const expected = state.version;
        return {
          appends: [{ stream, expectedVersion: expected, events: draft.events.map((e) => ({ type: e.type, data: e.data, meta })) }],
          answer: (appended) => {
            // A graph filled in batches would otherwise read every batch back from the log (and parse it) before the next.
            foldAppended(state, expected, draft.events);
            return { graph: name, answer: answer as unknown as A, appended: appended.appended, position: appended.lastPosition };
          },
        };
      },
    );
    return outcome as GraphWrite<A> | E | EventLogError;
  };
