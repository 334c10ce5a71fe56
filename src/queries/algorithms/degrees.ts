import type { AnalysisGraph } from "./AnalysisGraph.js";

export interface NodeDegree {
  readonly node: number;
  readonly in: number;
  readonly out: number;
  /** Degrees over n-1, as NetworkX's degree centrality: 1 means linked to every other node. */
  readonly inCentrality: number;
  readonly outCentrality: number;
}

/**
 * In- and out-degree of every node counting every edge (parallel relations each count, a
 * self-loop counts in both directions, as in a NetworkX MultiDiGraph), best total first.
 */
export const degrees = (g: AnalysisGraph): NodeDegree[] => {
  const n = g.labels.length;
  const scale = n > 1 ? 1 / (n - 1) : 0;
  const out: NodeDegree[] = [];
  for (let i = 0; i < n; i++) {
    const ins = g.inStart[i + 1]! - g.inStart[i]!;
    const outs = g.outStart[i + 1]! - g.outStart[i]!;
    out.push({ node: i, in: ins, out: outs, inCentrality: ins * scale, outCentrality: outs * scale });
  }
  return out.sort((a, b) => b.in + b.out - (a.in + a.out) || a.node - b.node);
};
