import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/index.js";
import { callChains } from "../../../src/queries/graph/callChains.js";
import { dependencies } from "../../../src/queries/graph/dependencies.js";
import { findPath } from "../../../src/queries/graph/findPath.js";
import { nodeEdges } from "../../../src/queries/graph/nodeEdges.js";
import { nodeIndex, type GraphNode } from "../../../src/queries/symbols/index.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

let project: IndexedProject;
let graph: GraphQueryable;
const node = async (id: string): Promise<GraphNode> => (await nodeIndex(graph)).byId.get(id)!;

beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
  graph = (await project.context().graph())!;
}, 60_000);
afterAll(() => project?.close());

const SQUARE = "s:src/shapes/square.ts#Square";

describe("nodeEdges", () => {
  it("lists a class's edges both ways with the node at the other end, its file and line", async () => {
    const edges = await nodeEdges(graph, SQUARE);
    expect(edges.outgoing.map((e) => `${e.kind} ${e.node.qualifiedName} ${e.file}:${e.line}`)).toEqual([
      "HAS_METHOD Square.constructor src/shapes/square.ts:0",
      "HAS_METHOD Square.area src/shapes/square.ts:0",
      "HAS_METHOD Square.size src/shapes/square.ts:0",
      "HAS_METHOD Square.label src/shapes/square.ts:0",
      "INHERITS Base src/shapes/square.ts:4",
      "IMPLEMENTS Shape src/shapes/square.ts:4",
    ]);
    expect(edges.incoming.map((e) => `${e.kind} ${e.node.qualifiedName} ${e.file}:${e.line}`)).toEqual([
      "CONTAINS src/shapes/square.ts src/shapes/square.ts:0",
      "IMPORTS Box src/shapes/index.ts:2",
      "RETURNS makeSquare src/shapes/square.ts:22",
    ]);
  });

  it("filters by kind and direction, and names externals by id", async () => {
    const edges = await nodeEdges(graph, "f:src/render.ts", { kinds: ["IMPORTS"], direction: "out" });
    expect(edges.incoming).toEqual([]);
    expect(edges.outgoing.map((e) => `${e.node.id}@${e.line}`)).toEqual([
      "f:packages/util/src/index.ts@4",
      "f:src/shapes/index.ts@1",
      "f:src/shapes/square.ts@3",
      "x:react@5",
    ]);
  });
});

describe("dependencies", () => {
  it("counts a class's methods as the class: their callees out, their callers in; edges among them left out", async () => {
    const deps = await dependencies(graph, await node(SQUARE), { depth: 1, direction: "both" });
    expect(deps.members.map((m) => m.qualifiedName)).toEqual(["Square.area", "Square.constructor", "Square.label", "Square.size"]);
    const line = (d: (typeof deps.out)[number]) => `${d.kinds.join("+")} ${d.node.qualifiedName} via ${d.via.qualifiedName} ${d.file}:${d.line}`;
    expect(deps.out.map(line)).toEqual([
      "INHERITS Base via Square src/shapes/square.ts:4",
      "IMPLEMENTS Shape via Square src/shapes/square.ts:4",
      "CALLS add via Square.size src/shapes/square.ts:14",
      "CALLS Base.describe via Square.label src/shapes/square.ts:18",
      "CALLS Base.size via Square.size src/shapes/square.ts:14",
    ]);
    expect(deps.in.map(line)).toEqual([
      "CALLS render via Square.constructor src/render.ts:8",
      "CALLS render via Square.area src/render.ts:12",
      "CALLS render via Square.label src/render.ts:12",
      "CALLS makeSquare via Square.constructor src/shapes/square.ts:23",
      "IMPORTS Box via Square src/shapes/index.ts:2",
      "RETURNS makeSquare via Square src/shapes/square.ts:22",
    ]);
    expect(deps.truncated).toEqual({ out: false, in: false });
  });

  it("follows further levels from the nodes the last one reached", async () => {
    const deps = await dependencies(graph, await node("s:src/render.ts#render"), { depth: 2, direction: "in" });
    expect(deps.out).toEqual([]);
    expect(deps.in.map((d) => `${d.depth} ${d.kinds.join("+")} ${d.node.qualifiedName} via ${d.via.qualifiedName} ${d.file}:${d.line}`)).toEqual([
      "1 CALLS+TESTS render.renders a square via render test/render.test.ts:7",
    ]);
    const out = await dependencies(graph, await node("s:src/render.ts#render"), { depth: 2, direction: "out" });
    expect(out.out.filter((d) => d.depth === 2).map((d) => `${d.node.qualifiedName} via ${d.via.qualifiedName}`)).toEqual([
      "Base.describe via Square.label",
      "Square via makeSquare",
    ]);
  });

  it("counts every level by first edge kind and lists the first of each kind", async () => {
    const all = await dependencies(graph, await node("s:src/render.ts#render"), { depth: 2, direction: "out" });
    const few = await dependencies(graph, await node("s:src/render.ts#render"), { depth: 2, direction: "out", perKind: 1 });
    const groups = all.counts.out.map((c) => `${c.depth} ${c.kind} ${c.total}`);
    expect(groups.length).toBeGreaterThan(2);
    expect(few.counts.out.map((c) => `${c.depth} ${c.kind} ${c.total}`)).toEqual(groups);
    expect(all.counts.out.every((c) => c.listed === c.total)).toBe(true);
    expect(few.counts.out.every((c) => c.listed === 1)).toBe(true);
    // The first of each (depth, kind) group, in the order the whole list has them.
    const firsts = all.counts.out.map((c) => all.out.find((d) => d.depth === c.depth && d.kinds[0] === c.kind)!);
    expect(few.out).toEqual(firsts);
    expect(few.truncated.out).toBe(all.counts.out.some((c) => c.total > 1));
  });

  it("caps the list and says so", async () => {
    const deps = await dependencies(graph, await node("s:src/render.ts#render"), { depth: 2, direction: "out", limit: 3 });
    expect(deps.out).toHaveLength(3);
    expect(deps.truncated.out).toBe(true);
  });
});

