import { pageRank, type WeightedEdge } from "../algorithms/pageRank.js";
import type { Link, Relation } from "./expandNeighbourhood.js";

export interface RankedNode {
  readonly id: string;
  readonly score: number;
  /**
   * The node's share of the walk (all nodes' shares sum to 1), with what it gained beyond its
   * own restarts divided by its degree: what a file's nodes add up to.
   */
  readonly mass: number;
  /** How it was reached: null for an entry point (it matches the task). */
  readonly link: Link | null;
}

/**
 * Four steps in five restart at an entry point: the walk ranks what surrounds the entry points,
 * yet the order of the files the text found stays the text's own unless the graph says much
 * (a walk that roamed further let hubs displace the files search ranked and the task touched).
 */
const DAMPING = 0.2;
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
  // In a walk over undirected links a node's share grows with its degree whatever the task, so
  // its gain beyond its own restarts is divided by its degree: a hub earns what its average
  // link brings, and a node that strong entry points reach outranks one that many weak ones do.
  const neighbours = new Map<string, Set<string>>();
  const join = (a: string, b: string) => (neighbours.get(a) ?? neighbours.set(a, new Set()).get(a)!).add(b);
  for (const l of links) {
    join(l.node, l.via);
    join(l.via, l.node);
  }
  const restarts = [...seeds.values()].reduce((a, b) => a + b, 0) || 1;
  const mass = (id: string) => {
    const own = (1 - DAMPING) * ((seeds.get(id) ?? 0) / restarts);
    return own + Math.max(0, rank(id) - own) / Math.max(1, neighbours.get(id)?.size ?? 0);
  };
  return [...scores.keys()]
    .map((id) => ({ id, score: score(id), mass: mass(id), link: entry(id) && best.get(id)?.relation !== "tests" ? null : (best.get(id) ?? null) }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
};
