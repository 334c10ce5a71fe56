import { writeScratch, type GraphFormat } from "../../../queries/index.js";
import type { ToolContext } from "../../ToolContext.js";
import { analysisGraph } from "./graphAccess.js";

/**
 * export_graph on a scratch graph: its first `maxNodes` nodes (in the order added) with their
 * types and properties, and every edge between them, in a format import_graph reads back. The
 * answer says when the cap cut it short.
 */
export const exportScratch = async (ctx: ToolContext, name: string, format: GraphFormat, maxNodes: number) => {
  await analysisGraph(ctx, name);
  const reader = await ctx.scratchGraphs();
  const total = reader.countNodes(name);
  const nodes = reader.nodes(name, { limit: maxNodes });
  const kept = new Set(nodes.map((n) => n.label));
  const all = reader.edges(name);
  const edges = nodes.length === total ? all : all.filter((e) => kept.has(e.source) && kept.has(e.target));
  return {
    format,
    scope: `graph ${name}`,
    nodes: nodes.length,
    edges: edges.length,
    nodeCapped: nodes.length < total,
    edgeCapped: edges.length < all.length,
    content: writeScratch(name, { nodes, edges }, format),
  };
};
