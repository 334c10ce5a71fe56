import type { GraphQueryable } from "../../projections/index.js";
import { codeNode, nodeFields } from "../graph/graphNodes.js";
import { queryAsList } from "../graph/queryAsList.js";
import { buildAnalysisGraph, type AnalysisGraph } from "../algorithms/AnalysisGraph.js";

/** The name under which the code graph is read by the graph tools. */
export const CODE_GRAPH_NAME = "code";

/** How a code node is labelled: a file by its path, a symbol by `path#qualified.name`, an external module by `external:<name>`. */
const labelOf = (node: ReturnType<typeof codeNode>): string =>
  node.kind === "File" ? node.name : node.kind === "External" ? `external:${node.name}` : `${node.file}#${node.name}`;

/**
 * The whole code graph as an analysis graph: every file, symbol and external module, every
 * edge of every kind (the relation is the edge kind: CALLS, IMPORTS, CONTAINS…). A symbol also
 * answers to its qualified and its short name. For `ctx.graphSnapshot`: built once per graph checkpoint.
 */
export const loadCodeGraph = async (graph: GraphQueryable): Promise<AnalysisGraph> => {
  const rows = await queryAsList(graph, "MATCH (a:File:Symbol:External)", nodeFields("a"));
  const labels = new Map<string, string>();
  const nodes = rows.map((r) => {
    const node = codeNode(r, "a");
    const label = labelOf(node);
    labels.set(node.id, label);
    const short = node.name.includes(".") ? node.name.slice(node.name.lastIndexOf(".") + 1) : node.name;
    const aliases = node.kind === "File" || node.kind === "External" ? [] : [...new Set([node.name, short])];
    return { label, type: node.kind, aliases };
  });
  nodes.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const edges = (await queryAsList(graph, "MATCH (a)-[r]->(b)", { src: "a.id", dst: "b.id", kind: "label(r)" }))
    .map((r) => ({ source: labels.get(String(r.src)), target: labels.get(String(r.dst)), relation: String(r.kind) }))
    .filter((e): e is { source: string; target: string; relation: string } => e.source !== undefined && e.target !== undefined);
  return buildAnalysisGraph({ name: CODE_GRAPH_NAME, nodes, edges });
};
