import type { PlainGraph } from "../PlainGraph.js";

/**
 * The graph as JSON `{nodes: [{id, kind, name, file, line}], edges: [{source, target, kind,
 * line}]}`, one node or edge a line; `note`, when given, is a `note` field beside them.
 */
export const toJson = (graph: PlainGraph, note?: string): string => {
  const nodes = graph.nodes.map((n) => JSON.stringify({ id: n.id, kind: n.kind, name: n.name, file: n.file, line: n.line }));
  const edges = graph.edges.map((e) => JSON.stringify({ source: e.source, target: e.target, kind: e.kind, line: e.line }));
  const list = (items: string[]) => (items.length === 0 ? "[]" : `[\n${items.join(",\n")}\n]`);
  const head = note === undefined ? "" : `"note":${JSON.stringify(note)},\n`;
  return `{${head}"nodes":${list(nodes)},\n"edges":${list(edges)}}\n`;
};
