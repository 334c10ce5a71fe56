import type { GraphQueryable, EdgeKind } from "../../projections/index.js";
import { adjacency, edgesAt, type Direction, type EdgeRow } from "./adjacency.js";

export type { Direction, EdgeRow } from "./adjacency.js";

/**
 * Every edge of `kinds` leaving (`out`) or entering (`in`) any of the nodes `ids`, read from the
 * graph's edges in memory (`adjacency`). Rows come sorted by near node, kind, far node and line,
 * so answers do not depend on storage order.
 */
export const edgesOf = async (
  graph: GraphQueryable,
  ids: ReadonlyArray<string>,
  direction: Direction,
  kinds: ReadonlyArray<EdgeKind>,
): Promise<EdgeRow[]> => {
  if (ids.length === 0 || kinds.length === 0) return [];
  return edgesAt(await adjacency(graph), ids, direction, kinds);
};
