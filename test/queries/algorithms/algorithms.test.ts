import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cyclesOf } from "../../../src/queries/algorithms/cyclesOf.js";
import { pageRank } from "../../../src/queries/algorithms/pageRank.js";
import { allPaths } from "../../../src/queries/algorithms/allPaths.js";
import { buildAnalysisGraph, type AnalysisGraph } from "../../../src/queries/algorithms/AnalysisGraph.js";
import { degrees } from "../../../src/queries/algorithms/degrees.js";
import { graphSummary } from "../../../src/queries/scratch/graphSummary.js";
import { pagerankOf, topRanked } from "../../../src/queries/algorithms/pageRank.js";
import { shortestPath } from "../../../src/queries/algorithms/shortestPath.js";
import { transitiveReduction } from "../../../src/queries/algorithms/transitiveReduction.js";
import { weakComponents } from "../../../src/queries/algorithms/weakComponents.js";

/**
 * Generated multigraphs (parallel relations and self-loops included) checked against small,
 * independent reference implementations: an adjacency matrix, Floyd–Warshall distances, a
 * transitive closure, brute-force path enumeration and a dense power iteration.
 */
const graphs = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.record({ s: fc.nat(n - 1), t: fc.nat(n - 1), r: fc.constantFrom("a", "b") }), { maxLength: 24 }),
  }),
);
type Gen = { n: number; edges: Array<{ s: number; t: number; r: string }> };

const build = (g: Gen): AnalysisGraph =>
  buildAnalysisGraph({
    name: "t",
    nodes: Array.from({ length: g.n }, (_, i) => ({ label: `n${i}`, type: null })),
    // The write side keeps one edge per (source, target, relation).
    edges: [...new Map(g.edges.map((e) => [`${e.s}/${e.t}/${e.r}`, { source: `n${e.s}`, target: `n${e.t}`, relation: e.r }])).values()],
  });

const adjacency = (g: AnalysisGraph): boolean[][] => {
  const n = g.labels.length;
  const m = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (let e = 0; e < g.edgeSource.length; e++) m[g.edgeSource[e]!]![g.edgeTarget[e]!] = true;
  return m;
};

/** Floyd–Warshall hop distances (Infinity when unreachable), optionally ignoring direction. */
const distances = (g: AnalysisGraph, undirected = false): number[][] => {
  const a = adjacency(g);
  const n = a.length;
  const d = a.map((row, i) => row.map((x, j) => (i === j ? 0 : x || (undirected && a[j]![i]) ? 1 : Infinity)));
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) d[i]![j] = Math.min(d[i]![j]!, d[i]![k]! + d[k]![j]!);
  return d;
};

/** Every simple path from s to t, by brute force. */
const simplePaths = (a: boolean[][], s: number, t: number, maxLength: number): number[][] => {
  const out: number[][] = [];
  const walk = (path: number[]) => {
    const u = path[path.length - 1]!;
    if (u === t && path.length > 1) return void out.push(path);
    if (path.length - 1 >= maxLength) return;
    a[u]!.forEach((x, w) => {
      if (x && (w === t || !path.includes(w))) walk([...path, w]);
    });
  };
  walk([s]);
  return out;
};

