import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/graph/GraphReader.js";
import { impactOf, type Impact, type ImpactAnswer } from "../../../src/queries/graph/impactOf.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

let project: IndexedProject;
let graph: GraphQueryable;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
  graph = (await project.context().graph())!;
}, 60_000);
afterAll(() => project?.close());

const impact = (answer: ImpactAnswer): Impact => {
  if (answer._tag !== "Impact") throw new Error(`expected an impact, got ${answer._tag}`);
  return answer;
};
const brief = (d: { name: string; depth: number; via: string; on: string; at: number }) => `${d.depth} ${d.name} ${d.via} ${d.on} @${d.at}`;

describe("impactOf", () => {
  it("a whole file: importers and callers by depth, the tests reaching it, and who no test reaches", async () => {
    const answer = impact(await impactOf(graph, { file: "src/lib/math.ts", symbol: null, depth: 3, maxNodes: 100 }));
    expect(answer.targets.map((t) => t.name)).toEqual(["src/lib/math.ts", "add", "twice"]);
    expect(answer.dependents.map(brief)).toEqual([
      "1 src/shapes/square.ts IMPORTS src/lib/math.ts @1",
      "1 Square.size CALLS add @14",
      "2 src/render.ts IMPORTS src/shapes/square.ts @3",
      "2 src/shapes/index.ts IMPORTS src/shapes/square.ts @2",
    ]);
    expect(answer.tests.map(brief)).toEqual(["1 test/render.test.ts IMPORTS src/lib/math.ts @3", "1 render.renders a square CALLS twice @8"]);
    // The test file imports render.ts, which imports square.ts: file-level reach. Nothing calls Square.size.
    expect(answer.untested).toEqual(["s:src/shapes/square.ts#Square.size"]);
    expect(answer.beyondDepth).toBe(0);
    expect(answer.nodeCapped).toBe(false);
  });

  it("one function: only what calls it, and tests found one level past the depth cap", async () => {
    const answer = impact(await impactOf(graph, { file: "src/lib/math.ts", symbol: "add", depth: 1, maxNodes: 100 }));
    expect(answer.symbol?.name).toBe("add");
    expect(answer.dependents.map(brief)).toEqual(["1 twice CALLS add @6", "1 Square.size CALLS add @14"]);
    expect(answer.tests.map(brief)).toEqual(["2 render.renders a square CALLS twice @8"]);
    expect(answer.untested).toEqual(["s:src/shapes/square.ts#Square.size"]);
  });

  it("a class: its methods are targets too", async () => {
    const answer = impact(await impactOf(graph, { file: "src/shapes/square.ts", symbol: "Square", depth: 3, maxNodes: 100 }));
    expect(answer.targets.map((t) => t.name)).toEqual(["Square", "Square.constructor", "Square.area", "Square.size", "Square.label"]);
    // `export { Square as Box }` in shapes/index.ts names Square: it is exported under that name too.
    expect(answer.dependents.map(brief)).toEqual(["1 render CALLS Square.constructor @8", "1 Box IMPORTS Square @2", "1 makeSquare CALLS Square.constructor @23"]);
    expect(answer.tests.map(brief)).toEqual(["2 render.renders a square CALLS render @7"]);
  });

  it("counts what lies past the depth cap and stops at the node cap", async () => {
    const shallow = impact(await impactOf(graph, { file: "src/lib/math.ts", symbol: null, depth: 1, maxNodes: 100 }));
    expect(shallow.dependents.map((d) => d.name)).toEqual(["src/shapes/square.ts", "Square.size"]);
    expect(shallow.beyondDepth).toBe(2); // render.ts and shapes/index.ts import square.ts
    const capped = impact(await impactOf(graph, { file: "src/lib/math.ts", symbol: null, depth: 3, maxNodes: 2 }));
    expect(capped.dependents.length + capped.tests.length).toBe(2);
    expect(capped.nodeCapped).toBe(true);
  });

  it("an unknown file or symbol gives candidates", async () => {
    expect(await impactOf(graph, { file: "src/shape/square.ts", symbol: null, depth: 3, maxNodes: 10 })).toMatchObject({
      _tag: "UnknownFile",
      folder: false,
      candidates: expect.arrayContaining(["src/shapes/square.ts"]),
    });
    expect(await impactOf(graph, { file: "src/shapes", symbol: null, depth: 3, maxNodes: 10 })).toMatchObject({
      _tag: "UnknownFile",
      folder: true,
      candidates: ["src/shapes/base.ts", "src/shapes/index.ts", "src/shapes/square.ts"],
    });
    const unknown = await impactOf(graph, { file: "src/shapes/square.ts", symbol: "area2", depth: 3, maxNodes: 10 });
    expect(unknown._tag).toBe("UnknownSymbol");
    expect(unknown._tag === "UnknownSymbol" && unknown.candidates[0]?.name).toBe("Square.area");
  });
});
