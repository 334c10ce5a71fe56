import { stronglyConnected } from "../algorithms/stronglyConnected.js";
import { successorLists, type AnalysisGraph } from "../algorithms/AnalysisGraph.js";
import { weakComponents } from "../algorithms/weakComponents.js";

export interface GraphSummary {
  readonly nodes: number;
  readonly edges: number;
  /** Edges over n(n-1), as NetworkX counts it for a directed graph (a multigraph may exceed 1). */
  readonly density: number;
  /** No cycle, a self-loop included. */
  readonly isDag: boolean;
  /** Weakly connected components (0 for an empty graph). */
  readonly components: number;
  readonly nodeTypes: Record<string, number>;
  readonly relationTypes: Record<string, number>;
}

const tally = (values: Iterable<string>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
};

export const graphSummary = (g: AnalysisGraph): GraphSummary => {
  const n = g.labels.length;
  const m = g.edgeSource.length;
  const next = successorLists(g);
  const isDag = stronglyConnected(next).every((c) => c.length === 1 && !next[c[0]!]!.includes(c[0]!));
  return {
    nodes: n,
    edges: m,
    density: n > 1 ? m / (n * (n - 1)) : 0,
    isDag,
    components: weakComponents(g).length,
    nodeTypes: tally(g.types.map((t) => t ?? "(none)")),
    relationTypes: tally(g.edgeRelation),
  };
};
