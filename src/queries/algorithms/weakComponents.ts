import type { AnalysisGraph } from "./AnalysisGraph.js";

/** Weakly connected components (edges taken either way) as node numbers, largest first, then by first node added. */
export const weakComponents = (g: AnalysisGraph): number[][] => {
  const n = g.labels.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  for (let e = 0; e < g.edgeSource.length; e++) {
    const a = find(g.edgeSource[e]!);
    const b = find(g.edgeTarget[e]!);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    let list = groups.get(r);
    if (list === undefined) groups.set(r, (list = []));
    list.push(i);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
};
