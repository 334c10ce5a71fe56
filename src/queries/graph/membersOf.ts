import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import type { GraphNode, NodeIndex } from "../symbols/nodeIndex.js";

/**
 * The symbols a node owns, whose edges count as its own when asking what it depends on: every
 * symbol of a file; a class's methods, a namespace's or function's nested declarations (CONTAINS
 * and HAS_METHOD, a few levels deep). A function without nested declarations owns none.
 */
export const membersOf = async (graph: GraphQueryable, index: NodeIndex, node: GraphNode): Promise<GraphNode[]> => {
  if (node.table === "File") return [...(index.symbolsByPath.get(node.path ?? "") ?? [])];
  if (node.table !== "Symbol") return [];
  const rows = await graph.query(
    "MATCH (a:Symbol {id: $id})-[:CONTAINS|HAS_METHOD*1..4]->(m:Symbol) RETURN DISTINCT m.id AS id ORDER BY id",
    { id: node.id },
  );
  return rows.flatMap((r) => index.byId.get(String(r.id)) ?? []);
};
