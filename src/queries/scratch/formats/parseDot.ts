import { parse, type ClusterStatementASTNode, type EdgeASTNode, type GraphASTNode, type NodeASTNode } from "@ts-graphviz/ast";
import { DEFAULT_RELATION, formatError, type DocEdge, type DocNode, type FormatError, type GraphDocument } from "./GraphDocument.js";

/**
 * A quoted DOT string after the parser (which resolves only `\"`): Graphviz reads the rest as an
 * escString, `\\` one backslash and `\n`/`\r` line breaks, which is how toDot writes them.
 */
const unescape = (value: string, quoted: boolean | "html"): string =>
  quoted === true ? value.replace(/\\([\\nr])/g, (_m, c: string) => (c === "n" ? "\n" : c === "r" ? "\r" : "\\")) : value;

type Attributes = Array<{ key: { value: string; quoted: boolean | "html" }; value: { value: string; quoted: boolean | "html" } }>;

/** `type`, `label`/`relation`, and `properties` (JSON) are ours; every other attribute becomes a property (text). */
const readAttributes = (attrs: Attributes, where: string): { named: Map<string, string>; properties: Record<string, unknown> } | FormatError => {
  const named = new Map<string, string>();
  const properties: Record<string, unknown> = {};
  for (const a of attrs) {
    const key = unescape(a.key.value, a.key.quoted);
    const value = unescape(a.value.value, a.value.quoted);
    if (key === "properties") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return formatError(`${where}: properties must be a JSON object, not ${JSON.stringify(value.slice(0, 60))}`);
      Object.assign(properties, parsed);
    } else named.set(key, value);
  }
  return { named, properties };
};

/**
 * A DOT digraph (through @ts-graphviz/ast): node statements give types (`type`) and properties,
 * edge statements (chains `a -> b -> c` and groups `a -> {b c}` too) give edges whose relation is
 * their `label` (or `relation`) attribute. Subgraphs are flattened. An undirected graph is
 * refused: scratch graphs are directed.
 */
export const parseScratchDot = (text: string): GraphDocument | FormatError => {
  let graphs: GraphASTNode[];
  try {
    graphs = parse(text).children.filter((c): c is GraphASTNode => c.type === "Graph");
  } catch (e) {
    return formatError(`not valid DOT: ${(e as Error).message}`);
  }
  if (graphs.length !== 1) return formatError(`DOT must hold one digraph, not ${graphs.length}`);
  const graph = graphs[0]!;
  if (!graph.directed) return formatError(`DOT graph is undirected ("graph" with "--" edges): scratch graphs are directed; write "digraph" with "->" edges`);
  const nodes = new Map<string, { type: string | null; properties: Record<string, unknown> }>();
  const edges: DocEdge[] = [];
  let failure: FormatError | null = null;
  const idOf = (id: { value: string; quoted: boolean | "html" }) => unescape(id.value, id.quoted);
  const touch = (label: string) => {
    if (!nodes.has(label)) nodes.set(label, { type: null, properties: {} });
  };
  const node = (s: NodeASTNode) => {
    const label = idOf(s.id);
    const read = readAttributes(s.children as unknown as Attributes, `node "${label}"`);
    if ("_tag" in read) return (failure = read);
    const { named, properties } = read;
    const type = named.get("type") ?? null;
    named.delete("type");
    for (const [k, v] of named) properties[k] = v;
    const old = nodes.get(label);
    nodes.set(label, { type: type ?? old?.type ?? null, properties: { ...old?.properties, ...properties } });
  };
  const edge = (s: EdgeASTNode) => {
    const ends = s.targets.map((t) => (t.type === "NodeRef" ? [idOf(t.id)] : t.children.map((r) => idOf(r.id))));
    const read = readAttributes(s.children as unknown as Attributes, `edge from "${ends[0]?.[0] ?? "?"}"`);
    if ("_tag" in read) return (failure = read);
    const { named, properties } = read;
    const relation = named.get("label") ?? named.get("relation") ?? DEFAULT_RELATION;
    named.delete("label");
    named.delete("relation");
    for (const [k, v] of named) properties[k] = v;
    for (const group of ends) for (const label of group) touch(label);
    for (let i = 0; i + 1 < ends.length; i++) {
      for (const source of ends[i]!) for (const target of ends[i + 1]!) edges.push({ source, target, relation, properties: { ...properties } });
    }
  };
  const walk = (statements: ReadonlyArray<ClusterStatementASTNode>) => {
    for (const s of statements) {
      if (failure !== null) return;
      if (s.type === "Node") node(s);
      else if (s.type === "Edge") edge(s);
      else if (s.type === "Subgraph") walk(s.children);
    }
  };
  walk(graph.children);
  if (failure !== null) return failure;
  const docNodes: DocNode[] = [...nodes].map(([label, n]) => ({ label, type: n.type, properties: n.properties }));
  return { nodes: docNodes, edges };
};
