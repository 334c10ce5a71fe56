import * as FastCheck from "effect/FastCheck";
import { describe, expect, it } from "vitest";
import { cyclesOf } from "../../../src/queries/algorithms/cyclesOf.js";
import type { DirectedEdge } from "../../../src/queries/algorithms/AnalysisGraph.js";
import { stronglyConnected } from "../../../src/queries/algorithms/stronglyConnected.js";

const edge = (source: string, target: string): DirectedEdge => ({ source, target });
const name = (i: number) => `n${i}`;

/** Random directed graphs on up to 7 nodes, self-loops and parallel edges allowed. */
const graphs = FastCheck.integer({ min: 1, max: 7 }).chain((n) =>
  FastCheck.array(FastCheck.tuple(FastCheck.integer({ min: 0, max: n - 1 }), FastCheck.integer({ min: 0, max: n - 1 })), { maxLength: 16 }).map(
    (pairs) => pairs.map(([a, b]) => edge(name(a), name(b))),
  ),
);

// Reference answers by brute force.
const nodesOf = (edges: ReadonlyArray<DirectedEdge>) => [...new Set(edges.flatMap((e) => [e.source, e.target]))].sort();
const hasEdge = (edges: ReadonlyArray<DirectedEdge>, a: string, b: string) => edges.some((e) => e.source === a && e.target === b);

/** reach[a][b]: a path of one edge or more from a to b (Floyd–Warshall closure). */
const closure = (edges: ReadonlyArray<DirectedEdge>) => {
  const nodes = nodesOf(edges);
  const reach = new Map(nodes.map((a) => [a, new Map(nodes.map((b) => [b, hasEdge(edges, a, b)]))]));
  for (const k of nodes) for (const i of nodes) for (const j of nodes) if (reach.get(i)!.get(k) && reach.get(k)!.get(j)) reach.get(i)!.set(j, true);
  return reach;
};

/** Every elementary cycle, each listed once from its smallest node. */
const allCycles = (edges: ReadonlyArray<DirectedEdge>): string[][] => {
  const nodes = nodesOf(edges);
  const out: string[][] = [];
  for (const start of nodes) {
    const walk = (path: string[]) => {
      const last = path[path.length - 1]!;
      for (const next of nodes) {
        if (!hasEdge(edges, last, next)) continue;
        if (next === start) out.push([...path]);
        else if (next > start && !path.includes(next)) walk([...path, next]);
      }
    };
    walk([start]);
  }
  return out;
};

const cyclicComponents = (edges: ReadonlyArray<DirectedEdge>): string[][] => {
  const reach = closure(edges);
  const groups = new Map<string, string[]>();
  for (const a of nodesOf(edges)) {
    if (!reach.get(a)!.get(a)) continue;
    const members = nodesOf(edges).filter((b) => b === a || (reach.get(a)!.get(b) && reach.get(b)!.get(a)));
    groups.set(members.join(","), members);
  }
  return [...groups.values()];
};

const sortGroups = (groups: ReadonlyArray<ReadonlyArray<string>>) => groups.map((g) => [...g].sort().join(",")).sort();

describe("cyclesOf", () => {
  it("finds the import cycles of a small project as closed paths", () => {
    const edges = [edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("left", "right"), edge("right", "left"), edge("main", "a"), edge("main", "left")];
    const found = cyclesOf(edges, 20);
    expect(found.components).toEqual([["a", "b", "c"], ["left", "right"]]);
    expect(found.cycles).toEqual([["a", "b", "c"], ["left", "right"]]);
    expect(found.capped).toBe(false);
  });

  it("reports self-loops (recursion) and covers every node of a component", () => {
    // f calls itself; f -> g -> f and g -> h -> g share g.
    const edges = [edge("f", "f"), edge("f", "g"), edge("g", "f"), edge("g", "h"), edge("h", "g")];
    const found = cyclesOf(edges, 20);
    expect(found.components).toEqual([["f", "g", "h"]]);
    expect(found.cycles).toEqual([["f"], ["f", "g"], ["h", "g"]]);
  });

  it("lists one cycle of every component before a second of any, and says when capped", () => {
    const edges = [edge("a", "b"), edge("b", "a"), edge("b", "c"), edge("c", "b"), edge("x", "y"), edge("y", "x")];
    const found = cyclesOf(edges, 2);
    expect(found.cycles).toEqual([["a", "b"], ["x", "y"]]);
    expect(found.capped).toBe(true);
    expect(cyclesOf(edges, 3).capped).toBe(false);
  });

  it("has no recursion limit: a cycle through 100,000 nodes", () => {
    const n = 100_000;
    const successors = Array.from({ length: n }, (_, i) => [(i + 1) % n]);
    const components = stronglyConnected(successors);
    expect(components).toHaveLength(1);
    expect(components[0]).toHaveLength(n);
    const edges = Array.from({ length: n }, (_, i) => edge(`v${String(i).padStart(6, "0")}`, `v${String((i + 1) % n).padStart(6, "0")}`));
    expect(cyclesOf(edges, 5).cycles[0]).toHaveLength(n);
  });

  it("agrees with brute force on random graphs", () => {
    FastCheck.assert(
      FastCheck.property(graphs, (edges) => {
        const found = cyclesOf(edges, 1000);
        const reference = allCycles(edges);
        // The same cyclic components.
        expect(sortGroups(found.components)).toEqual(sortGroups(cyclicComponents(edges)));
        const onSomeCycle = new Set(reference.flat());
        for (const cycle of found.cycles) {
          // A real closed path with no repeated node...
          expect(new Set(cycle).size).toBe(cycle.length);
          cycle.forEach((v, i) => expect(hasEdge(edges, v, cycle[(i + 1) % cycle.length]!)).toBe(true));
          // ...and a shortest one through its first node (a self-loop aside, for the longer ones).
          const candidates = reference.filter((c) => c.includes(cycle[0]!) && (cycle.length === 1 || c.length > 1));
          const shortest = Math.min(...candidates.map((c) => c.length));
          expect(cycle.length).toBe(shortest);
        }
        // Together they pass through every node that lies on a cycle, and through every self-loop.
        expect(new Set(found.cycles.flat())).toEqual(onSomeCycle);
        const selfLoops = new Set(edges.filter((e) => e.source === e.target).map((e) => e.source));
        expect(new Set(found.cycles.filter((c) => c.length === 1).map((c) => c[0]))).toEqual(selfLoops);
        expect(new Set(found.cycles.map((c) => c.join(","))).size).toBe(found.cycles.length);
        expect(found.capped).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it("caps at the limit and lists the first cycle of every component first", () => {
    FastCheck.assert(
      FastCheck.property(graphs, FastCheck.integer({ min: 0, max: 4 }), (edges, limit) => {
        const all = cyclesOf(edges, 1000);
        const capped = cyclesOf(edges, limit);
        expect(capped.cycles).toHaveLength(Math.min(limit, all.cycles.length));
        expect(capped.capped).toBe(all.cycles.length > limit);
        expect(capped.cycles).toEqual(all.cycles.slice(0, limit));
        const firsts = all.components.length;
        all.cycles.slice(0, firsts).forEach((cycle, i) => expect(all.components[i]).toContain(cycle[0]));
      }),
      { numRuns: 300 },
    );
  });
});
