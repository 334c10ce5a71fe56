import { REL_PAIRS, EDGE_KINDS, type EdgeKind, type GraphQueryable } from "../../projections/index.js";
import { changedPart, cheaperToFollow } from "../changedPart.js";
import { perGraphState } from "../perGraphState.js";
import { compareText, nodeOf, type GraphNode, type NodeIndex } from "../symbols/nodeIndex.js";
import type { Adjacency, Side } from "./adjacencyTypes.js";
import { followAdjacency } from "./followAdjacency.js";

export type { Adjacency, Side } from "./adjacencyTypes.js";

/** Edge kinds in name order, as Cypher's `ORDER BY label(r)` sorts them. */
export const KINDS: ReadonlyArray<EdgeKind> = [...EDGE_KINDS].sort(compareText);
export const KIND_NUMBER: ReadonlyMap<string, number> = new Map(KINDS.map((k, i) => [k, i]));

const NODE_TABLES = ["File", "Symbol", "External"] as const;

/**
 * One query, so one read transaction: the parts join by Kuzu's internal offsets, which only
 * mean the same node within one state. Lists rather than rows (the Node binding converts a row
 * per call), offsets rather than ids, and one part per edge kind rather than a label per edge:
 * sympy's 196k edges load in about a second on a busy box.
 */
const LOAD = [
  ...NODE_TABLES.map(
    (t) =>
      `MATCH (n:${t}) RETURN '${t}' AS part, collect(offset(id(n))) AS a, CAST([] AS INT64[]) AS b, CAST([] AS INT64[]) AS l, collect(n.id) AS ids`,
  ),
  ...EDGE_KINDS.flatMap((kind) =>
    REL_PAIRS.map(
      ([a, b]) =>
        `MATCH (x:${a})-[r:${kind}]->(y:${b}) RETURN '${kind} ${a} ${b}' AS part, collect(offset(id(x))) AS a, collect(offset(id(y))) AS b, collect(r.line) AS l, CAST([] AS STRING[]) AS ids`,
    ),
  ),
].join(" UNION ALL ");

const numbersOf = (list: unknown): number[] => (Array.isArray(list) ? list.map((v) => Number(v ?? 0)) : []);

const load = async (graph: GraphQueryable): Promise<Adjacency> => {
  const rows = await graph.query(LOAD);
  // Node ids by table and offset, then numbered in id order.
  const byTable = new Map<string, { offsets: number[]; ids: string[] }>();
  for (const r of rows) {
    const part = String(r.part);
    if (!part.includes(" ")) byTable.set(part, { offsets: numbersOf(r.a), ids: (r.ids as unknown[]).map(String) });
  }
  const ids = [...byTable.values()].flatMap((t) => t.ids).sort(compareText);
  const numbers = new Map(ids.map((id, i) => [id, i]));
  const numberAt = new Map<string, Int32Array>();
  for (const [table, t] of byTable) {
    const at = new Int32Array(t.offsets.reduce((m, o) => Math.max(m, o), 0) + 1).fill(-1);
    t.offsets.forEach((o, i) => (at[o] = numbers.get(t.ids[i]!)!));
    numberAt.set(table, at);
  }

  const from: number[] = [];
  const to: number[] = [];
  const kind: number[] = [];
  const line: number[] = [];
  for (const r of rows) {
    const [k, a, b] = String(r.part).split(" ");
    if (b === undefined) continue;
    const as = numberAt.get(a!);
    const bs = numberAt.get(b);
    if (as === undefined || bs === undefined) continue;
    const sources = numbersOf(r.a);
    const targets = numbersOf(r.b);
    const lines = numbersOf(r.l);
    const kn = KIND_NUMBER.get(k!)!;
    for (let i = 0; i < sources.length; i++) {
      from.push(as[sources[i]!]!);
      to.push(bs[targets[i]!]!);
      kind.push(kn);
      line.push(lines[i] ?? 0);
    }
  }
  const edges = { from: Int32Array.from(from), to: Int32Array.from(to), kind: Uint8Array.from(kind), line: Int32Array.from(line) };
  return { ids, numbers, out: side(ids.length, edges, "out"), in: side(ids.length, edges, "in") };
};

/** How many of the adjacency's nodes are files. */
const fileCount = (adj: Adjacency): number => {
  let n = 0;
  for (const id of adj.ids) if (id.startsWith("f:")) n++;
  return n;
};

/**
 * `previous` with the changed files' nodes and outgoing edges read again (see `GraphUpdate` and
 * `followAdjacency`). Equal to a fresh `load` (adjacency.test.ts).
 */
