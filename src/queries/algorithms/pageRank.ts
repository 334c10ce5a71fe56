import type { AnalysisGraph } from "./AnalysisGraph.js";

export interface WeightedEdge {
  readonly source: string;
  readonly target: string;
  /** Default 1. Parallel edges add up; an edge of weight 0 or less is ignored. */
  readonly weight?: number;
}

export interface PageRankOptions {
  /** Probability of following an edge rather than teleporting (default 0.85). */
  readonly damping?: number;
  /** Stop when the scores move less than this in total (L1) in one iteration (default 1e-10). */
  readonly tolerance?: number;
  /** Default 1000. */
  readonly maxIterations?: number;
  /**
   * Personalised PageRank: where the random surfer restarts, as weights by node (normalised
   * here; nodes not listed get none, unknown ids are ignored). Dangling nodes' rank follows it
   * too. Absent, or with no positive weight on a known node: every node alike.
   */
  readonly teleport?: ReadonlyMap<string, number>;
}

export interface PageRankResult {
  /** Every node's score; the scores sum to 1. */
  readonly scores: ReadonlyMap<string, number>;
  readonly iterations: number;
  readonly converged: boolean;
}

export interface Ranking {
  /** Each node's score, by node number; the scores sum to 1. */
  readonly scores: Float64Array;
  readonly iterations: number;
  readonly converged: boolean;
}

/** The edges PageRank walks: node numbers 0..n-1, each edge from `source[k]` to `target[k]` with its weight (1 when absent). */
interface NumberedEdges {
  readonly n: number;
  readonly source: ArrayLike<number>;
  readonly target: ArrayLike<number>;
  readonly weight?: ArrayLike<number>;
}

/**
 * PageRank by power iteration over numbered edges, the one definition every caller shares:
 * parallel edges add up as weight, and the rank of a node without out-edges (dangling) is
 * spread like a teleport, so no rank leaks and the scores stay a distribution. `teleport` is by
 * node number and sums to 1.
 */
const powerIteration = (g: NumberedEdges, teleport: Float64Array, damping: number, tolerance: number, maxIterations: number): Ranking => {
  const { n, source, target, weight } = g;
  const m = source.length;
  const outWeight = new Float64Array(n);
  for (let k = 0; k < m; k++) outWeight[source[k]!]! += weight?.[k] ?? 1;
  const share = new Float64Array(m);
  for (let k = 0; k < m; k++) share[k] = (weight?.[k] ?? 1) / outWeight[source[k]!]!;
  let rank = Float64Array.from(teleport);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outWeight[i] === 0) dangling += rank[i]!;
    const next = new Float64Array(n);
    for (let k = 0; k < m; k++) next[target[k]!]! += damping * rank[source[k]!]! * share[k]!;
    const restart = damping * dangling + (1 - damping);
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i]! += restart * teleport[i]!;
      change += Math.abs(next[i]! - rank[i]!);
    }
    rank = next;
    converged = change < tolerance;
  }
  return { scores: rank, iterations, converged };
};

/**
 * PageRank over `nodes` and the endpoints of `edges`, by node id (the code graph's ranking and
 * the context's personalised neighbourhood).
 */
export const pageRank = (nodes: Iterable<string>, edges: ReadonlyArray<WeightedEdge>, options: PageRankOptions = {}): PageRankResult => {
  const index = new Map<string, number>();
  const ids: string[] = [];
  const add = (id: string): number => {
    let i = index.get(id);
    if (i === undefined) {
      index.set(id, (i = ids.length));
      ids.push(id);
    }
    return i;
  };
  for (const id of nodes) add(id);
  const source: number[] = [];
  const target: number[] = [];
  const weight: number[] = [];
  for (const e of edges) {
    const w = e.weight ?? 1;
    const s = add(e.source);
    const t = add(e.target);
    if (!(w > 0)) continue;
    source.push(s);
    target.push(t);
    weight.push(w);
  }
  const n = ids.length;
  if (n === 0) return { scores: new Map(), iterations: 0, converged: true };
  const ranked = powerIteration({ n, source, target, weight }, teleportVector(n, index, options.teleport), options.damping ?? 0.85, options.tolerance ?? 1e-10, options.maxIterations ?? 1000);
  return { scores: new Map(ids.map((id, i) => [id, ranked.scores[i]!])), iterations: ranked.iterations, converged: ranked.converged };
};

/**
 * PageRank straight over an AnalysisGraph's numbered edges (the graph tools, on a scratch graph
 * or the code graph): no map from labels and no edge objects, every edge of weight 1.
 */
export const pagerankOf = (g: AnalysisGraph, damping = 0.85, tolerance = 1e-9, maxIterations = 200): Ranking => {
  const n = g.labels.length;
  if (n === 0) return { scores: new Float64Array(), iterations: 0, converged: true };
  return powerIteration({ n, source: g.edgeSource, target: g.edgeTarget }, new Float64Array(n).fill(1 / n), damping, tolerance, maxIterations);
};

/** The `top` best-ranked nodes, best first (ties by node number), without sorting all of them. */
export const topRanked = (scores: Float64Array, top: number): number[] => {
  const best: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (best.length === top && scores[i]! <= scores[best[best.length - 1]!]!) continue;
    let at = best.length;
    while (at > 0 && scores[best[at - 1]!]! < scores[i]!) at--;
    best.splice(at, 0, i);
    if (best.length > top) best.pop();
  }
  return best;
};

const teleportVector = (n: number, index: ReadonlyMap<string, number>, weights: ReadonlyMap<string, number> | undefined): Float64Array => {
  const out = new Float64Array(n);
  let total = 0;
  for (const [id, w] of weights ?? []) {
    const i = index.get(id);
    if (i === undefined || !(w > 0)) continue;
    out[i]! += w;
    total += w;
  }
  if (total === 0) return out.fill(1 / n);
  for (let i = 0; i < n; i++) out[i]! /= total;
  return out;
};
