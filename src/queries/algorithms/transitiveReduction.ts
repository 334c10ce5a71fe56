import { successorLists, type AnalysisGraph } from "./AnalysisGraph.js";
import { stronglyConnected } from "./stronglyConnected.js";

export type Reduction =
  /** Edges (numbers) whose ends are also joined by a longer path: every relation between such a pair. */
  | { readonly _tag: "Reduced"; readonly redundant: number[] }
  | { readonly _tag: "Cyclic"; readonly cycleNodes: number[] }
  | { readonly _tag: "TooLarge"; readonly steps: number };

/**
 * The transitive reduction of a DAG: an edge u→v is redundant when v is also reached from u
 * through another node. Defined uniquely only without cycles (as in NetworkX), so a graph with
 * a cycle is refused with one of them. From each node, a breadth-first walk from its
 * successors finds every successor reachable the long way: O(n·m) at worst, so it stops after
 * `budget` steps.
 */
export const transitiveReduction = (g: AnalysisGraph, budget = 50_000_000): Reduction => {
  const next = successorLists(g);
  const cyclic = stronglyConnected(next).find((c) => c.length > 1 || next[c[0]!]!.includes(c[0]!));
  if (cyclic !== undefined) return { _tag: "Cyclic", cycleNodes: cyclic.sort((a, b) => a - b) };
  const n = g.labels.length;
  const mark = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const redundantPair = new Set<number>();
  const pairs: Array<[number, number]> = [];
  let steps = 0;
  for (let u = 0; u < n; u++) {
    const children = next[u]!;
    if (children.length < 2) continue;
    let head = 0;
    let tail = 0;
    // Nodes two or more steps away from u: start from the successors' successors.
    for (const c of children) for (const w of next[c]!) if (mark[w] !== u) ((mark[w] = u), (queue[tail++] = w));
    while (head < tail) {
      const x = queue[head++]!;
      for (const w of next[x]!) {
        if (++steps > budget) return { _tag: "TooLarge", steps };
        if (mark[w] !== u) ((mark[w] = u), (queue[tail++] = w));
      }
    }
    for (const c of children) if (mark[c] === u) pairs.push([u, c]);
  }
  for (const [u, v] of pairs) redundantPair.add(u * n + v);
  const redundant: number[] = [];
  for (let e = 0; e < g.edgeSource.length; e++) if (redundantPair.has(g.edgeSource[e]! * n + g.edgeTarget[e]!)) redundant.push(e);
  return { _tag: "Reduced", redundant };
};
