import { dotString } from "../../analysis/export/toDot.js";
import { csvField } from "../../analysis/export/toCsv.js";
import { xmlText } from "../../analysis/export/toGraphML.js";
import { hasProperties, type GraphDocument, type ScratchFormat } from "./GraphDocument.js";

/**
 * JSON `{"graph", "nodes": [{label, type, properties}], "edges": [{source, target, relation,
 * properties}]}`, one node or edge a line: exactly what import_graph and add_nodes/add_edges take.
 */
export const toScratchJson = (name: string, doc: GraphDocument): string => {
  const list = (items: unknown[]) => (items.length === 0 ? "[]" : `[\n${items.map((i) => JSON.stringify(i)).join(",\n")}\n]`);
  return `{"graph":${JSON.stringify(name)},\n"nodes":${list([...doc.nodes])},\n"edges":${list([...doc.edges])}}\n`;
};

/** A CSV field that a reader never takes for a comment line (csv-parse's `#`). */
const field = (v: string): string => (v.startsWith("#") ? `"${v.replace(/"/g, '""')}"` : csvField(v));

/**
 * CSV with the header `source,target,relation,properties,type` (RFC 4180, CRLF): first a row
 * per node (its label as source, target empty, its type and JSON properties), then a row per
 * edge (properties as JSON). Node rows keep isolated nodes and types through a round trip.
 */
export const toScratchCsv = (doc: GraphDocument): string => {
  const rows = ["source,target,relation,properties,type"];
  for (const n of doc.nodes) rows.push([field(n.label), "", "", hasProperties(n.properties) ? field(JSON.stringify(n.properties)) : "", field(n.type ?? "")].join(","));
  for (const e of doc.edges) rows.push([field(e.source), field(e.target), field(e.relation), hasProperties(e.properties) ? field(JSON.stringify(e.properties)) : "", ""].join(","));
  return `${rows.join("\r\n")}\r\n`;
};

/** DOT digraph: `"label" [type="…", properties="{json}"]` per node, `"a" -> "b" [label="relation", properties="{json}"]` per edge. */
export const toScratchDot = (name: string, doc: GraphDocument): string => {
  const lines = [`digraph ${dotString(name)} {`];
  for (const n of doc.nodes) {
    const attrs = [n.type === null ? null : `type=${dotString(n.type)}`, hasProperties(n.properties) ? `properties=${dotString(JSON.stringify(n.properties))}` : null].filter((a) => a !== null);
    lines.push(`  ${dotString(n.label)}${attrs.length > 0 ? ` [${attrs.join(", ")}]` : ""};`);
  }
  for (const e of doc.edges) {
    const props = hasProperties(e.properties) ? `, properties=${dotString(JSON.stringify(e.properties))}` : "";
    lines.push(`  ${dotString(e.source)} -> ${dotString(e.target)} [label=${dotString(e.relation)}${props}];`);
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
};

/** GraphML, directed: node data `type` and `properties` (JSON), edge data `relation` and `properties`. */
export const toScratchGraphML = (name: string, doc: GraphDocument): string => {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    '  <key id="type" for="node" attr.name="type" attr.type="string"/>',
    '  <key id="properties" for="node" attr.name="properties" attr.type="string"/>',
    '  <key id="relation" for="edge" attr.name="relation" attr.type="string"/>',
    '  <key id="edgeProperties" for="edge" attr.name="properties" attr.type="string"/>',
    `  <graph id="${xmlText(name)}" edgedefault="directed">`,
  ];
  for (const n of doc.nodes) {
    const type = n.type === null ? "" : `<data key="type">${xmlText(n.type)}</data>`;
    const props = hasProperties(n.properties) ? `<data key="properties">${xmlText(JSON.stringify(n.properties))}</data>` : "";
    lines.push(`    <node id="${xmlText(n.label)}">${type}${props}</node>`);
  }
  for (const e of doc.edges) {
    const props = hasProperties(e.properties) ? `<data key="edgeProperties">${xmlText(JSON.stringify(e.properties))}</data>` : "";
    lines.push(`    <edge source="${xmlText(e.source)}" target="${xmlText(e.target)}"><data key="relation">${xmlText(e.relation)}</data>${props}</edge>`);
  }
  lines.push("  </graph>", "</graphml>");
  return `${lines.join("\n")}\n`;
};

export const writeScratch = (name: string, doc: GraphDocument, format: ScratchFormat): string => {
  switch (format) {
    case "json":
      return toScratchJson(name, doc);
    case "csv":
      return toScratchCsv(doc);
    case "dot":
      return toScratchDot(name, doc);
    case "graphml":
      return toScratchGraphML(name, doc);
  }
};
