import type { GraphQueryable } from "../../projections/index.js";
import { LayeredMap } from "../layeredMap.js";
import { changedPart, cheaperToFollow, FILE_COLUMNS, SYMBOL_COLUMNS, type ChangedPart } from "../changedPart.js";
import { perGraphState } from "../perGraphState.js";

/** `File`, `External`, or a symbol kind (`Class`, `Function`, `Method`, …). */
export type NodeKind = string;

/** A graph node a name can resolve to: a symbol, a file, or an external module. */
export interface GraphNode {
  /** The graph node id: `s:<path>#<qualifiedName>`, `f:<path>` or `x:<specifier>`. */
  readonly id: string;
  readonly table: "Symbol" | "File" | "External";
  readonly kind: NodeKind;
  /** A symbol's own name, a file's base name, an external module's specifier. */
  readonly name: string;
  /** Dotted path inside its file (`Square.area`); a file's path; an external's specifier. */
  readonly qualifiedName: string;
  /** Project-relative file path; null for an external module. */
  readonly path: string | null;
  /** 1-based; 0 when the node has no place of its own (a file starts at 1). */
  readonly startLine: number;
  readonly endLine: number;
  readonly signature: string | null;
  readonly exported: boolean;
}

/** Every resolvable node of one graph state, with the lookups name resolution needs. */
export interface NodeIndex {
  readonly nodes: ReadonlyArray<GraphNode>;
  readonly byId: ReadonlyMap<string, GraphNode>;
  readonly files: ReadonlyArray<GraphNode>;
  readonly externals: ReadonlyArray<GraphNode>;
  /** Symbols by file path, in line order. */
  readonly symbolsByPath: ReadonlyMap<string, ReadonlyArray<GraphNode>>;
}

/** Code-point order: the same in every locale, so answers do not depend on the machine. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

const symbolNode = (r: Record<string, unknown>): GraphNode => ({
  id: str(r.id),
  table: "Symbol",
  kind: str(r.kind),
  name: str(r.name),
  qualifiedName: str(r.qualifiedName),
  path: str(r.path),
  startLine: Number(r.startLine ?? 0),
  endLine: Number(r.endLine ?? 0),
  signature: r.signature === null || r.signature === undefined ? null : String(r.signature),
  exported: r.exported === true,
});

const fileNode = (r: Record<string, unknown>): GraphNode => {
  const path = str(r.path);
  return {
    id: str(r.id),
    table: "File",
    kind: "File",
    name: path.slice(path.lastIndexOf("/") + 1),
    qualifiedName: path,
    path,
    startLine: 1,
    endLine: Number(r.lines ?? 0),
    signature: r.language === null || r.language === undefined ? null : String(r.language),
    exported: true,
  };
};

const externalNode = (r: Record<string, unknown>): GraphNode => ({
  id: str(r.id),
  table: "External",
  kind: "External",
  name: str(r.name),
  qualifiedName: str(r.name),
  path: null,
  startLine: 0,
  endLine: 0,
  signature: null,
  exported: true,
});

/** Symbols by file path, each list in line order. */
const groupSymbols = (nodes: ReadonlyArray<GraphNode>): Map<string, GraphNode[]> => {
  const symbolsByPath = new Map<string, GraphNode[]>();
  for (const n of nodes) {
    if (n.table !== "Symbol" || n.path === null) continue;
    const list = symbolsByPath.get(n.path);
    if (list) list.push(n);
    else symbolsByPath.set(n.path, [n]);
  }
  for (const list of symbolsByPath.values()) list.sort((a, b) => a.startLine - b.startLine || compareText(a.id, b.id));
  return symbolsByPath;
};

const buildIndex = (nodes: GraphNode[]): NodeIndex => ({
  nodes,
  byId: new Map(nodes.map((n) => [n.id, n])),
  files: nodes.filter((n) => n.table === "File"),
  externals: nodes.filter((n) => n.table === "External"),
  symbolsByPath: groupSymbols(nodes),
});

/** Builds an index from nodes already in hand (tests, or a caller that loaded them itself). */
export const nodeIndexOf = (nodes: ReadonlyArray<GraphNode>): NodeIndex => buildIndex([...nodes]);


const loadNodes = async (graph: GraphQueryable): Promise<GraphNode[]> => {
  const symbols = await graph.query(`MATCH (s:Symbol) RETURN ${SYMBOL_COLUMNS}`);
  const files = await graph.query(`MATCH (f:File) RETURN ${FILE_COLUMNS}`);
  const externals = await graph.query("MATCH (x:External) RETURN x.id AS id, x.name AS name");
  return [...symbols.map(symbolNode), ...files.map(fileNode), ...externals.map(externalNode)];
};

