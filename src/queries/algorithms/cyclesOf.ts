import type { DirectedEdge } from "./AnalysisGraph.js";
import { stronglyConnected } from "./stronglyConnected.js";

export interface CycleSearch {
  /**
   * Groups of nodes on a common cycle (strongly connected components of two or more nodes, or
   * one node with an edge to itself), largest first, each sorted.
   */
  readonly components: ReadonlyArray<ReadonlyArray<string>>;
  /**
   * Closed paths: `[a, b, c]` is a → b → c → a, no node twice. The first cycle of every component
   * comes first (biggest component first), then the rest; within a component, self-loops and
   * then, for each node not yet on a listed cycle, the shortest cycle through it, so together
   * they pass through every node of every component.
   */
  readonly cycles: ReadonlyArray<ReadonlyArray<string>>;
  /** Whether more cycles of that cover exist beyond `limit`. */
  readonly capped: boolean;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The cycles of a directed graph, found per strongly connected component and listed as concrete
 * closed paths rather than member sets, at most `limit` of them. Not every elementary cycle (a
 * dense component has exponentially many): a covering set of shortest ones, which is what
 * breaking a cycle needs.
 */
export const cyclesOf = (edges: ReadonlyArray<DirectedEdge>, limit: number): CycleSearch => {
  const ids = [...new Set(edges.flatMap((e) => [e.source, e.target]))].sort(byText);
  const at = new Map(ids.map((id, i) => [id, i]));
  const succ = ids.map(() => new Set<number>());
  for (const e of edges) succ[at.get(e.source)!]!.add(at.get(e.target)!);
  const successors = succ.map((s) => [...s].sort((a, b) => a - b));

  const cyclic = stronglyConnected(successors)
    .filter((c) => c.length > 1 || successors[c[0]!]!.includes(c[0]!))
    .map((c) => c.sort((a, b) => a - b))
    .sort((a, b) => b.length - a.length || a[0]! - b[0]!);

  const generators = cyclic.map((c) => coverCycles(c, successors));
  const cycles: number[][] = [];
  let capped = false;
  const take = (gen: Iterator<number[]>, max: number): void => {
    for (let i = 0; i < max; i++) {
      const next = gen.next();
      if (next.done === true) return;
      if (cycles.length === limit) {
        capped = true;
        return;
      }
      cycles.push(next.value);
    }
  };
  for (const gen of generators) take(gen, 1);
  for (const gen of generators) take(gen, Number.POSITIVE_INFINITY);

  return {
    components: cyclic.map((c) => c.map((i) => ids[i]!)),
    cycles: cycles.map((c) => c.map((i) => ids[i]!)),
    capped,
  };
};

/** Self-loops of the component's nodes, then the shortest cycle through each node no listed cycle passes through. */
function* coverCycles(component: ReadonlyArray<number>, successors: ReadonlyArray<ReadonlyArray<number>>): Generator<number[]> {
  for (const v of component) if (successors[v]!.includes(v)) yield [v];
  if (component.length < 2) return;
  const inside = new Set(component);
  const covered = new Set<number>();
  for (const seed of component) {
    if (covered.has(seed)) continue;
    const cycle = shortestCycleThrough(seed, inside, successors);
    for (const v of cycle) covered.add(v);
    yield cycle;
  }
}

/**
 * Breadth-first from `seed` inside its component until an edge leads back to it: the path found
 * is a shortest cycle through `seed` (one always exists in a component of two or more nodes).
 */
const shortestCycleThrough = (seed: number, inside: ReadonlySet<number>, successors: ReadonlyArray<ReadonlyArray<number>>): number[] => {
  const parent = new Map<number, number>([[seed, -1]]);
  const queue = [seed];
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head]!;
    for (const w of successors[u]!) {
      if (w === seed && u !== seed) {
        const path: number[] = [];
        for (let v = u; v !== -1; v = parent.get(v)!) path.push(v);
        return path.reverse();
      }
      if (!inside.has(w) || parent.has(w)) continue;
      parent.set(w, u);
      queue.push(w);
    }
  }
  throw new Error(`no cycle through node ${seed} of a strongly connected component`);
};
