import { EDGE_KINDS, type EdgeKind, type GraphQueryable } from "../../projections/index.js";
import { compareText, nodeIndex, type GraphNode } from "../symbols/nodeIndex.js";
import { adjacency, KIND_NUMBER, KINDS, nodesByNumber, type Adjacency, type Direction, type Side } from "./adjacency.js";
import { membersOf } from "./membersOf.js";

/** Edges that make one node depend on another; CONTAINS and HAS_METHOD are ownership, not dependency. */
export const DEPENDENCY_KINDS: ReadonlyArray<EdgeKind> = ["CALLS", "IMPORTS", "INHERITS", "IMPLEMENTS", "ACCEPTS", "RETURNS", "TESTS"];

export interface Dependency {
  /** 1: joined to the root (or one of its members) by an edge; 2: to a depth-1 dependency; … */
  readonly depth: number;
  /** Kinds of the edges between `via` and `node` (a test's CALLS and TESTS come together). */
  readonly kinds: ReadonlyArray<EdgeKind>;
  /** What the root depends on (out) or what depends on it (in). */
  readonly node: GraphNode;
  /** The other end of the edge: the root, one of its members, or a dependency one level closer. */
  readonly via: GraphNode;
  /** Line of the first such reference in `file` (0 for an edge without one, like a structural protocol match). */
  readonly line: number;
  /** The file the reference is written in: the depending side's. */
  readonly file: string | null;
}

/** How many dependencies one level holds whose first edge kind is `kind`, and how many of them are listed. */
export interface DependencyCount {
  readonly depth: number;
  readonly kind: EdgeKind;
  readonly total: number;
  readonly listed: number;
}

/** A level walked from part of the one before: `followed` of its `reached` nodes (the `frontier` option). */
export interface PartialLevel {
  readonly depth: number;
  readonly followed: number;
  readonly reached: number;
}

export interface DependencyOptions {
  /** Levels to follow, 1 = direct only. */
  readonly depth: number;
  readonly direction: Direction | "both";
  /** Most dependencies listed per direction (default 100). */
  readonly limit?: number;
  /** Most dependencies listed per level and first edge kind (default: `limit`): a hub's callers do not crowd out its bases. */
  readonly perKind?: number;
  /** Most nodes expanded per level (default 500): a hub's thousand callers are not all followed. */
  readonly frontier?: number;
}

export interface Dependencies {
  readonly root: GraphNode;
  /** The root's members whose edges were counted as its own (a class's methods, a file's symbols). */
  readonly members: ReadonlyArray<GraphNode>;
  /** What the root depends on: callees, imports, bases, accepted and returned types. */
  readonly out: ReadonlyArray<Dependency>;
  /** What depends on the root: callers, importers, subclasses, implementors, tests. */
  readonly in: ReadonlyArray<Dependency>;
  /** Per direction, every level's dependencies by first edge kind, listed or not. */
  readonly counts: { readonly out: ReadonlyArray<DependencyCount>; readonly in: ReadonlyArray<DependencyCount> };
  /** Per direction, the levels counted from part of the level before (their counts are partial). */
  readonly partial: { readonly out: ReadonlyArray<PartialLevel>; readonly in: ReadonlyArray<PartialLevel> };
  /** Per direction: more dependencies were found than listed, or a level had more nodes than `frontier`. */
  readonly truncated: { readonly out: boolean; readonly in: boolean };
}

/**
 * What `root` depends on and what depends on it, breadth first to `depth` levels over the edges
 * in memory. The root's members (a class's methods, a file's symbols) count as the root: edges
 * among them are left out, edges from them to elsewhere are listed with the member as `via`.
 * Each node is found at the first level that reaches it, once per node that reaches it there;
 * every level is counted by kind, and the first `perKind` of each kind listed.
 */
export const dependencies = async (graph: GraphQueryable, root: GraphNode, options: DependencyOptions): Promise<Dependencies> => {
  const index = await nodeIndex(graph);
  const members = await membersOf(graph, index, root);
  const adj = await adjacency(graph);
  const nodes = nodesByNumber(adj, index);
  const start = [root, ...members].flatMap((n) => adj.numbers.get(n.id) ?? []);
  const none = { found: [], counts: [], partial: [], truncated: false };
  const walk = (d: Direction) => (options.direction === "both" || options.direction === d ? traverse(adj, nodes, start, d, options) : none);
  const out = walk("out");
  const into = walk("in");
  return {
    root,
    members,
    out: out.found,
    in: into.found,
    counts: { out: out.counts, in: into.counts },
    partial: { out: out.partial, in: into.partial },
    truncated: { out: out.truncated, in: into.truncated },
  };
};

/** EDGE_KINDS order (the order answers list kinds in) of each KINDS number. */
const LISTING_ORDER: ReadonlyArray<number> = KINDS.map((k) => EDGE_KINDS.indexOf(k));
const FOLLOWED = DEPENDENCY_KINDS.reduce((mask, k) => mask | (1 << KIND_NUMBER.get(k)!), 0);

const kindsOf = (mask: number): EdgeKind[] =>
  KINDS.filter((_, k) => (mask & (1 << k)) !== 0).sort((a, b) => EDGE_KINDS.indexOf(a) - EDGE_KINDS.indexOf(b));

/** A kind mask's first kind in listing order, as a KINDS number. */
const firstKind = (mask: number): number => {
  let best = -1;
  for (let k = 0; k < KINDS.length; k++) if ((mask & (1 << k)) !== 0 && (best < 0 || LISTING_ORDER[k]! < LISTING_ORDER[best]!)) best = k;
  return best;
};

