import type { PlainGraph } from "../PlainGraph.js";

/**
 * A DOT quoted string. Inside quotes DOT escapes only `"`; Graphviz then reads labels (and
 * `id`, `tooltip`) as escStrings, where `\\` is one backslash and `\n` a line break. So a
 * backslash is doubled, a quote and a line break escaped, and every string of the output reads
 * back the same with those three rules (the mapping is one-to-one, so node ids stay distinct).
 */
export const dotString = (text: string): string =>
  `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\r/g, "\\r").replace(/\n/g, "\\n")}"`;

/**
 * The graph as a DOT digraph: one line per node (`id [label, kind, file, line]`, the label a
 * symbol's qualified name or a file's path) and per edge (`source -> target [label=kind, line]`).
 * `note` becomes a `//` comment on top.
 */
export const toDot = (graph: PlainGraph, note?: string): string => {
  const lines: string[] = [];
  if (note !== undefined) lines.push(...note.split("\n").map((l) => `// ${l}`));
  lines.push("digraph nemesis {");
  for (const n of graph.nodes) {
    const file = n.file === null ? "" : `, file=${dotString(n.file)}`;
    lines.push(`  ${dotString(n.id)} [label=${dotString(n.name)}, kind=${dotString(n.kind)}${file}, line=${n.line}];`);
  }
  for (const e of graph.edges) {
    lines.push(`  ${dotString(e.source)} -> ${dotString(e.target)} [label=${dotString(e.kind)}, line=${e.line}];`);
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
};
