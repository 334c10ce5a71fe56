import { trace } from "../../shared/index.js";
import type { GraphQueryable } from "../../projections/index.js";
import { pinGraph } from "../perGraphState.js";
import { nameIndex } from "../symbols/nameIndex.js";
import { nodeIndex } from "../symbols/nodeIndex.js";
import { adjacency } from "./adjacency.js";

/**
 * Loads what the graph tools read for the graph's present state (the node index, its name index
 * and the edges in memory), so that the first call after a change does not wait for it: on
 * sympy that is about a second, while an agent's next call after an edit comes seconds later. A
 * call arriving meanwhile waits for the same load rather than starting another.
 */
export const warmGraphReads = async (graph: GraphQueryable): Promise<void> => {
  trace("GraphReads.warm");
  const pinned = pinGraph(graph);
  nameIndex(await nodeIndex(pinned));
  await adjacency(pinned);
  trace("GraphReads.warmed");
};