/**
 * One level's (near, far) pairs in parallel arrays: a hub's level holds tens of thousands, of
 * which a few per kind are listed and the rest only counted, so no object is made for them.
 */
interface Level {
  readonly near: number[];
  readonly far: number[];
  /** Bit k: an edge of KINDS[k]. */
  readonly kinds: number[];
  /** The first reference's line (0 for none). */
  readonly line: number[];
}

/** The edges of `kinds` from each node of `frontier` (in `side`) to nodes not `seen`, merged per (near, far). */
const levelPairs = (side: Side, frontier: ReadonlyArray<number>, seen: Uint8Array, slot: Int32Array): Level => {
  const level: Level = { near: [], far: [], kinds: [], line: [] };
  const touched: number[] = [];
  for (const near of frontier) {
    for (let e = side.start[near]!; e < side.start[near + 1]!; e++) {
      const kind = side.kind[e]!;
      const far = side.far[e]!;
      if ((FOLLOWED & (1 << kind)) === 0 || seen[far] === 1) continue;
      const line = side.line[e]!;
      const p = slot[far]!;
      if (p < 0) {
        slot[far] = level.far.length;
        touched.push(far);
        level.near.push(near);
        level.far.push(far);
        level.kinds.push(1 << kind);
        level.line.push(line);
      } else {
        level.kinds[p]! |= 1 << kind;
        if (level.line[p] === 0 || (line > 0 && line < level.line[p]!)) level.line[p] = line;
      }
    }
    for (const far of touched) slot[far] = -1;
    touched.length = 0;
  }
  return level;
};

const traverse = (
  adj: Adjacency,
  nodes: ReadonlyArray<GraphNode>,
  start: ReadonlyArray<number>,
  direction: Direction,
  options: DependencyOptions,
): { found: Dependency[]; counts: DependencyCount[]; partial: PartialLevel[]; truncated: boolean } => {
  const limit = options.limit ?? 100;
  const perKind = options.perKind ?? limit;
  const width = options.frontier ?? 500;
  const seen = new Uint8Array(adj.ids.length);
  const slot = new Int32Array(adj.ids.length).fill(-1);
  for (const n of start) seen[n] = 1;
  const found: Dependency[] = [];
  const counts: DependencyCount[] = [];
  const partial: PartialLevel[] = [];
  let truncated = false;
  let frontier = [...new Set(start)].sort((a, b) => a - b);
  for (let depth = 1; depth <= options.depth && frontier.length > 0; depth++) {
    const level = levelPairs(adj[direction], frontier, seen, slot);
    // The depending side's file: the source of an out edge is the near end.
    const fileOf = (p: number) => nodes[direction === "out" ? level.near[p]! : level.far[p]!]!.path;
    const before = (a: number, b: number): number =>
      byPlace(nodes[level.far[a]!]!, nodes[level.far[b]!]!) ||
      compareText(fileOf(a) ?? "", fileOf(b) ?? "") ||
      level.line[a]! - level.line[b]! ||
      compareText(nodes[level.near[a]!]!.id, nodes[level.near[b]!]!.id);
    // Per first kind: how many, and the first `perKind` of them by place.
    const groups = new Map<number, { total: number; first: number[] }>();
    for (let p = 0; p < level.far.length; p++) {
      const kind = firstKind(level.kinds[p]!);
      let group = groups.get(kind);
      if (group === undefined) groups.set(kind, (group = { total: 0, first: [] }));
      group.total++;
      keepFirst(group.first, p, perKind, before);
    }
    for (const [kind, group] of [...groups].sort(([a], [b]) => LISTING_ORDER[a]! - LISTING_ORDER[b]!)) {
      const listed = group.first.slice(0, Math.max(0, limit - found.length));
      for (const p of listed) {
        found.push({ depth, kinds: kindsOf(level.kinds[p]!), node: nodes[level.far[p]!]!, via: nodes[level.near[p]!]!, line: level.line[p]!, file: fileOf(p) });
      }
      counts.push({ depth, kind: KINDS[kind]!, total: group.total, listed: listed.length });
      if (group.total > listed.length) truncated = true;
    }
    const next: number[] = [];
    for (const far of level.far) {
      if (seen[far] === 1) continue;
      seen[far] = 1;
      if (nodes[far]!.table !== "External") next.push(far);
    }
    // Past `width` the first nodes in id order are followed: a hub's level is cut, not skipped.
    if (next.length > width && depth < options.depth) {
      truncated = true;
      partial.push({ depth: depth + 1, followed: width, reached: next.length });
    }
    frontier = next.sort((a, b) => a - b).slice(0, width);
  }
  return { found, counts, partial, truncated };
};

/** Keeps in `first` the `max` smallest items by `before`, in order. */
const keepFirst = (first: number[], item: number, max: number, before: (a: number, b: number) => number): void => {
  if (max <= 0) return;
  if (first.length === max && before(item, first[max - 1]!) >= 0) return;
  let at = first.length;
  while (at > 0 && before(item, first[at - 1]!) < 0) at--;
  first.splice(at, 0, item);
  if (first.length > max) first.pop();
};

/** Symbols and files before externals, then by path, line and id. */
const byPlace = (a: GraphNode, b: GraphNode): number =>
  Number(a.path === null) - Number(b.path === null) ||
  compareText(a.path ?? "", b.path ?? "") ||
  a.startLine - b.startLine ||
  compareText(a.id, b.id);
