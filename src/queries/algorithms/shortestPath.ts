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
  // Plain loops, no closure per node: a search may visit every node of a 100,000-node graph.
  while (head < tail) {
    const u = queue[head++]!;
    if (direction !== "in") {
      for (let k = g.outStart[u]!; k < g.outStart[u + 1]!; k++) {
        const e = g.outEdges[k]!;
        const w = g.edgeTarget[e]!;
        if (seen[w] === 1) continue;
        seen[w] = 1;
        via[w] = e;
        if (w === target) return trace(g, source, target, via);
        queue[tail++] = w;
      }
    }
    if (direction !== "out") {
      for (let k = g.inStart[u]!; k < g.inStart[u + 1]!; k++) {
        const e = g.inEdges[k]!;
        const w = g.edgeSource[e]!;
        if (seen[w] === 1) continue;
        seen[w] = 1;
        via[w] = e;
        if (w === target) return trace(g, source, target, via);
        queue[tail++] = w;
      }
    }
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
