import type { PlainGraph } from "../PlainGraph.js";

// Characters XML 1.0 cannot hold at all (C0 controls but tab, LF and CR; lone surrogates;
// U+FFFE/U+FFFF) become U+FFFD, the replacement character.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as XML character data or an attribute value: the five entities, and tab, LF and CR as
 * character references so an attribute keeps them (a parser normalises raw ones to spaces).
 */
export const xmlText = (text: string): string =>
  text
    .replace(NOT_XML, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");

const KEYS = [
  '  <key id="kind" for="node" attr.name="kind" attr.type="string"/>',
  '  <key id="name" for="node" attr.name="name" attr.type="string"/>',
  '  <key id="file" for="node" attr.name="file" attr.type="string"/>',
  '  <key id="line" for="node" attr.name="line" attr.type="int"/>',
  '  <key id="edgeKind" for="edge" attr.name="kind" attr.type="string"/>',
  '  <key id="edgeLine" for="edge" attr.name="line" attr.type="int"/>',
];

/**
 * The graph as GraphML (directed): node data kind, name, file (absent for externals), line;
 * edge data kind and line. `note` becomes an XML comment.
 */
export const toGraphML = (graph: PlainGraph, note?: string): string => {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  // A comment holds no entities, only no "--".
  if (note !== undefined) lines.push(`<!-- ${note.replace(NOT_XML, "\uFFFD").replace(/-(?=-)/g, "- ")} -->`);
  lines.push('<graphml xmlns="http://graphml.graphdrawing.org/xmlns">', ...KEYS, '  <graph id="nemesis" edgedefault="directed">');
  for (const n of graph.nodes) {
    const file = n.file === null ? "" : `<data key="file">${xmlText(n.file)}</data>`;
    lines.push(
      `    <node id="${xmlText(n.id)}"><data key="kind">${xmlText(n.kind)}</data><data key="name">${xmlText(n.name)}</data>${file}<data key="line">${n.line}</data></node>`,
    );
  }
  for (const e of graph.edges) {
    lines.push(
      `    <edge source="${xmlText(e.source)}" target="${xmlText(e.target)}"><data key="edgeKind">${xmlText(e.kind)}</data><data key="edgeLine">${e.line}</data></edge>`,
    );
  }
  lines.push("  </graph>", "</graphml>");
  return `${lines.join("\n")}\n`;
};
