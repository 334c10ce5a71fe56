import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/graph/GraphReader.js";
import { subgraphOf, type SubgraphAnswer, type SubgraphRequest } from "../../../src/queries/graph/subgraphOf.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

let project: IndexedProject;
let graph: GraphQueryable;
beforeAll(async () => {
  project = await indexedFixture("analysis/cycles");
  graph = (await project.context().graph())!;
}, 60_000);
afterAll(() => project?.close());

const subgraph = async (request: Partial<SubgraphRequest> & Pick<SubgraphRequest, "scope">) => {
  const answer: SubgraphAnswer = await subgraphOf(graph, { edgeKinds: null, maxNodes: 100, maxEdges: 1000, ...request });
  if (answer._tag !== "Subgraph") throw new Error(answer._tag);
  return answer;
};
const edgeList = (a: { graph: { edges: ReadonlyArray<{ source: string; target: string; kind: string; line: number }> } }) =>
  a.graph.edges.map((e) => `${e.source} ${e.kind} ${e.target} @${e.line}`);

describe("subgraphOf over fixtures/analysis/cycles", () => {
  it("a folder: its files and symbols, and every edge between them", async () => {
    const answer = await subgraph({ scope: { kind: "paths", scope: { kind: "path", path: "src/pair" } } });
    expect(answer.graph.nodes).toEqual([
      { id: "f:src/pair/left.ts", kind: "File", name: "src/pair/left.ts", file: "src/pair/left.ts", line: 0 },
      { id: "s:src/pair/left.ts#LEFT", kind: "Variable", name: "LEFT", file: "src/pair/left.ts", line: 3 },
      { id: "s:src/pair/left.ts#left", kind: "Function", name: "left", file: "src/pair/left.ts", line: 5 },
      { id: "f:src/pair/right.ts", kind: "File", name: "src/pair/right.ts", file: "src/pair/right.ts", line: 0 },
      { id: "s:src/pair/right.ts#right", kind: "Function", name: "right", file: "src/pair/right.ts", line: 3 },
    ]);
    expect(edgeList(answer)).toEqual([
      "f:src/pair/left.ts IMPORTS f:src/pair/right.ts @1",
      "f:src/pair/left.ts CONTAINS s:src/pair/left.ts#LEFT @0",
      "f:src/pair/left.ts CONTAINS s:src/pair/left.ts#left @0",
      "f:src/pair/right.ts IMPORTS f:src/pair/left.ts @1",
      "f:src/pair/right.ts CONTAINS s:src/pair/right.ts#right @0",
      "s:src/pair/left.ts#left CALLS s:src/pair/right.ts#right @6",
    ]);
    expect(answer.nodeCapped || answer.edgeCapped).toBe(false);
  });

  it("a symbol's neighbourhood, by radius and edge kinds", async () => {
    const near = await subgraph({ scope: { kind: "symbol", name: "isEven", radius: 1 }, edgeKinds: ["CALLS"] });
    expect(near.centre.map((c) => c.id)).toEqual(["s:src/parity.ts#isEven"]);
    expect(near.graph.nodes.map((n) => n.name)).toEqual(["main", "isEven", "isOdd", "half", 'parity.says "even", & <odd> \\\\ back']);
    const far = await subgraph({ scope: { kind: "symbol", name: "src/parity.ts#isEven", radius: 2 }, edgeKinds: ["CALLS"] });
    expect(far.graph.nodes.map((n) => n.name)).toContain("halves");
    expect(edgeList(far)).toContain("s:src/parity.ts#halves CALLS s:src/parity.ts#half @18");
  });

  it("caps nodes and edges and says how many there were", async () => {
    const nodes = await subgraph({ scope: { kind: "paths", scope: { kind: "glob", pattern: "src/**/*.ts" } }, maxNodes: 3 });
    expect(nodes.graph.nodes.map((n) => n.id)).toEqual(["f:src/handlers/click.ts", "s:src/handlers/click.ts#ClickHandler", "s:src/handlers/click.ts#ClickHandler.handle"]);
    expect(nodes).toMatchObject({ nodeCapped: true, totalNodes: 34 });
    const neighbourhood = await subgraph({ scope: { kind: "symbol", name: "isEven", radius: 3 }, maxNodes: 4 });
    expect(neighbourhood).toMatchObject({ nodeCapped: true, totalNodes: null });
    expect(neighbourhood.graph.nodes).toHaveLength(4);
    const edges = await subgraph({ scope: { kind: "paths", scope: { kind: "path", path: "src/pair" } }, maxEdges: 2 });
    expect(edges).toMatchObject({ edgeCapped: true, totalEdges: 6 });
    expect(edges.graph.edges).toHaveLength(2);
  });

  it("an unknown symbol lists close names; an empty scope says so", async () => {
    const unknown = await subgraphOf(graph, { scope: { kind: "symbol", name: "isEvn", radius: 1 }, edgeKinds: null, maxNodes: 10, maxEdges: 10 });
    expect(unknown._tag === "UnknownSymbol" && unknown.candidates.map((c) => c.name).slice(0, 2)).toEqual(["isEven", "isOdd"]);
    const empty = await subgraphOf(graph, { scope: { kind: "paths", scope: { kind: "path", path: "nowhere" } }, edgeKinds: null, maxNodes: 10, maxEdges: 10 });
    expect(empty._tag).toBe("EmptyScope");
  });
});
