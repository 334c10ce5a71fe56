import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportGraphTool } from "../../../src/mcp/tools/exportGraph.js";
import type { PlainGraph } from "../../../src/queries/analysis/PlainGraph.js";
import { parseCsv, parseDot, parseXml } from "../../queries/analysis/export/parsers.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("analysis/cycles");
}, 60_000);
afterAll(() => project?.close());

// The test's title in fixtures/analysis/cycles/test/parity.test.ts, as the graph names it.
const TITLE = 'parity.says "even", & <odd> \\\\ back';
const TEST_ID = `s:test/parity.test.ts#${TITLE}`;

describe("export_graph", () => {
  it("JSON of a symbol's neighbourhood (the default radius 1), the escaped test title intact", async () => {
    const { output, text } = await callTool(exportGraphTool, { scope: "symbol:isEven", format: "json", edge_types: ["CALLS"] }, project.context());
    expect(text).toBe(output.content);
    const graph = JSON.parse(text) as PlainGraph;
    expect(graph.nodes.map((n) => `${n.kind} ${n.name} ${n.file}:${n.line}`)).toEqual([
      "Function main src/main.ts:6",
      "Function isEven src/parity.ts:1",
      "Function isOdd src/parity.ts:5",
      "Function half src/parity.ts:13",
      `Test ${TITLE} test/parity.test.ts:5`,
    ]);
    expect(graph.edges).toContainEqual({ source: TEST_ID, target: "s:src/parity.ts#isEven", kind: "CALLS", line: 6 });
    expect(output).toMatchObject({ format: "json", nodes: 5, edges: 5, nodeCapped: false });
  });

  it("DOT of a folder reads back to the same nodes and edges", async () => {
    const { output } = await callTool(exportGraphTool, { scope: "src/loop", format: "dot" }, project.context());
    const dot = parseDot(output.content);
    expect(dot.nodes.map((n) => `${n.ids[0]} ${n.attrs.label} ${n.attrs.kind}`)).toEqual([
      "f:src/loop/a.ts src/loop/a.ts File",
      "s:src/loop/a.ts#fromA fromA Function",
      "f:src/loop/b.ts src/loop/b.ts File",
      "s:src/loop/b.ts#fromB fromB Function",
      "f:src/loop/c.ts src/loop/c.ts File",
      "s:src/loop/c.ts#fromC fromC Function",
    ]);
    expect(dot.edges.filter((e) => e.attrs.label === "IMPORTS").map((e) => `${e.ids[0]} -> ${e.ids[1]} @${e.attrs.line}`)).toEqual([
      "f:src/loop/a.ts -> f:src/loop/b.ts @1",
      "f:src/loop/b.ts -> f:src/loop/c.ts @1",
      "f:src/loop/c.ts -> f:src/loop/a.ts @1",
    ]);
  });

  it("GraphML and CSV keep quotes, ampersands, angle brackets and backslashes", async () => {
    const graphml = await callTool(exportGraphTool, { scope: "test", format: "graphml" }, project.context());
    const nodes = parseXml(graphml.output.content).children.find((c) => c.name === "graph")!.children.filter((c) => c.name === "node");
    expect(nodes.map((n) => n.attrs.id)).toEqual(["f:test/parity.test.ts", "s:test/parity.test.ts#parity", TEST_ID]);
    expect(nodes[2]!.children.find((d) => d.attrs.key === "name")!.text).toBe(TITLE);

    const csv = await callTool(exportGraphTool, { scope: "symbol:test/parity.test.ts#parity", format: "csv" }, project.context());
    const rows = parseCsv(csv.output.content);
    expect(rows[0]).toEqual(["source", "target", "kind", "line"]);
    expect(rows).toContainEqual(["s:test/parity.test.ts#parity", TEST_ID, "CONTAINS", "0"]);
  });

  it("says when it capped, in the content itself", async () => {
    const { output } = await callTool(exportGraphTool, { scope: "src", format: "dot", max_nodes: 3 }, project.context());
    expect(output.content.split("\n")[0]).toBe("// src: capped at 3 nodes of 34: narrow the scope or raise max_nodes");
    expect(parseDot(output.content).nodes).toHaveLength(3);
    expect(output.nodeCapped).toBe(true);
  });

  it("unknown symbols, empty scopes and escapes from the project are errors", async () => {
    expect(await toolFailure(exportGraphTool, { scope: "symbol:isEvn" }, project.context())).toMatch(
      /^no symbol named "isEvn". Closest symbols:\n {2}isEven \[Function\] src\/parity.ts:1\n {2}isOdd \[Function\] src\/parity.ts:5\n/,
    );
    expect(await toolFailure(exportGraphTool, { scope: "docs" }, project.context())).toMatch(/^invalid arguments for export_graph: scope "docs" names no indexed file/);
    expect(await toolFailure(exportGraphTool, { scope: "/etc" }, project.context())).toMatch(/outside the project/);
    expect(await toolFailure(exportGraphTool, { scope: "symbol:" }, project.context())).toMatch(/symbol: needs a name/);
    await expect(callTool(exportGraphTool, { scope: "src", format: "svg" }, project.context())).rejects.toThrow();
  });
});
