import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryNodeEdgesTool } from "../../../src/mcp/tools/queryNodeEdges.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

let namespaces: IndexedProject;
let tsBasic: IndexedProject;
beforeAll(async () => {
  namespaces = await indexedFixture("mcp/namespaces");
  tsBasic = await indexedFixture("resolve/ts-basic");
}, 90_000);
afterAll(async () => {
  await namespaces?.close();
  await tsBasic?.close();
});

describe("query_node_edges", () => {
  it("--node_identifier JSON --direction out: a namespace's members", async () => {
    const { output: out, text } = await callTool(queryNodeEdgesTool, { node_identifier: "JSON", direction: "out" }, namespaces.context());
    expect(out.node).toMatchObject({ kind: "Namespace", qualified_name: "JSON", file: "src/json.ts", line: 2 });
    expect(out.incoming).toEqual([]);
    expect(text).toBe(
      [
        "Edges for: JSON (Namespace, src/json.ts:2)",
        "",
        "Outgoing:",
        "  CONTAINS -> JSON.parse (Function, src/json.ts:3)",
        "  CONTAINS -> JSON.stringify (Function, src/json.ts:7)",
        "  CONTAINS -> JSON.decode (Function, src/json.ts:11)",
        "",
        "3 outgoing, 0 incoming",
      ].join("\n"),
    );
  });

  it("both directions, with the file:line of each reference", async () => {
    const { text } = await callTool(queryNodeEdgesTool, { node_identifier: "JSON.parse" }, namespaces.context());
    expect(text).toContain("  CALLS    -> JSON.decode (Function, src/json.ts:11) at src/json.ts:4");
    expect(text).toContain("  CONTAINS <- JSON (Namespace, src/json.ts:2)");
    expect(text).toContain("  CALLS    <- ConfigLoader.load (Method, src/config.ts:4) at src/config.ts:5");
    expect(text).toContain("1 outgoing, 2 incoming");
  });

  it("filters by edge type written loosely, and shows externals by id", async () => {
    const { output: out, text } = await callTool(queryNodeEdgesTool, { node_identifier: "src/render.ts", edge_type: "imports", direction: "out" }, tsBasic.context());
    expect(out.outgoing.map((e) => `${e.edge_type} ${e.node.id} ${e.line}`)).toEqual([
      "IMPORTS f:packages/util/src/index.ts 4",
      "IMPORTS f:src/shapes/index.ts 1",
      "IMPORTS f:src/shapes/square.ts 3",
      "IMPORTS x:react 5",
    ]);
    expect(text).toContain("  IMPORTS -> x:react (External) at src/render.ts:5");
    const implementors = await callTool(queryNodeEdgesTool, { node_identifier: "Shape", edge_type: "Implements,inherits", direction: "in" }, tsBasic.context());
    expect(implementors.output.incoming.map((e) => `${e.edge_type} ${e.node.qualified_name}`)).toEqual(["IMPLEMENTS Square"]);
  });

  it("an external module by its specifier: who imports it", async () => {
    const { output: out } = await callTool(queryNodeEdgesTool, { node_identifier: "react" }, tsBasic.context());
    expect(out.node).toMatchObject({ id: "x:react", kind: "External" });
    expect(out.incoming.map((e) => `${e.edge_type} ${e.node.id}`)).toEqual(["IMPORTS f:src/render.ts"]);
  });

  it("several matches: the first is used and the others named", async () => {
    const { output: out, text } = await callTool(queryNodeEdgesTool, { node_identifier: "size" }, tsBasic.context());
    expect(out.node.qualified_name).toBe("Base.size");
    expect(text).toContain('Note: "size" also matches Square.size (Method, src/shapes/square.ts:13); used the first.');
    const picked = await callTool(queryNodeEdgesTool, { node_identifier: "src/shapes/square.ts:size" }, tsBasic.context());
    expect(picked.output.node.qualified_name).toBe("Square.size");
    expect(picked.output.resolution.also_matches_total).toBe(0);
  });

  it("unknown names and edge types say what to do next", async () => {
    const unknown = await toolFailure(queryNodeEdgesTool, { node_identifier: "Zebra" }, tsBasic.context());
    expect(unknown).toContain('No symbol or file matches "Zebra"');
    expect(unknown).toContain("search_nodes");
    const badKind = await toolFailure(queryNodeEdgesTool, { node_identifier: "Square", edge_type: "DependsOn" }, tsBasic.context());
    expect(badKind).toBe('Unknown edge type "DependsOn". Edge types: CONTAINS, HAS_METHOD, INHERITS, IMPLEMENTS, CALLS, IMPORTS, RETURNS, ACCEPTS, TESTS.');
    expect(await toolFailure(queryNodeEdgesTool, { node_identifier: "../../etc/passwd" }, tsBasic.context())).toContain("outside the project");
  });
});

describe("query_node_edges on a hub", () => {
  let hub: IndexedProject;
  beforeAll(async () => {
    hub = await indexedFixture("resolve/ts-basic");
    // Fourteen more callers of add: more than one kind's share of a listing without edge_type.
    const callers = Array.from({ length: 14 }, (_, i) => `export function use${i}(): number {\n  return add(${i}, 1);\n}\n`);
    writeFileSync(join(hub.root, "src/callers.ts"), `import { add } from "./lib/math";\n${callers.join("")}`);
    await hub.context().index({});
  }, 90_000);
  afterAll(() => hub?.close());

  it("lists the first edges of each kind and counts the rest; naming the kind lists them all", async () => {
    const { output: out, text } = await callTool(queryNodeEdgesTool, { node_identifier: "add", direction: "in" }, hub.context());
    const calls = out.counts.incoming.find((c) => c.edge_type === "CALLS")!;
    expect(calls).toEqual({ edge_type: "CALLS", total: 16, listed: 10 });
    expect(out.incoming.filter((e) => e.edge_type === "CALLS")).toHaveLength(10);
    expect(out.incoming_total).toBe(out.counts.incoming.reduce((n, c) => n + c.total, 0));
    expect(text).toContain("  … 6 more CALLS (pass edge_type CALLS to list up to 200)");
    const named = await callTool(queryNodeEdgesTool, { node_identifier: "add", direction: "in", edge_type: "CALLS" }, hub.context());
    expect(named.output.incoming).toHaveLength(16);
    expect(named.text).not.toContain("more CALLS");
  });
});