describe("graph algorithms against reference implementations (property tests)", () => {
  it("shortest_path finds a path exactly as long as Floyd–Warshall's distance, made of real edges, in every direction mode", () => {
    fc.assert(
      fc.property(graphs, fc.nat(), fc.nat(), (gen, x, y) => {
        const g = build(gen);
        const [s, t] = [x % gen.n, y % gen.n];
        for (const direction of ["out", "both"] as const) {
          const d = distances(g, direction === "both")[s]![t]!;
          const p = shortestPath(g, s, t, direction);
          if (d === Infinity) expect(p).toBeNull();
          else {
            expect(p!.edges.length).toBe(d);
            p!.edges.forEach((e, i) => {
              const ends = [g.edgeSource[e], g.edgeTarget[e]];
              expect(ends).toContain(p!.nodes[i]);
              expect(ends).toContain(p!.nodes[i + 1]);
              if (direction === "out") expect([g.edgeSource[e], g.edgeTarget[e]]).toEqual([p!.nodes[i], p!.nodes[i + 1]]);
            });
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("all_paths lists exactly the simple paths brute force finds, and caps with a reason", () => {
    fc.assert(
      fc.property(graphs, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 5 }), (gen, x, y, maxLength) => {
        const g = build(gen);
        const [s, t] = [x % gen.n, y % gen.n];
        if (s === t) return;
        const expected = simplePaths(adjacency(g), s, t, maxLength).map((p) => p.join(",")).sort();
        const found = allPaths(g, s, t, maxLength, 10_000);
        expect(found.paths.map((p) => p.join(",")).sort()).toEqual(expected);
        expect(found.capped).toBe(false);
        if (expected.length > 1) {
          const capped = allPaths(g, s, t, maxLength, 1);
          expect(capped.paths).toHaveLength(1);
          expect(capped).toMatchObject({ capped: true, reason: "max_paths" });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("connected_components puts two nodes together exactly when one reaches the other ignoring direction", () => {
    fc.assert(
      fc.property(graphs, (gen) => {
        const g = build(gen);
        const d = distances(g, true);
        const comps = weakComponents(g);
        expect(comps.flat().sort((a, b) => a - b)).toEqual(g.labels.map((_, i) => i));
        const of = new Map(comps.flatMap((c, k) => c.map((i) => [i, k] as const)));
        for (let i = 0; i < gen.n; i++) for (let j = 0; j < gen.n; j++) expect(of.get(i) === of.get(j)).toBe(d[i]![j] !== Infinity);
        expect(graphSummary(g).components).toBe(comps.length);
      }),
      { numRuns: 300 },
    );
  });

  it("is_dag and find_cycles agree with reachability: a node is on a cycle exactly when it reaches itself", () => {
    fc.assert(
      fc.property(graphs, (gen) => {
        const g = build(gen);
        const d = distances(g);
        const a = adjacency(g);
        const onCycle = (i: number) => a[i]![i] || g.labels.some((_, j) => j !== i && d[i]![j] !== Infinity && d[j]![i] !== Infinity);
        const cyclic = g.labels.map((_, i) => i).filter(onCycle);
        expect(graphSummary(g).isDag).toBe(cyclic.length === 0);
        const edges = Array.from(g.edgeSource, (s, e) => ({ source: g.labels[s]!, target: g.labels[g.edgeTarget[e]!]! }));
        const found = cyclesOf(edges, 1_000);
        expect(found.components.flat().sort()).toEqual(cyclic.map((i) => g.labels[i]!).sort());
        for (const cycle of found.cycles) {
          cycle.forEach((label, k) => expect(a[g.index.get(label)!]![g.index.get(cycle[(k + 1) % cycle.length]!)!]).toBe(true));
          expect(new Set(cycle).size).toBe(cycle.length);
        }
        expect(new Set(found.cycles.flat())).toEqual(new Set(found.components.flat()));
      }),
      { numRuns: 300 },
    );
  });

  it("transitive_reduction removes exactly the edges whose ends are joined by a longer path, and keeps reachability", () => {
    fc.assert(
      fc.property(graphs, (gen) => {
        // Edges from lower to higher numbers only: a DAG.
        const dag = build({ n: gen.n, edges: gen.edges.filter((e) => e.s < e.t) });
        const r = transitiveReduction(dag);
        expect(r._tag).toBe("Reduced");
        if (r._tag !== "Reduced") return;
        const d = distances(dag);
        const a = adjacency(dag);
        const longer = (u: number, v: number) => dag.labels.some((_, w) => w !== u && w !== v && a[u]![w] && d[w]![v] !== Infinity);
        const expected = Array.from(dag.edgeSource, (_s, e) => e).filter((e) => longer(dag.edgeSource[e]!, dag.edgeTarget[e]!));
        expect(r.redundant).toEqual(expected);
        const kept = buildAnalysisGraph({
          name: "k",
          nodes: dag.labels.map((label) => ({ label, type: null })),
          edges: Array.from(dag.edgeSource, (_s, e) => e).filter((e) => !r.redundant.includes(e)).map((e) => ({ source: dag.labels[dag.edgeSource[e]!]!, target: dag.labels[dag.edgeTarget[e]!]!, relation: dag.edgeRelation[e]! })),
        });
        expect(distances(kept).map((row) => row.map((x) => x !== Infinity))).toEqual(d.map((row) => row.map((x) => x !== Infinity)));
        const cyclic = build({ n: 2, edges: [{ s: 0, t: 1, r: "a" }, { s: 1, t: 0, r: "a" }] });
        expect(transitiveReduction(cyclic)._tag).toBe("Cyclic");
      }),
      { numRuns: 300 },
    );
  });

  it("degree_centrality counts every edge (parallel relations and self-loops), over n-1", () => {
    fc.assert(
      fc.property(graphs, (gen) => {
        const g = build(gen);
        for (const d of degrees(g)) {
          const ins = Array.from(g.edgeTarget).filter((t) => t === d.node).length;
          const outs = Array.from(g.edgeSource).filter((s) => s === d.node).length;
          expect([d.in, d.out]).toEqual([ins, outs]);
          expect(d.inCentrality).toBeCloseTo(gen.n > 1 ? ins / (gen.n - 1) : 0, 12);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("pagerank agrees with a dense power iteration of the Google matrix (parallel edges as weight, dangling rank spread evenly)", () => {
    fc.assert(
      fc.property(graphs, (gen) => {
        const g = build(gen);
        const n = gen.n;
        const w = Array.from({ length: n }, () => new Array<number>(n).fill(0));
        for (let e = 0; e < g.edgeSource.length; e++) w[g.edgeSource[e]!]![g.edgeTarget[e]!]! += 1;
        let r = new Array<number>(n).fill(1 / n);
        for (let it = 0; it < 500; it++) {
          const next = new Array<number>(n).fill((1 - 0.85) / n);
          for (let i = 0; i < n; i++) {
            const out = w[i]!.reduce((a, b) => a + b, 0);
            for (let j = 0; j < n; j++) next[j]! += out === 0 ? (0.85 * r[i]!) / n : (0.85 * r[i]! * w[i]![j]!) / out;
          }
          r = next;
        }
        const ours = pagerankOf(g, 0.85, 1e-13, 1000);
        g.labels.forEach((_, i) => expect(ours.scores[i]!).toBeCloseTo(r[i]!, 8));
        // The code graph's ranker (rank_symbols) says the same.
        const theirs = pageRank(g.labels, Array.from(g.edgeSource, (s, e) => ({ source: g.labels[s]!, target: g.labels[g.edgeTarget[e]!]! })), { tolerance: 1e-13 });
        g.labels.forEach((label, i) => expect(theirs.scores.get(label)!).toBeCloseTo(r[i]!, 8));
        const top = topRanked(ours.scores, 3);
        const sorted = Array.from(ours.scores.keys()).sort((a, b) => ours.scores[b]! - ours.scores[a]! || a - b).slice(0, 3);
        expect(top.map((i) => ours.scores[i])).toEqual(sorted.map((i) => ours.scores[i]));
      }),
      { numRuns: 200 },
    );
  });

  it("known results: a path graph, a star, a cycle", () => {
    const path = build({ n: 4, edges: [{ s: 0, t: 1, r: "a" }, { s: 1, t: 2, r: "a" }, { s: 2, t: 3, r: "a" }] });
    expect(graphSummary(path)).toMatchObject({ nodes: 4, edges: 3, density: 0.25, isDag: true, components: 1 });
    const star = build({ n: 4, edges: [1, 2, 3].map((i) => ({ s: i, t: 0, r: "a" })) });
    expect(degrees(star)[0]).toMatchObject({ node: 0, in: 3, out: 0, inCentrality: 1 });
    const ring = build({ n: 3, edges: [{ s: 0, t: 1, r: "a" }, { s: 1, t: 2, r: "a" }, { s: 2, t: 0, r: "a" }] });
    expect(graphSummary(ring).isDag).toBe(false);
    const ranks = pageRank(ring.labels, [{ source: "n0", target: "n1" }, { source: "n1", target: "n2" }, { source: "n2", target: "n0" }]);
    for (const score of ranks.scores.values()) expect(score).toBeCloseTo(1 / 3, 10);
  });
});