/** The changed files' nodes by parameterised queries, for paths `changedPart` cannot write as literals. */
const readPart = async (graph: GraphQueryable, changed: ReadonlySet<string>) => {
  const paths = [...changed];
  return {
    symbols: await graph.query(`MATCH (s:Symbol) WHERE list_contains($paths, s.path) RETURN ${SYMBOL_COLUMNS}`, { paths }),
    files: await graph.query(`MATCH (f:File) WHERE list_contains($paths, f.path) RETURN ${FILE_COLUMNS}`, { paths }),
    externals: await graph.query("MATCH (x:External) RETURN x.id AS id, x.name AS name"),
  };
};

/** How an index was brought forward from an earlier one: what `nameIndex` needs to follow it. */
export interface NodeIndexChange {
  readonly previous: NodeIndex;
  readonly removed: ReadonlyArray<GraphNode>;
  readonly added: ReadonlyArray<GraphNode>;
}

const changes = new WeakMap<NodeIndex, NodeIndexChange>();

/** The change that made `index` from an earlier index, if it was made that way (and not loaded whole). */
export const nodeIndexChange = (index: NodeIndex): NodeIndexChange | undefined => changes.get(index);

/**
 * `previous` with the nodes of the `changed` files read again and every external (few, and the
 * writes drop the unused ones). Nodes of other files are the same objects as before, so what
 * was computed per node (name keys) carries over.
 */
const updateNodes = async (previous: NodeIndex, changed: ReadonlySet<string>, graph: GraphQueryable): Promise<NodeIndex> => {
  if (changed.size === 0) return previous;
  if (!cheaperToFollow(changed.size, previous.files.length)) return loadNodes(graph).then(buildIndex);
  return followNodes(previous, changed, await (changedPart(graph, changed) ?? readPart(graph, changed)));
};

/** `previous` with the nodes of the `changed` files and the externals as `part` holds them now. */
export const followNodes = (previous: NodeIndex, changed: ReadonlySet<string>, part: Pick<ChangedPart, "symbols" | "files" | "externals">): NodeIndex => {
  const symbols = part.symbols.map(symbolNode);
  const freshFiles = part.files.map(fileNode);
  const oldExternals = new Map(previous.externals.map((n) => [n.id, n]));
  const externals = part.externals.map(externalNode).map((x) => oldExternals.get(x.id) ?? x);
  const keptExternals = new Set(externals);
  // The nodes going are the changed files' (found through the index, not by a pass over every
  // node comparing paths) and the externals the graph no longer has.
  const removed: GraphNode[] = previous.externals.filter((n) => !keptExternals.has(n));
  for (const path of changed) {
    const file = previous.byId.get(`f:${path}`);
    if (file !== undefined) removed.push(file);
    removed.push(...(previous.symbolsByPath.get(path) ?? []));
  }
  const going = new Set(removed);
  const added = [...symbols, ...freshFiles, ...externals.filter((x) => !oldExternals.has(x.id))];
  const nodes = [...previous.nodes.filter((n) => n.table !== "External" && !going.has(n)), ...symbols, ...freshFiles, ...externals];
  // The lookups of the untouched files carry over; only the changed files' entries are redone.
  const byId = LayeredMap.after(
    previous.byId,
    removed.map((n) => n.id),
    added.map((n) => [n.id, n] as const),
  );
  const symbolsByPath = LayeredMap.after(previous.symbolsByPath, changed, groupSymbols(symbols));
  const files = [...previous.files.filter((f) => !going.has(f)), ...freshFiles];
  const index: NodeIndex = { nodes, byId, files, externals, symbolsByPath };
  // One link only: an index must not keep every index before it alive.
  changes.delete(previous);
  changes.set(index, { previous, removed, added });
  return index;
};

/**
 * The resolvable nodes of `graph`, loaded with three queries and kept until the graph changes
 * (see `perGraphState`); after a write, only the files it changed are read again. Name matching
 * cannot use a Kuzu index, so it runs over this in memory.
 */
export const nodeIndex: (graph: GraphQueryable) => Promise<NodeIndex> = perGraphState((graph) => loadNodes(graph).then(buildIndex), updateNodes);

/**
 * The node with `id`, or a stand-in named by its id when the index lacks it (a node the graph
 * gained after the index was loaded): edges to it still show, by id.
 */
export const nodeOf = (index: NodeIndex, id: string): GraphNode => {
  const found = index.byId.get(id);
  if (found !== undefined) return found;
  const table = id.startsWith("f:") ? "File" : id.startsWith("x:") ? "External" : "Symbol";
  return { id, table, kind: table === "Symbol" ? "Symbol" : table, name: id, qualifiedName: id, path: null, startLine: 0, endLine: 0, signature: null, exported: false };
};