const update = async (previous: Adjacency, changed: ReadonlySet<string>, graph: GraphQueryable): Promise<Adjacency> => {
  if (changed.size === 0) return previous;
  if (!cheaperToFollow(changed.size, fileCount(previous))) return load(graph);
  const read = changedPart(graph, changed);
  if (read === null) return load(graph);
  const part = await read;
  const nodes = new Set([...part.symbols, ...part.files].map((r) => String(r.id)));
  const externals = new Set(part.externals.map((r) => String(r.id)));
  const edges = part.edges.flatMap((e) => {
    const kind = KIND_NUMBER.get(e.kind);
    return kind === undefined ? [] : [{ from: e.from, to: e.to, kind, line: e.line }];
  });
  return followAdjacency(previous, { paths: changed, nodes, externals, edges });
};

interface EdgeArrays {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly kind: Uint8Array;
  readonly line: Int32Array;
}

/**
 * The edges grouped by near node and sorted by (near, kind, far, line): least significant key
 * first, each pass a stable counting sort, so the whole sort is linear in the edges.
 */
const side = (nodes: number, e: EdgeArrays, direction: Direction): Side => {
  const near = direction === "out" ? e.from : e.to;
  const far = direction === "out" ? e.to : e.from;
  let order: Int32Array = new Int32Array(e.line.length).map((_, i) => i);
  const maxLine = e.line.reduce((m, l) => Math.max(m, l), 0);
  order = countingSort(order, (i) => Math.max(0, e.line[i]!), maxLine + 1);
  order = countingSort(order, (i) => far[i]!, nodes);
  order = countingSort(order, (i) => e.kind[i]!, KINDS.length);
  order = countingSort(order, (i) => near[i]!, nodes);
  const start = new Int32Array(nodes + 1);
  for (let i = 0; i < near.length; i++) start[near[i]! + 1]!++;
  for (let n = 0; n < nodes; n++) start[n + 1]! += start[n]!;
  return {
    start,
    far: order.map((i) => far[i]!),
    kind: Uint8Array.from(order, (i) => e.kind[i]!),
    line: order.map((i) => e.line[i]!),
  };
};

const countingSort = (order: Int32Array, key: (i: number) => number, range: number): Int32Array => {
  const counts = new Int32Array(range + 1);
  for (const i of order) counts[key(i) + 1]!++;
  for (let k = 0; k < range; k++) counts[k + 1]! += counts[k]!;
  const out = new Int32Array(order.length);
  for (const i of order) out[counts[key(i)]!++] = i;
  return out;
};

/** The edges of the graph as it stands, loaded once and then brought forward by the files each write changed (see `perGraphState`). */
export const adjacency = perGraphState(load, update);

export type Direction = "in" | "out";

/** One stored edge, by node ids. */
export interface EdgeRow {
  readonly kind: EdgeKind;
  readonly from: string;
  readonly to: string;
  /** Line of the reference in the source node's file; 0 for structural edges. */
  readonly line: number;
}

/**
 * Every edge of `kinds` leaving (`out`) or entering (`in`) any of the nodes `ids`, sorted by near
 * node, kind, far node and line (ids and kinds in code-point order), so answers do not depend on
 * storage order. Ids the graph lacks have no edges.
 */
export const edgesAt = (adj: Adjacency, ids: Iterable<string>, direction: Direction, kinds: ReadonlyArray<EdgeKind>): EdgeRow[] => {
  const wanted = new Uint8Array(KINDS.length);
  for (const k of kinds) wanted[KIND_NUMBER.get(k)!] = 1;
  const near = [...new Set([...ids].flatMap((id) => adj.numbers.get(id) ?? []))].sort((a, b) => a - b);
  const s = adj[direction];
  const rows: EdgeRow[] = [];
  for (const n of near) {
    const id = adj.ids[n]!;
    for (let e = s.start[n]!; e < s.start[n + 1]!; e++) {
      if (wanted[s.kind[e]!] === 0) continue;
      const other = adj.ids[s.far[e]!]!;
      rows.push({ kind: KINDS[s.kind[e]!]!, from: direction === "out" ? id : other, to: direction === "out" ? other : id, line: s.line[e]! });
    }
  }
  return rows;
};

const aligned = new WeakMap<Adjacency, { readonly index: NodeIndex; readonly nodes: ReadonlyArray<GraphNode> }>();

/**
 * The node each adjacency number stands for, from `index` (a stand-in named by its id for a node
 * the index lacks): walks over numbers look nodes up by position, not by id in a 44k-entry map.
 */
export const nodesByNumber = (adj: Adjacency, index: NodeIndex): ReadonlyArray<GraphNode> => {
  const kept = aligned.get(adj);
  if (kept?.index === index) return kept.nodes;
  const nodes = adj.ids.map((id) => nodeOf(index, id));
  aligned.set(adj, { index, nodes });
  return nodes;
};
