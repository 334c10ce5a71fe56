import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/index.js";
import type { EdgeKind } from "../../../src/projections/graph/model.js";
import type { ContextGraph } from "../../../src/queries/context/contextGraph.js";
import { loadContextGraph } from "../../../src/queries/context/loadContextGraph.js";
import { edgesOf } from "../../../src/queries/graph/edgesOf.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

const FIXTURES = ["resolve/ts-basic", "resolve/py-basic", "graph/repo"] as const;
const projects: IndexedProject[] = [];
const graphs = new Map<string, { kuzu: GraphQueryable; memory: ContextGraph }>();

beforeAll(async () => {
  for (const name of FIXTURES) {
    const project = await indexedFixture(name);
    projects.push(project);
    const kuzu = (await project.context().graph())!;
    graphs.set(name, { kuzu, memory: await loadContextGraph(kuzu) });
  }
}, 180_000);
afterAll(async () => {
  for (const p of projects) await p.close();
});

/** The walk's questions (expandNeighbourhood): what a node calls, implements, inherits; what calls, tests or imports it. */
const QUESTIONS: ReadonlyArray<{ direction: "in" | "out"; kinds: EdgeKind[] }> = [
  { direction: "out", kinds: ["CALLS", "IMPLEMENTS", "INHERITS"] },
  { direction: "in", kinds: ["CALLS", "IMPLEMENTS", "INHERITS", "TESTS"] },
  { direction: "in", kinds: ["IMPORTS"] },
];

describe("loadContextGraph", () => {
  it.each(FIXTURES)("answers every edge question as Kuzu does, row for row and in the same order (%s)", async (name) => {
    const { kuzu, memory } = graphs.get(name)!;
    const ids = [...(await kuzu.query("MATCH (n) WHERE label(n) IN ['File', 'Symbol'] RETURN n.id AS id")).map((r) => String(r.id))];
    expect(ids.length).toBeGreaterThan(5);
    // All nodes at once, and small unsorted batches with repeats, as frontiers come.
    const batches = [ids, ...Array.from({ length: Math.ceil(ids.length / 3) }, (_, i) => [ids[(i * 7) % ids.length]!, ids[i * 3]!, ids[(i * 7) % ids.length]!, ...ids.slice(i * 3 + 1, i * 3 + 3)])];
    let rows = 0;
    for (const batch of batches) {
      for (const q of QUESTIONS) {
        const fromKuzu = (await edgesOf(kuzu, batch, q.direction, q.kinds)).filter((e) => !e.from.startsWith("x:") && !e.to.startsWith("x:"));
        expect(memory.edgesOf(batch, q.direction, q.kinds)).toEqual(fromKuzu);
        // At most one edge to another node per node asked about (and the edges to itself before it).
        const taken = new Map<string, number>();
        const firstOfEach = fromKuzu.filter((e) => {
          const [near, far] = q.direction === "out" ? [e.from, e.to] : [e.to, e.from];
          if ((taken.get(near) ?? 0) >= 1) return false;
          if (far !== near) taken.set(near, 1);
          return true;
        });
        expect(memory.edgesOf(batch, q.direction, q.kinds, 1)).toEqual(firstOfEach);
        rows += fromKuzu.length;
      }
    }
    expect(rows).toBeGreaterThan(0);
  });

  it("holds every symbol with its place, head and the start of its docstring, and each file's symbols in line order", async () => {
    const { kuzu, memory } = graphs.get("resolve/py-basic")!;
    const count = Number((await kuzu.query("MATCH (s:Symbol) RETURN count(*) AS n"))[0]!.n);
    expect(memory.symbols.size).toBe(count);
    const total = [...memory.symbols.values()].find((s) => s.name === "total")!;
    expect(total).toMatchObject({ path: "src/shop/pricing.py", kind: "Function" });
    expect(total.start).toBeGreaterThan(0);
    expect(total.end).toBeGreaterThanOrEqual(total.start);
    const inFile = memory.symbolsIn("src/shop/pricing.py");
    expect(inFile.map((s) => s.name)).toContain("total");
    expect(inFile.map((s) => s.start)).toEqual([...inFile.map((s) => s.start)].sort((a, b) => a - b));
    expect(memory.symbolsIn("no/such/file.py")).toEqual([]);
  });
});
