import type { GraphQueryable } from "../../projections/index.js";
import type { GraphNode, NodeIndex } from "./nodeIndex.js";

/**
 * The definition an export alias (`export { Dialog as Popup }`, a re-export under another name)
 * stands for, or null when `node` is no such alias. The graph gives an alias node the only
 * IMPORTS edge a symbol has, already followed through every re-export to the definition.
 */
export const exportedDefinition = async (graph: GraphQueryable, index: NodeIndex, node: GraphNode): Promise<GraphNode | null> => {
  if (node.table !== "Symbol" || node.kind !== "Variable") return null;
  const rows = await graph.query("MATCH (a:Symbol {id: $id})-[:IMPORTS]->(b:Symbol) RETURN b.id AS id", { id: node.id });
  for (const row of rows) {
    const target = index.byId.get(String(row.id));
    if (target !== undefined) return target;
  }
  return null;
};
