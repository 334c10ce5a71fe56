import type { EventMeta } from "../../events/index.js";
import { edgeKey, type EdgeState } from "./GraphState.js";
import { writeGraph } from "./writeGraph.js";

export interface EdgeSelector {
  /** Exact labels (a tool resolves what the agent wrote first). */
  readonly source: string;
  readonly target: string;
  /** One relation, or null for every relation from source to target. */
  readonly relation: string | null;
}

/**
 * Removes the edges each selector names; a selector that names none removes nothing. Returns
 * the edges removed, so a caller can tell "nothing there" from "done".
 */
export const removeEdges = (graph: string, selectors: ReadonlyArray<EdgeSelector>, meta: EventMeta) =>
  writeGraph(graph, meta, (draft): EdgeState[] => {
      const removed: EdgeState[] = [];
      for (const s of selectors) {
        const matching =
          s.relation === null
            ? draft.incident(s.source).filter((e) => e.source === s.source && e.target === s.target)
            : [draft.edge(edgeKey(s.source, s.target, s.relation))].filter((e): e is EdgeState => e !== undefined);
        for (const e of matching) {
          draft.dropEdge(e);
          removed.push(e);
        }
      }
      return removed;
  });