describe("callChains", () => {
  const text = (c: { steps: ReadonlyArray<GraphNode>; lines: ReadonlyArray<number> }) =>
    c.steps.map((s, i) => (i === 0 ? s.qualifiedName : `${s.qualifiedName}@${c.lines[i - 1]}`)).join(" > ");

  it("walks real CALLS paths out of a function, each as long as the depth allows", async () => {
    const chains = await callChains(graph, [await node("s:src/render.ts#render")], { depth: 3, direction: "out" });
    expect(chains.chains.map(text)).toContain("render > Square.label@12 > Base.describe@18 > Base.size@7");
    expect(chains.chains.map(text)).toContain("render > makeSquare@9 > Square.constructor@23");
    expect(chains.chains.map(text)).toContain("render > slugify@12");
    expect(chains.truncated).toBe(false);
  });

  it("walks callers into a method, written caller first", async () => {
    const chains = await callChains(graph, [await node("s:src/shapes/base.ts#Base.size")], { depth: 3, direction: "in" });
    expect(chains.chains.map(text).sort()).toEqual([
      "Square.size > Base.size@14",
      "render > Square.label@12 > Base.describe@18 > Base.size@7",
    ]);
  });

  it("stops at the cap and says so", async () => {
    const chains = await callChains(graph, [await node("s:src/render.ts#render")], { depth: 3, direction: "out", max: 2 });
    expect(chains.chains).toHaveLength(2);
    expect(chains.truncated).toBe(true);
  });
});

describe("findPath", () => {
  const kinds = ["CALLS", "IMPORTS", "INHERITS", "IMPLEMENTS", "HAS_METHOD", "CONTAINS"] as const;
  const hops = (p: Awaited<ReturnType<typeof findPath>>) => p?.map((h) => `${h.from.qualifiedName} ${h.kind} ${h.to.qualifiedName} ${h.file}:${h.line}`);

  it("finds the shortest directed path with every hop's edge, file and line", async () => {
    const p = await findPath(graph, await node("s:test/render.test.ts#render.renders a square"), await node("s:src/shapes/base.ts#Base.size"), { kinds: [...kinds], maxHops: 10 });
    expect(hops(p)).toEqual([
      "render.renders a square CALLS render test/render.test.ts:7",
      "render CALLS Square.label src/render.ts:12",
      "Square.label CALLS Base.describe src/shapes/square.ts:18",
      "Base.describe CALLS Base.size src/shapes/base.ts:7",
    ]);
  });

  it("goes through a class to its methods and from a file through its imports", async () => {
    expect(hops(await findPath(graph, await node(SQUARE), await node("s:src/lib/math.ts#add"), { kinds: [...kinds], maxHops: 10 }))).toEqual([
      "Square HAS_METHOD Square.size src/shapes/square.ts:0",
      "Square.size CALLS add src/shapes/square.ts:14",
    ]);
    expect(hops(await findPath(graph, await node("f:test/render.test.ts"), await node("s:src/lib/math.ts#add"), { kinds: ["IMPORTS", "CONTAINS"], maxHops: 10 }))).toEqual([
      "test/render.test.ts IMPORTS src/lib/math.ts test/render.test.ts:3",
      "src/lib/math.ts CONTAINS add src/lib/math.ts:0",
    ]);
  });

  it("answers null when no path runs that way, or only over other edge kinds", async () => {
    expect(await findPath(graph, await node("s:src/lib/math.ts#add"), await node("s:src/render.ts#render"), { kinds: [...kinds], maxHops: 10 })).toBeNull();
    expect(await findPath(graph, await node(SQUARE), await node("s:src/lib/math.ts#add"), { kinds: ["CALLS"], maxHops: 10 })).toBeNull();
    expect(await findPath(graph, await node(SQUARE), await node("s:src/lib/math.ts#add"), { kinds: [...kinds], maxHops: 1 })).toBeNull();
  });
});
