import type { AnalysisGraph } from "./AnalysisGraph.js";

export type Direction = "out" | "in" | "both";

/**
 * A shortest path from `source` to `target` counted in edges (breadth-first), following edges
 * forwards (`out`, the default), backwards (`in`) or either way (`both`). Each hop names the
 * edge taken (the first added of any parallel ones). Null when no path exists.
 */
export const shortestPath = (g: AnalysisGraph, source: number, target: number, direction: Direction = "out"): { nodes: number[]; edges: number[] } | null => {
  if (source === target) return { nodes: [source], edges: [] };
  const n = g.labels.length;
  const via = new Int32Array(n).fill(-1);
  const seen = new Uint8Array(n);
  seen[source] = 1;
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  queue[tail++] = source;
  while (head < tail) {
    const u = queue[head++]!;
    const step = (e: number, w: number): boolean => {
      if (seen[w] === 1) return false;
      seen[w] = 1;
      via[w] = e;
      queue[tail++] = w;
      return w === target;
    };
    if (direction !== "in") for (let k = g.outStart[u]!; k < g.outStart[u + 1]!; k++) if (step(g.outEdges[k]!, g.edgeTarget[g.outEdges[k]!]!)) return trace(g, source, target, via);
    if (direction !== "out") for (let k = g.inStart[u]!; k < g.inStart[u + 1]!; k++) if (step(g.inEdges[k]!, g.edgeSource[g.inEdges[k]!]!)) return trace(g, source, target, via);
  }
  return null;
};

const trace = (g: AnalysisGraph, source: number, target: number, via: Int32Array): { nodes: number[]; edges: number[] } => {
  const nodes = [target];
  const edges: number[] = [];
  for (let v = target; v !== source; ) {
    const e = via[v]!;
    edges.push(e);
    v = g.edgeTarget[e] === v ? g.edgeSource[e]! : g.edgeTarget[e]!;
    nodes.push(v);
  }
  return { nodes: nodes.reverse(), edges: edges.reverse() };
};
