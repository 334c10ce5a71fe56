import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_TOOLS, callTool, listTools, selectTools } from "../../../../src/mcp/registry.js";
import { indexedFixture, type IndexedProject } from "../../harness.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("analysis/cycles");
}, 60_000);
afterAll(() => project?.close());

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const answer = await callTool(ALL_TOOLS, name, args, project.context());
  return { text: answer.content.map((c) => c.text).join("\n"), isError: answer.isError === true, json: answer.structuredContent as any };
};
const json = async (name: string, args: Record<string, unknown> = {}) => {
  const r = await call(name, { ...args, json_output: true });
  if (r.isError) throw new Error(`${name} failed: ${r.text}`);
  return r.json;
};
const failure = async (name: string, args: Record<string, unknown>) => {
  const r = await call(name, args);
  expect(r.isError, r.text).toBe(true);
  return r.text;
};

describe("the graph tool set", () => {
  it("adds a read model that never makes an answer say the index is catching up (it handles no file event)", async () => {
    // Before any graph write its checkpoint trails every file event of the index.
    expect((await call("find_cycles", {})).text).not.toMatch(/catching up/);
    expect((await call("get_graph_info")).text).not.toMatch(/catching up/);
  });

  it("is off by default and describes every argument", () => {
    const core = selectTools(["core"]).map((t) => t.name);
    expect(core).not.toContain("add_node");
    expect(core).toEqual(expect.arrayContaining(["find_cycles", "export_graph"]));
    const graph = listTools(selectTools(["graph"]));
    expect(graph.map((t) => t.name)).toEqual(expect.arrayContaining(["list_graphs", "add_node", "pagerank", "import_graph", "transitive_reduction"]));
    for (const tool of graph) {
      for (const [field, schema] of Object.entries(tool.inputSchema.properties as Record<string, { description?: string }>)) expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
    }
  });

  it("builds a graph on 'default' and reads it back at once: nodes, multigraph edges, neighbours, info", async () => {
    expect(await json("add_node", { label: "AuthService", type: "service", properties: { team: "core" } })).toEqual({ graph: "default", created: true, node: { label: "AuthService", asked: "AuthService", change: "created" } });
    expect(await json("add_nodes", { nodes: [{ label: "Postgres", type: "db" }, { label: "PaymentService", type: "service" }, { label: "auth_service", properties: { lang: "ts" } }] })).toMatchObject({ created: 2, updated: 1 });
    expect(await json("add_edge", { source: "auth service", target: "postgres", relation: "depends_on" })).toMatchObject({ source: "AuthService", target: "Postgres", change: "created" });
    const batch = await json("add_edges", {
      edges: [
        { source: "PaymentService", target: "AuthService", relation: "calls" },
        { source: "PaymentService", target: "AuthService", relation: "trusts" },
        { source: "PaymentService", target: "Kafka", relation: "publishes" },
      ],
    });
    expect(batch).toMatchObject({ created: 2, failed: [{ index: 2, reason: expect.stringMatching(/no target "Kafka" in graph "default".*add_node/) }] });
    const info = await json("get_graph_info");
    expect(info).toMatchObject({ graph: "default", node_count: 3, edge_count: 3, is_dag: true, is_weakly_connected: true, node_types: { service: 2, db: 1 }, relation_types: { calls: 1, trusts: 1, depends_on: 1 } });
    expect((await json("get_neighbors", { node: "AuthService", direction: "in" })).neighbors.map((n: any) => n.relation).sort()).toEqual(["calls", "trusts"]);
    expect((await call("find_node", { query: "AuthService" })).text).toBe('exact match: "AuthService" (service) {"team":"core","lang":"ts"}');
    expect((await call("shortest_path", { source: "PaymentService", target: "Postgres" })).text).toBe("length 2: PaymentService -[calls]-> AuthService -[depends_on]-> Postgres");
    expect((await json("list_graphs")).graphs).toEqual([expect.objectContaining({ name: "default", node_count: 3, edge_count: 3 })]);

  });

  it("shows each edge of a path as stored, also when direction walks it backwards", async () => {
    await json("import_graph", { graph: "x-dir", format: "csv", content: "source,target,relation\nA,B,reads\nC,B,writes\n" });
    expect((await call("shortest_path", { graph: "x-dir", source: "A", target: "C", direction: "both" })).text).toBe("length 2: A -[reads]-> B <-[writes]- C");
    expect((await call("shortest_path", { graph: "x-dir", source: "B", target: "A", direction: "in" })).text).toBe("length 1: B <-[reads]- A");
    expect(await json("shortest_path", { graph: "x-dir", source: "A", target: "C", direction: "both" })).toMatchObject({
      path: ["A", "B", "C"],
      relations: ["reads", "writes"],
      edges: [
        { source: "A", target: "B", relation: "reads" },
        { source: "C", target: "B", relation: "writes" },
      ],
    });
  });

  it("matches a node ignoring case in every tool that takes one, and merges writes that differ only in case", async () => {
    await json("add_nodes", { graph: "x-case", nodes: [{ label: "UserDB", type: "db" }, { label: "AuthService" }, { label: "Cache" }, { label: "CACHE_" }, { label: "cache" }] });
    expect(await json("add_edges", { graph: "x-case", edges: [{ source: "authservice", target: "userdb", relation: "reads" }] })).toMatchObject({ created: 1, failed_count: 0 });
    expect(await json("add_edge", { graph: "x-case", source: "AUTHSERVICE", target: "USERDB", relation: "writes" })).toMatchObject({ source: "AuthService", target: "UserDB" });
    expect(await json("find_node", { graph: "x-case", query: "userdb" })).toMatchObject({ match: "case", matches: [{ label: "UserDB" }] });
    expect((await call("find_node", { graph: "x-case", query: "userdb" })).text).toBe('match ignoring case: "UserDB" (db)');
    expect((await json("get_neighbors", { graph: "x-case", node: "userdb" })).node).toBe("UserDB");
    expect(await json("shortest_path", { graph: "x-case", source: "authSERVICE", target: "userDb" })).toMatchObject({ found: true, path: ["AuthService", "UserDB"] });
    expect((await json("find_edges", { graph: "x-case", source: "authservice" })).total).toBe(2);
    expect((await json("subgraph", { graph: "x-case", nodes: ["authservice", "USERDB"] })).nodes.map((n: any) => n.label)).toEqual(["UserDB", "AuthService"]);
    // Writes merge labels equal but for case, as they merge labels that normalise alike ("cache", "CACHE_"); matchNode's test covers
    // the ambiguity that graphs written before that can still hold.
    expect((await json("list_nodes", { graph: "x-case" })).nodes.map((n: any) => n.label)).toEqual(["UserDB", "AuthService", "Cache"]);
    expect(await json("add_node", { graph: "x-case", label: "userdb", properties: { engine: "pg" } })).toMatchObject({ created: false, node: { label: "UserDB", asked: "userdb" } });
    expect(await json("import_graph", { graph: "x-case2", format: "csv", content: "source,target,relation\nUserdb,UserDB,copies\n" })).toMatchObject({ nodes_added: 1, edges_added: 1 });
    expect((await json("remove_node", { graph: "x-case", label: "userdb" }))).toMatchObject({ label: "UserDB", edges_removed: 2 });
  });

  it("names the candidates instead of guessing, and the closest nodes when nothing fits", async () => {
    // "API" and "Api" would be one node (add_nodes merges them), so ambiguity comes from meaning.
    await json("add_nodes", { graph: "amb", nodes: [{ label: "API" }, { label: "Api" }, { label: "billing service east" }, { label: "billing service west" }] });
    expect((await json("list_nodes", { graph: "amb" })).nodes.map((n: any) => n.label)).toEqual(["API", "billing service east", "billing service west"]);
    expect(await failure("get_neighbors", { graph: "amb", node: "billing service" })).toMatch(
      /node "billing service" is ambiguous in graph "amb": it could be "billing service (east|west)" \(0\.\d\d\), "billing service (east|west)" \(0\.\d\d\); pass the exact label/,
    );
    expect(await failure("remove_node", { graph: "amb", label: "Gateway" })).toMatch(/no node "Gateway" in graph "amb"; closest: .*Search with find_node, or create it with add_node/);
    expect(await failure("get_graph_info", { graph: "nosuch" })).toMatch(/no graph named "nosuch"; the graphs: amb, default/);
  });

  it("analyses: pagerank, degrees, components, all_paths (capped and saying so), cycles, transitive reduction in place", async () => {
    await json("import_graph", { graph: "dag", format: "csv", content: "source,target,relation\nA,B,r\nB,C,r\nA,C,r\nC,D,r\nA,D,r\nX,Y,r\n" });
    expect((await json("connected_components", { graph: "dag" })).components.map((c: any) => c.size)).toEqual([4, 2]);
    expect((await json("degree_centrality", { graph: "dag", top_n: 1 })).rankings[0]).toMatchObject({ label: "A", out_degree: 3, in_degree: 0 });
    expect((await json("pagerank", { graph: "dag", top_n: 1 })).rankings[0].label).toBe("D");
    const paths = await json("all_paths", { graph: "dag", source: "A", target: "D", limit: 2 });
    expect(paths).toMatchObject({ capped: true, cap_reason: expect.stringMatching(/more than 2 paths/) });
    expect(paths.paths[0]).toEqual(["A", "D"]);
    expect((await call("find_cycles", { graph: "dag" })).text).toBe('no cycles among 6 nodes of graph "dag" (6 edges): it is a DAG');
    const reduced = await json("transitive_reduction", { graph: "dag", in_place: true });
    expect(reduced).toMatchObject({ redundant: 2, removed: true, edges_removed: 2 });
    expect((await json("get_graph_info", { graph: "dag" })).edge_count).toBe(4);
    await json("add_edge", { graph: "dag", source: "D", target: "A", relation: "back" });
    expect((await call("find_cycles", { graph: "dag", limit: 5 })).text).toMatch(/^1 cycle groups holding 4 of 6 nodes in graph "dag"/);
    // A scratch graph has no files to scope to: said, not ignored.
    expect(await failure("find_cycles", { graph: "dag", scope: "src" })).toMatch(/scope is for the code graph's files: graph "dag" has none/);
    expect(await failure("transitive_reduction", { graph: "dag" })).toMatch(/has a cycle .* find_cycles shows the cycles to break/);
    expect((await json("subgraph", { graph: "dag", nodes: ["A", "B", "Nope"] })).edges).toEqual([{ source: "A", target: "B", relation: "r" }]);
  });

  it.each(["json", "csv", "dot", "graphml"])("export_graph %s → import_graph into a new graph: equal counts and equal edges", async (format) => {
    await json("add_nodes", { graph: "src", nodes: [{ label: 'He said "hi", then #left', type: "quote", properties: { n: 1, nested: { a: [1, "x"] } } }, { label: "Zürich \\ 中" }, { label: "alone" }] });
    await json("add_edges", { graph: "src", edges: [{ source: "Zürich \\ 中", target: 'He said "hi", then #left', relation: "says", properties: { w: 0.5 } }, { source: "Zürich \\ 中", target: 'He said "hi", then #left', relation: "quotes" }] });
    const exported = await json("export_graph", { graph: "src", format });
    expect(exported).toMatchObject({ format, nodes: 3, edges: 2, nodeCapped: false });
    const target = `copy-${format}`;
    expect(await json("import_graph", { graph: target, format, content: exported.content })).toMatchObject({ nodes_added: 3, edges_added: 2 });
    const [a, b] = [await json("get_graph_info", { graph: "src" }), await json("get_graph_info", { graph: target })];
    expect([b.node_count, b.edge_count]).toEqual([a.node_count, a.edge_count]);
    const edges = async (graph: string) => (await json("find_edges", { graph })).edges;
    expect(await edges(target)).toEqual(await edges("src"));
    expect((await json("list_nodes", { graph: target })).nodes).toEqual((await json("list_nodes", { graph: "src" })).nodes);
  });

  it("malformed imports change nothing and say what is wrong", async () => {
    await json("add_node", { graph: "kept", label: "K" });
    const before = await json("get_graph_info", { graph: "kept" });
    expect(await failure("import_graph", { graph: "kept", format: "dot", content: "digraph { a -> " })).toMatch(/not valid DOT.*nothing was imported/);
    expect(await failure("import_graph", { graph: "kept", format: "csv", content: "from,to\na,b\n" })).toMatch(/CSV needs "source" and "target" columns/);
    expect(await failure("import_graph", { graph: "kept", format: "graphml", content: '<graphml><graph edgedefault="undirected"><node id="a"/><node id="b"/><edge source="a" target="b"/></graph></graphml>' })).toMatch(
      /undirected edges/,
    );
    expect(await failure("import_graph", { graph: "kept", format: "json", content: '{"nodes": "A"}' })).toMatch(/JSON of the wrong shape/);
    expect(await failure("import_graph", { graph: "kept", format: "csv", content: "source,target,relation\na,b,r\nc,d,\u0007\n" })).toMatch(/control characters/);
    expect(await json("get_graph_info", { graph: "kept" })).toEqual(before);
  });

  it("reads the code graph as the read-only graph 'code' and refuses writes to it", async () => {
    const info = await json("get_graph_info", { graph: "code" });
    expect(info).toMatchObject({ graph: "code", read_only: true, is_dag: false });
    expect(info.node_types.File).toBeGreaterThan(0);
    expect(info.relation_types.IMPORTS).toBeGreaterThan(0);
    expect((await json("pagerank", { graph: "code", top_n: 3 })).rankings).toHaveLength(3);
    const path = await json("shortest_path", { graph: "code", source: "src/loop/a.ts", target: "src/loop/c.ts" });
    expect(path).toMatchObject({ found: true, length: 2, relations: ["IMPORTS", "IMPORTS"] });
    expect((await json("find_node", { graph: "code", query: "fromA" })).matches[0].label).toBe("src/loop/a.ts#fromA");
    for (const [tool, args] of [
      ["add_node", { label: "X" }],
      ["add_edge", { source: "a", target: "b", relation: "r" }],
      ["import_graph", { format: "csv", content: "source,target\na,b\n" }],
      ["delete_graph", {}],
      ["transitive_reduction", { in_place: true }],
    ] as const) {
      expect(await failure(tool, { graph: "code", ...args })).toMatch(/"code" is the project's code graph, read-only .* write to a scratch graph instead/);
    }
    // Without graph, find_cycles and export_graph read the code graph as before.
    expect((await call("find_cycles", {})).text).toMatch(/^3 import cycle groups/);
    expect((await call("find_cycles", { graph: "code" })).text).toMatch(/^3 import cycle groups/);
    expect(await failure("export_graph", {})).toMatch(/scope is required for the code graph/);
    expect((await json("export_graph", { scope: "src/loop", format: "json" })).nodes).toBeGreaterThan(0);
  });

  it("delete_graph empties a graph; the log keeps its history", async () => {
    await json("add_node", { graph: "gone", label: "A" });
    expect(await json("delete_graph", { graph: "gone" })).toEqual({ graph: "gone", nodes_removed: 1, edges_removed: 0 });
    expect((await json("list_graphs")).graphs.map((g: any) => g.name)).not.toContain("gone");
    expect(await failure("delete_graph", { graph: "gone" })).toMatch(/no graph named "gone"/);
  });

  it("finds a node by meaning in a graph over 20,000 nodes, and asks when two are too close", async () => {
    const labels = Array.from({ length: 21_000 }, (_, i) => `node ${i.toString(36)} of batch ${Math.floor(i / 2_000)}`);
    labels.push("InvoiceReconciliationWorker", "InvoiceArchive", "billing service east", "billing service west");
    for (let i = 0; i < labels.length; i += 2_000) await json("add_nodes", { graph: "big", nodes: labels.slice(i, i + 2_000).map((label) => ({ label })) });
    expect((await json("get_graph_info", { graph: "big" })).node_count).toBe(labels.length);
    expect(await json("find_node", { graph: "big", query: "invoice reconciliation workers" })).toMatchObject({ match: "similar", matches: [{ label: "InvoiceReconciliationWorker" }] });
    expect((await json("find_node", { graph: "big", query: "billing service" })).match).toBe("ambiguous");
    // A write after the first fuzzy lookup: the next one sees the new node.
    await json("add_node", { graph: "big", label: "ledger reconciliation worker" });
    expect(await json("add_edge", { graph: "big", source: "ledger reconciliation workers", target: "invoice reconciliation workers", relation: "feeds" })).toMatchObject({
      source: "ledger reconciliation worker",
      target: "InvoiceReconciliationWorker",
    });
  });
});
