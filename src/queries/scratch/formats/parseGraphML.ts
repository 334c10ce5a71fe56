import { SaxesParser } from "saxes";
import { DEFAULT_RELATION, formatError, type DocEdge, type DocNode, type FormatError, type GraphDocument } from "./GraphDocument.js";

interface Key {
  readonly name: string;
  readonly for: string;
  readonly type: string;
}

/** A data value as its key's attr.type says (GraphML's int, long, float, double, boolean; string otherwise). */
const typed = (text: string, type: string): unknown => {
  if (["int", "long", "float", "double"].includes(type)) {
    const n = Number(text.trim());
    return Number.isFinite(n) ? n : text;
  }
  if (type === "boolean") return text.trim() === "true";
  return text;
};

class Refused extends Error {}

/**
 * GraphML (strict XML, through saxes: a document that is not well-formed is refused with its
 * line and column). Keys named `type` (nodes), `relation`, `label` or `kind` (edges) and
 * `properties` (a JSON object) map onto ours; data of any other key becomes a property, typed by
 * its attr.type. Scratch graphs are directed, so undirected edges (edgedefault="undirected"
 * without directed="true", or directed="false") are refused, as are hyperedges and nested graphs.
 */
export const parseScratchGraphML = (text: string): GraphDocument | FormatError => {
  const keys = new Map<string, Key>();
  const nodes: DocNode[] = [];
  const edges: DocEdge[] = [];
  const stack: string[] = [];
  let edgeDefault: string | null = null;
  let graphs = 0;
  let item: { kind: "node" | "edge"; label: string; source: string; target: string; type: string | null; relation: string | null; properties: Record<string, unknown> } | null = null;
  let data: { key: string; text: string } | null = null;
  let sawRoot = false;
  const parser = new SaxesParser({ xmlns: false, position: true });
  const where = () => `line ${parser.line}`;
  const refuse = (message: string): never => {
    throw new Refused(message);
  };
  parser.on("opentag", (tag) => {
    const a = tag.attributes as Record<string, string>;
    const parent = stack[stack.length - 1];
    stack.push(tag.name);
    switch (tag.name) {
      case "graphml":
        sawRoot = true;
        return;
      case "key":
        if (a.id === undefined) refuse(`${where()}: a <key> without an id`);
        keys.set(a.id!, { name: a["attr.name"] ?? a.id!, for: a.for ?? "all", type: a["attr.type"] ?? "string" });
        return;
      case "graph":
        if (parent !== "graphml") refuse(`${where()}: nested graphs are not supported; flatten the graph first`);
        if (++graphs > 1) refuse(`${where()}: GraphML holds more than one graph; import them one at a time`);
        edgeDefault = a.edgedefault ?? null;
        if (edgeDefault === null) refuse(`${where()}: <graph> needs edgedefault="directed"`);
        return;
      case "node":
        if (parent !== "graph") refuse(`${where()}: <node> outside <graph>`);
        if (a.id === undefined) refuse(`${where()}: a <node> without an id`);
        item = { kind: "node", label: a.id!, source: "", target: "", type: null, relation: null, properties: {} };
        return;
      case "edge": {
        if (parent !== "graph") refuse(`${where()}: <edge> outside <graph>`);
        if (a.source === undefined || a.target === undefined) refuse(`${where()}: an <edge> needs source and target`);
        const directed = a.directed === undefined ? edgeDefault === "directed" : a.directed === "true";
        if (!directed) {
          refuse(
            `${where()}: GraphML with undirected edges (edgedefault="${edgeDefault}"${a.directed === undefined ? "" : `, directed="${a.directed}"`}): scratch graphs are directed; use edgedefault="directed" (an undirected relation is two edges, one each way)`,
          );
        }
        item = { kind: "edge", label: "", source: a.source!, target: a.target!, type: null, relation: null, properties: {} };
        return;
      }
      case "hyperedge":
        return refuse(`${where()}: hyperedges are not supported`);
      case "data":
        if (item !== null && a.key !== undefined) data = { key: a.key, text: "" };
        return;
    }
  });
  const onText = (t: string) => {
    if (data !== null) data.text += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", (tag) => {
    stack.pop();
    if (tag.name === "data" && data !== null && item !== null) {
      const key = keys.get(data.key);
      const name = key?.name ?? data.key;
      if (name === "properties") {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.text);
        } catch {
          parsed = undefined;
        }
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) refuse(`${where()}: properties data must be a JSON object`);
        Object.assign(item.properties, parsed);
      } else if (item.kind === "node" && name === "type") item.type = data.text;
      else if (item.kind === "edge" && item.relation === null && ["relation", "label", "kind"].includes(name)) item.relation = data.text;
      else item.properties[name] = typed(data.text, key?.type ?? "string");
      data = null;
    } else if (tag.name === "node" && item !== null) {
      nodes.push({ label: item.label, type: item.type, properties: item.properties });
      item = null;
    } else if (tag.name === "edge" && item !== null) {
      edges.push({ source: item.source, target: item.target, relation: item.relation ?? DEFAULT_RELATION, properties: item.properties });
      item = null;
    }
  });
  try {
    parser.write(text).close();
  } catch (e) {
    return formatError(e instanceof Refused ? `GraphML refused: ${e.message}` : `not valid GraphML (XML): ${(e as Error).message}`);
  }
  if (!sawRoot) return formatError("not GraphML: the root element must be <graphml>");
  if (graphs === 0) return formatError("GraphML without a <graph> element");
  return { nodes, edges };
};
