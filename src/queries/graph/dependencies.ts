import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { EDGE_KINDS, type EdgeKind } from "../../projections/graph/model.js";
import { compareText, nodeIndex, nodeOf, type GraphNode, type NodeIndex } from "../symbols/nodeIndex.js";
import { edgesOf, type Direction } from "./edgesOf.js";
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

export interface DependencyOptions {
  /** Levels to follow, 1 = direct only. */
  readonly depth: number;
  readonly direction: Direction | "both";
  /** Most dependencies listed per direction (default 100). */
  readonly limit?: number;
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
  /** Per direction: more dependencies were found than `limit`, or a level had more nodes than `frontier`. */
  readonly truncated: { readonly out: boolean; readonly in: boolean };
}

/**
 * What `root` depends on and what depends on it, breadth first to `depth` levels. The root's
 * members (a class's methods, a file's symbols) count as the root: edges among them are left out,
 * edges from them to elsewhere are listed with the member as `via`. Each node is listed at the
 * first level that reaches it, once per node that reaches it there.
 */
export const dependencies = async (graph: GraphQueryable, root: GraphNode, options: DependencyOptions): Promise<Dependencies> => {
  const index = await nodeIndex(graph);
  const members = await membersOf(graph, index, root);
  const start = [root, ...members];
  const walk = (d: Direction) =>
    options.direction === "both" || options.direction === d
      ? traverse(graph, index, start, d, options)
      : Promise.resolve({ found: [], truncated: false });
  const out = await walk("out");
  const into = await walk("in");
  return { root, members, out: out.found, in: into.found, truncated: { out: out.truncated, in: into.truncated } };
};

const traverse = async (
  graph: GraphQueryable,
  index: NodeIndex,
  start: ReadonlyArray<GraphNode>,
  direction: Direction,
  options: DependencyOptions,
): Promise<{ found: Dependency[]; truncated: boolean }> => {
  const limit = options.limit ?? 100;
  const width = options.frontier ?? 500;
  const seen = new Set(start.map((n) => n.id));
  const found: Dependency[] = [];
  let truncated = false;
  let frontier = start.map((n) => n.id);
  for (let depth = 1; depth <= options.depth && frontier.length > 0; depth++) {
    const rows = await edgesOf(graph, frontier, direction, DEPENDENCY_KINDS);
    const pairs = new Map<string, { near: string; far: string; kinds: EdgeKind[]; line: number; from: string }>();
    for (const r of rows) {
      const [near, far] = direction === "out" ? [r.from, r.to] : [r.to, r.from];
      if (seen.has(far)) continue;
      const key = `${near}\u0000${far}`;
      const pair = pairs.get(key);
      if (pair === undefined) pairs.set(key, { near, far, kinds: [r.kind], line: r.line, from: r.from });
      else {
        if (!pair.kinds.includes(r.kind)) pair.kinds.push(r.kind);
        if (pair.line === 0 || (r.line > 0 && r.line < pair.line)) pair.line = r.line;
      }
    }
    const level = [...pairs.values()].map((p) => ({
      depth,
      kinds: p.kinds.sort((a, b) => EDGE_KINDS.indexOf(a) - EDGE_KINDS.indexOf(b)),
      node: nodeOf(index, p.far),
      via: nodeOf(index, p.near),
      line: p.line,
      file: nodeOf(index, p.from).path,
    }));
    level.sort(byKindThenPlace);
    const next: string[] = [];
    for (const dep of level) {
      if (found.length >= limit) {
        truncated = true;
        break;
      }
      found.push(dep);
      if (!seen.has(dep.node.id)) {
        seen.add(dep.node.id);
        if (dep.node.table !== "External") next.push(dep.node.id);
      }
    }
    if (found.length >= limit && depth < options.depth && next.length > 0) truncated = true;
    if (next.length > width) truncated = true;
    frontier = next.slice(0, width);
    if (found.length >= limit) break;
  }
  return { found, truncated };
};

const byKindThenPlace = (a: Dependency, b: Dependency): number =>
  EDGE_KINDS.indexOf(a.kinds[0]!) - EDGE_KINDS.indexOf(b.kinds[0]!) ||
  Number(a.node.path === null) - Number(b.node.path === null) ||
  compareText(a.node.path ?? "", b.node.path ?? "") ||
  a.node.startLine - b.node.startLine ||
  compareText(a.node.id, b.node.id) ||
  compareText(a.file ?? "", b.file ?? "") ||
  a.line - b.line ||
  compareText(a.via.id, b.via.id);
