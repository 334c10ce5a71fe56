import { pageRank, type WeightedEdge } from "../analysis/pageRank.js";
import type { Link, Relation } from "./expandNeighbourhood.js";

export interface RankedNode {
  readonly id: string;
  readonly score: number;
  /** How it was reached: null for an entry point (it matches the task). */
  readonly link: Link | null;
}

/** Restarting often keeps the rank near the entry points: a hub two hops out must not outrank them. */
const DAMPING = 0.5;
const WEAK_SEED = 0.3;

/** Which relation explains a node best when it was reached several ways from one neighbour. */
const PREFERENCE: Record<Relation, number> = { tests: 0, implements: 1, "implemented by": 2, "called by": 3, calls: 4, imports: 5 };
const WEIGHT: Record<Relation, number> = { tests: 1, implements: 1, "implemented by": 1, "called by": 1, calls: 1, imports: 0.5 };

/**
 * Personalised PageRank over the neighbourhood, restarting at the entry points in proportion to
 * their search scores, over links taken both ways: a node reached from several entry points
 * outranks one reached from a single weak hit. Each reached node keeps the link from its
 * best-ranked neighbour nearer the entry points.
 */
export const rankNeighbourhood = (seeds: ReadonlyMap<string, number>, links: ReadonlyArray<Link>): RankedNode[] => {
  const edges: WeightedEdge[] = links.flatMap((l) => [
    { source: l.via, target: l.node, weight: WEIGHT[l.relation] },
    { source: l.node, target: l.via, weight: WEIGHT[l.relation] },
  ]);
  const { scores } = pageRank(seeds.keys(), edges, { teleport: seeds, damping: DAMPING, tolerance: 1e-9, maxIterations: 200 });
  const entry = (id: string) => (seeds.get(id) ?? 0) >= WEAK_SEED * strongest;
  // A weak entry point that a stronger one reaches is explained by that link rather than by the task.
  const strongest = Math.max(0, ...seeds.values());
  const rank = (id: string) => scores.get(id) ?? 0;
  const topRank = Math.max(1e-12, ...scores.values());
  // Half the walk's rank, half the search's own: a hub the entry points share climbs, yet the best hit stays near the top.
  const score = (id: string) => 0.5 * (rank(id) / topRank) + 0.5 * ((seeds.get(id) ?? 0) / (strongest || 1));
  const best = new Map<string, Link>();
  for (const l of links) {
    // A test is told by what it tests, even when the task's words found it.
    if (entry(l.node) && l.relation !== "tests") continue;
    const b = best.get(l.node);
    const better =
      !b ||
      l.hop < b.hop ||
      (l.hop === b.hop && (score(l.via) > score(b.via) || (l.via === b.via && PREFERENCE[l.relation] < PREFERENCE[b.relation])));
    if (better) best.set(l.node, l);
  }
  return [...scores.keys()]
    .map((id) => ({ id, score: score(id), link: entry(id) && best.get(id)?.relation !== "tests" ? null : (best.get(id) ?? null) }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
};
