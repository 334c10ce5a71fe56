import type { DirectedEdge } from "./AnalysisGraph.js";

export interface Degree {
  readonly in: number;
  readonly out: number;
}

/**
 * In- and out-degree of every node of `nodes` and of the edges, over distinct (source, target)
 * pairs: two call sites of g in f count once, and a self-loop counts for neither.
 */
export const degreeCentrality = (nodes: Iterable<string>, edges: ReadonlyArray<DirectedEdge>): Map<string, Degree> => {
  const counts = new Map<string, { in: number; out: number }>();
  const of = (id: string) => {
    let c = counts.get(id);
    if (c === undefined) counts.set(id, (c = { in: 0, out: 0 }));
    return c;
  };
  for (const id of nodes) of(id);
  const seen = new Set<string>();
  for (const e of edges) {
    const source = of(e.source);
    const target = of(e.target);
    const key = `${e.source}\u0000${e.target}`;
    if (e.source === e.target || seen.has(key)) continue;
    seen.add(key);
    source.out++;
    target.in++;
  }
  return counts;
};
