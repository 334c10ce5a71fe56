import type { PlainGraph } from "../PlainGraph.js";

/** One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, a quote or a line break. */
export const csvField = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The graph as a CSV edge list `source,target,kind,line` (CRLF line ends, RFC 4180). Node ids
 * carry the rest (`f:<path>`, `s:<path>#<qualified name>`, `x:<module>`); a node with no edge
 * in the graph is a row of its own with target, kind and line empty. `note` becomes a first
 * line starting with `#`.
 */
export const toCsv = (graph: PlainGraph, note?: string): string => {
  const rows: string[] = [];
  if (note !== undefined) rows.push(...note.split("\n").map((l) => `# ${l}`));
  rows.push("source,target,kind,line");
  const linked = new Set<string>();
  for (const e of graph.edges) {
    linked.add(e.source);
    linked.add(e.target);
    rows.push([e.source, e.target, e.kind, e.line].map(csvField).join(","));
  }
  for (const n of graph.nodes) if (!linked.has(n.id)) rows.push(`${csvField(n.id)},,,`);
  return `${rows.join("\r\n")}\r\n`;
};
