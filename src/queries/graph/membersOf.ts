import type { GraphQueryable } from "../../projections/index.js";
import { compareText, type GraphNode, type NodeIndex } from "../symbols/nodeIndex.js";
import { adjacency, edgesAt } from "./adjacency.js";

/** How deep ownership is followed: a method of a class nested in a namespace in a file. */
const LEVELS = 4;

/**
 * The symbols a node owns, whose edges count as its own when asking what it depends on: every
 * symbol of a file; a class's methods, a namespace's or function's nested declarations (CONTAINS
 * and HAS_METHOD, a few levels deep), in id order. A function without nested declarations owns none.
 */
export const membersOf = async (graph: GraphQueryable, index: NodeIndex, node: GraphNode): Promise<GraphNode[]> => {
  if (node.table === "File") return [...(index.symbolsByPath.get(node.path ?? "") ?? [])];
  if (node.table !== "Symbol") return [];
  const edges = await adjacency(graph);
  const owned = new Set<string>([node.id]);
  let frontier = [node.id];
  for (let level = 0; level < LEVELS && frontier.length > 0; level++) {
    const next: string[] = [];
    for (const e of edgesAt(edges, frontier, "out", ["CONTAINS", "HAS_METHOD"])) {
      if (owned.has(e.to)) continue;
      owned.add(e.to);
      next.push(e.to);
    }
    frontier = next;
  }
  owned.delete(node.id);
  return [...owned].sort(compareText).flatMap((id) => {
    const member = index.byId.get(id);
    return member?.table === "Symbol" ? [member] : [];
  });
};
