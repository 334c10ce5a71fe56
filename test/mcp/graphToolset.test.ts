import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeDir } from "../sources/scan/helpers.js";
import { spawnCli } from "../cli/spawnCli.js";
import { connectStdio, fixtureCopy, textOf, waitIndexed } from "./mcpClient.js";

const root = fixtureCopy("analysis/cycles");
const servers: Array<Awaited<ReturnType<typeof connectStdio>>> = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  removeDir(root);
});

const structured = (result: unknown) => {
  const r = result as { structuredContent?: Record<string, any>; isError?: boolean; content: Array<{ text: string }> };
  if (r.isError) throw new Error(textOf(r));
  return r.structuredContent!;
};

describe("the graph tool set over MCP (the SDK's client, stdio)", () => {
  it("is served only when asked for; two clients filling one graph at once lose nothing; nemesis log shows who wrote what", async () => {
    const plain = await connectStdio(root);
    servers.push(plain);
    expect((await plain.client.listTools()).tools.map((t) => t.name)).not.toContain("add_node");
    await plain.close();
    servers.pop();

    const first = await connectStdio(root, ["--toolsets", "core,graph"]);
    servers.push(first);
    await waitIndexed(first.client);
    const second = await connectStdio(root, ["--toolsets", "core,graph"]);
    servers.push(second);
    const names = (await second.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["add_node", "add_edges", "pagerank", "import_graph", "find_cycles", "export_graph"]));

    // The second window is a front end of the first's engine: both write through it at once.
    await first.client.callTool({ name: "add_node", arguments: { label: "hub", type: "hub" } });
    const writes = (client: typeof first.client, side: string) =>
      Array.from({ length: 15 }, (_, i) =>
        client
          .callTool({ name: "add_node", arguments: { graph: "default", label: `${side}-${i}` } })
          .then(() => client.callTool({ name: "add_edge", arguments: { source: `${side}-${i}`, target: "hub", relation: "links" } })),
      );
    const results = await Promise.all([...writes(first.client, "one"), ...writes(second.client, "two")]);
    for (const r of results) expect((r as { isError?: boolean }).isError, textOf(r)).not.toBe(true);
    const info = structured(await second.client.callTool({ name: "get_graph_info", arguments: { json_output: true } }));
    expect(info).toMatchObject({ node_count: 31, edge_count: 30, is_dag: true, is_weakly_connected: true });

    const exported = structured(await first.client.callTool({ name: "export_graph", arguments: { graph: "default", format: "graphml", json_output: true } }));
    const imported = structured(await second.client.callTool({ name: "import_graph", arguments: { graph: "copy", format: "graphml", content: exported.content, json_output: true } }));
    expect(imported).toMatchObject({ nodes_added: 31, edges_added: 30 });
    expect(textOf(await second.client.callTool({ name: "pagerank", arguments: { graph: "copy", top_n: 1 } }))).toMatch(/^top 1 of 31 nodes by PageRank:\n1\. hub /);
    expect(textOf(await first.client.callTool({ name: "pagerank", arguments: { graph: "code", top_n: 2 } }))).toMatch(/^top 2 of \d+ nodes by PageRank:/);
    const refused = await first.client.callTool({ name: "add_node", arguments: { graph: "code", label: "x" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/read-only/);

    const log = await spawnCli(root, ["log", "--graphs", "--limit", "3"]);
    expect(log.code).toBe(0);
    expect(log.stdout).toMatch(/GraphEdgeAdded +graph:copy +mcp \(nemesis-test\/1\.0\.0\) +\S+ -\[links\]-> hub/);
    const json = await spawnCli(root, ["log", "--graphs", "--json", "--limit", "0", "--stream", "graph:default"]);
    const events = json.stdout.trim().split("\n").map((l) => JSON.parse(l) as { type: string; source: string });
    expect(events.filter((e) => e.type === "GraphNodeAdded")).toHaveLength(31);
    expect(events.filter((e) => e.type === "GraphEdgeAdded")).toHaveLength(30);
    expect(new Set(events.map((e) => e.source))).toEqual(new Set(["mcp"]));
  }, 120_000);

  it("[mcp] toolsets in the config turns it on for serve and for `nemesis query --json`", async () => {
    const listed = async () => (JSON.parse((await spawnCli(root, ["query", "--json"])).stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(await listed()).not.toContain("add_node");
    const config = join(root, ".nemesis", "config.toml");
    const text = readFileSync(config, "utf8");
    expect(text).toContain('# toolsets = ["core"]');
    writeFileSync(config, text.replace('# toolsets = ["core"]', 'toolsets = ["core", "graph"]'));
    expect(await listed()).toEqual(expect.arrayContaining(["add_node", "get_graph_info", "search_regex"]));
    const server = await connectStdio(root);
    servers.push(server);
    expect((await server.client.listTools()).tools.map((t) => t.name)).toContain("add_node");
  }, 60_000);
});
