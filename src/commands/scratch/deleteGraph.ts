import type { EventMeta } from "../../events/index.js";
import { GraphNotFound } from "./errors.js";
import { writeGraph } from "./writeGraph.js";

/**
 * Empties a graph with one GraphDeleted event. Its history stays in the log (graph events are
 * kept forever), so `nemesis log --stream graph:<name>` still shows what it held; a later write
 * starts it afresh.
 */
export const deleteGraph = (graph: string, meta: EventMeta) =>
  writeGraph(graph, meta, (draft, state) => {
    if (!state.exists) return new GraphNotFound({ graph });
    const counts = { nodes: state.nodes.size, edges: state.edges.size };
    draft.events.push({ type: "GraphDeleted", data: counts });
    return counts;
  });
