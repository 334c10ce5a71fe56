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

/**
 * PageRank by power iteration over `nodes` and the endpoints of `edges`. The rank of a node
 * without out-edges (dangling) is spread like a teleport, so no rank leaks and the scores stay
 * a distribution.
 */
export const pageRank = (nodes: Iterable<string>, edges: ReadonlyArray<WeightedEdge>, options: PageRankOptions = {}): PageRankResult => {
  const damping = options.damping ?? 0.85;
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 1000;

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
  const from: number[] = [];
  const to: number[] = [];
  const weight: number[] = [];
  for (const e of edges) {
    const w = e.weight ?? 1;
    const s = add(e.source);
    const t = add(e.target);
    if (!(w > 0)) continue;
    from.push(s);
    to.push(t);
    weight.push(w);
  }
  const n = ids.length;
  if (n === 0) return { scores: new Map(), iterations: 0, converged: true };

  const outWeight = new Float64Array(n);
  for (let k = 0; k < from.length; k++) outWeight[from[k]!]! += weight[k]!;
  const share = weight.map((w, k) => w / outWeight[from[k]!]!);
  const teleport = teleportVector(ids, index, options.teleport);

  let rank = Float64Array.from(teleport);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outWeight[i] === 0) dangling += rank[i]!;
    const next = new Float64Array(n);
    for (let k = 0; k < from.length; k++) next[to[k]!]! += damping * rank[from[k]!]! * share[k]!;
    const restart = damping * dangling + (1 - damping);
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i]! += restart * teleport[i]!;
      change += Math.abs(next[i]! - rank[i]!);
    }
    rank = next;
    converged = change < tolerance;
  }
  return { scores: new Map(ids.map((id, i) => [id, rank[i]!])), iterations, converged };
};

const teleportVector = (ids: ReadonlyArray<string>, index: ReadonlyMap<string, number>, weights: ReadonlyMap<string, number> | undefined): Float64Array => {
  const n = ids.length;
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
