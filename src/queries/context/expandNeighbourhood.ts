import type { EdgeKind } from "../../projections/index.js";
import type { ContextGraph } from "./contextGraph.js";

/** How a node was reached from its neighbour `via`: the words of an item's `why`. */
export type Relation = "calls" | "called by" | "implements" | "implemented by" | "tests" | "imports";

export interface Link {
  /** The node reached. */
  readonly node: string;
  readonly relation: Relation;
  readonly via: string;
  /** Line of the reference in the caller's file (0 for none). */
  readonly line: number;
  /** File holding `line`: the source node's file. */
  readonly lineNode: string;
  readonly hop: number;
}

const OUT: ReadonlyArray<EdgeKind> = ["CALLS", "IMPLEMENTS", "INHERITS"];
const IN: ReadonlyArray<EdgeKind> = ["CALLS", "IMPLEMENTS", "INHERITS", "TESTS"];
/** Most neighbours one node lends the next hop: a hub (a logger everything calls) must not flood it. */
const FAN_OUT = 25;
/** Most nodes a hop expands. */
const FRONTIER = 40;

const relationOf = (kind: EdgeKind, reachedIsSource: boolean): Relation => {
  if (kind === "TESTS") return "tests";
  if (kind === "IMPORTS") return "imports";
  if (kind === "CALLS") return reachedIsSource ? "calls" : "called by";
  return reachedIsSource ? "implements" : "implemented by";
};

const fileOf = (id: string): string | null => (id.startsWith("f:") ? id : id.startsWith("s:") ? `f:${id.slice(2, id.indexOf("#"))}` : null);

/**
 * The bounded neighbourhood of `seeds` (node ids, best first): callers, callees,
 * implementations and bases, tests, and the files importing a seed's file, up to `hops` away.
 * External modules are left out. Every link says how its node was reached.
 */
export const expandNeighbourhood = (graph: Pick<ContextGraph, "edgesOf">, seeds: ReadonlyArray<string>, hops = 2): Link[] => {
  const seen = new Set(seeds);
  const links: Link[] = [];
  let frontier = seeds.slice(0, FRONTIER);
  for (let hop = 1; hop <= hops && frontier.length > 0; hop++) {
    // No node lends more than FAN_OUT links, and those are its first edges to other nodes in
    // each list: the rest of a hub's edges are never read.
    const outs = graph.edgesOf(frontier, "out", OUT, FAN_OUT);
    const ins = graph.edgesOf(frontier, "in", IN, FAN_OUT);
    const imports = hop === 1 ? graph.edgesOf([...new Set(frontier.map(fileOf).filter((f): f is string => f !== null))], "in", ["IMPORTS"], FAN_OUT) : [];
    const next: string[] = [];
    const fan = new Map<string, number>();
    const reach = (node: string, near: string, relation: Relation, line: number, lineNode: string) => {
      if (node.startsWith("x:") || node === near) return;
      const n = fan.get(near) ?? 0;
      if (n >= FAN_OUT) return;
      fan.set(near, n + 1);
      links.push({ node, relation, via: near, line, lineNode, hop });
      if (!seen.has(node)) {
        seen.add(node);
        next.push(node);
      }
    };
    for (const e of outs) reach(e.to, e.from, relationOf(e.kind, false), e.line, e.from);
    for (const e of ins) reach(e.from, e.to, relationOf(e.kind, true), e.line, e.from);
    for (const e of imports) reach(e.from, e.to, "imports", e.line, e.from);
    frontier = next.slice(0, FRONTIER);
  }
  return links;
};
