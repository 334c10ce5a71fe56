import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { closeEventLog, openEventLog, readEvents } from "../../src/events/index.js";
import { listTools, selectTools } from "../../src/mcp/registry.js";
import { removeDir } from "../sources/scan/helpers.js";
import { connectStdio, fixtureCopy, textOf, waitIndexed } from "./mcpClient.js";

let root: string;
let server: Awaited<ReturnType<typeof connectStdio>>;
let client: Client;

beforeAll(async () => {
  root = fixtureCopy("resolve/ts-basic");
  server = await connectStdio(root);
  client = server.client;
  await waitIndexed(client);
}, 120_000);
afterAll(async () => {
  await server?.close();
  removeDir(root);
});

describe("nemesis serve over stdio, through the MCP SDK client", () => {
  it("lists the registry's core tools with the schemas derived from it", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(selectTools(["core"]).map((t) => t.name));
    expect(tools).toEqual(JSON.parse(JSON.stringify(listTools(selectTools(["core"])))));
    const search = tools.find((t) => t.name === "get_code_semantics")!;
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(search.inputSchema.properties!.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 10 });
    expect(search.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(tools.find((t) => t.name === "store_rule")!.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
  });

  it("records the client's session when it initializes: a SessionStarted with its name", async () => {
    const log = openEventLog(join(root, ".nemesis", "events.db"), { readonly: true });
    try {
      const starts = readEvents(log, { types: ["SessionStarted"] });
      expect(starts.map((e) => [(e.data as { client: string }).client, e.meta.source])).toEqual([["nemesis-test", "mcp"]]);
      expect((starts[0]!.data as { sessionId: string }).sessionId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      closeEventLog(log);
    }
  });

  it("get_code_semantics finds the function a description names, with its file's graph neighbours", async () => {
    // Related files are the graph neighbours not already in the answer: one match leaves room for them.
    const result = await client.callTool({ name: "get_code_semantics", arguments: { query: "render a shape with a title", limit: 1, json_output: true } });
    const { matches } = result.structuredContent as { matches: Array<{ file: string; symbol: string | null; relevance: number; related_files: string[] }> };
    expect(matches[0]!.file).toBe("src/render.ts");
    expect(matches[0]!.relevance).toBe(1);
    expect(matches[0]!.related_files).toContain("src/shapes/square.ts");
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    const text = textOf(await client.callTool({ name: "get_code_semantics", arguments: { query: "slugify" } }));
    expect(text).toMatch(/^packages\/util\/src\/index\.ts:1-\d+ slugify/);
  });

  it("search_regex pages through matching lines", async () => {
    const first = await client.callTool({ name: "search_regex", arguments: { pattern: "^export function", page_size: 2, json_output: true } });
    const page = first.structuredContent as { matches: Array<{ file: string; line: number; text: string }>; next_offset: number | null };
    expect(page.matches).toHaveLength(2);
    expect(page.next_offset).toBe(2);
    const text = textOf(await client.callTool({ name: "search_regex", arguments: { pattern: "function twice" } }));
    expect(text).toContain("src/lib/math.ts:5:export function twice(a: number): number {");
  });

  it("the code-graph tools answer with the real symbols, edges, paths and files", async () => {
    const text = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
      return textOf(r);
    };
    const deps = await text("get_dependencies", { symbol: "twice", depth: 1 });
    expect(deps).toContain("CALLS add (Function, src/lib/math.ts:1), at src/lib/math.ts:6");
    expect(deps).toContain("in: render.renders a square → twice (test/render.test.ts:8)");
    const edges = await text("query_node_edges", { node_identifier: "Square", direction: "out" });
    expect(edges).toContain("IMPLEMENTS -> Shape (Interface, src/shapes/base.ts:1) at src/shapes/square.ts:4");
    expect(edges).toContain("INHERITS   -> Base (Class, src/shapes/base.ts:5) at src/shapes/square.ts:4");
    expect(await text("search_nodes", { query: "render" })).toContain("Function render  src/render.ts:7-13");
    expect(await text("query_file_symbols", { file_path: "src/shapes/square.ts" })).toContain("makeSquare  function makeSquare(side: number): Square  line 22-24  exported");
    expect(await text("find_path", { source: "twice", target: "add" })).toMatch(/twice -CALLS-> add \(Function, src\/lib\/math\.ts:1\) at src\/lib\/math\.ts:6/);
    expect(await text("get_impact", { file: "src/lib/math.ts", function: "add" })).toContain("src/shapes/square.ts:14 Square.size [Method] calls add (untested)");
    expect(await text("query_interface_implementors", { name_pattern: "Shape" })).toContain("Square [Class] src/shapes/square.ts:4 declared");
    expect(await text("find_cycles", {})).toMatch(/^no import cycles among \d+ files/);
    expect(await text("rank_symbols", { limit: 3 })).toMatch(/1\. src\/shapes\/base\.ts:10 Base\.size \[Method\]/);
    expect(await text("export_graph", { scope: "src/lib/math.ts", format: "csv" })).toContain("s:src/lib/math.ts#twice,s:src/lib/math.ts#add,CALLS,6");
  });

  it("store_rule records a rule once, linked to the code, with the client's name; get_project_context finds it by topic", async () => {
    const stored = await client.callTool({ name: "store_rule", arguments: { rule: "Shapes never render themselves", related_to: ["src/render.ts"], json_output: true } });
    const s = stored.structuredContent as { id: string; stored: boolean; linked: string[] };
    expect(s).toMatchObject({ stored: true, linked: ["src/render.ts"] });
    const again = await client.callTool({ name: "store_rule", arguments: { rule: "Shapes never render themselves" } });
    expect(again.isError).toBeFalsy();
    expect(textOf(again)).toBe(`already recorded as ${s.id}; nothing stored`);
    const decision = await client.callTool({
      name: "store_decision",
      arguments: { title: "Squares are made by a factory", reasoning: "one place to validate sizes", alternatives: ["constructors: no validation"] },
    });
    expect(textOf(decision)).toMatch(/^recorded decision dec-/);
    // A memory write is readable as soon as its call returns.
    const context = textOf(await client.callTool({ name: "get_project_context", arguments: { topic: "square factory" } }));
    expect(context).toContain("Squares are made by a factory: one place to validate sizes");
    expect(context).toContain("rejected constructors: no validation");
    expect(context).not.toContain("Shapes never render themselves");
    const all = textOf(await client.callTool({ name: "get_project_context", arguments: {} }));
    expect(all).toContain(`[${s.id}] Shapes never render themselves (about: src/render.ts)`);
  });

  it("index_project indexes a new file and index_status reports the graph", async () => {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${root}/src/extra.ts`, "export function extraHelper(): number {\n  return 42;\n}\n");
    const indexed = await client.callTool({ name: "index_project", arguments: { json_output: true } });
    // The server's watcher may have recorded the new file first: then the index finds nothing left to record.
    expect(indexed.structuredContent).toMatchObject({ files_indexed: 11, files_deleted: 0 });
    expect((indexed.structuredContent as { files_changed: number }).files_changed).toBeLessThanOrEqual(1);
    const found = textOf(await client.callTool({ name: "search_regex", arguments: { pattern: "extraHelper" } }));
    expect(found).toContain("src/extra.ts:1:export function extraHelper(): number {");
    const status = textOf(await client.callTool({ name: "index_status", arguments: {} }));
    expect(status).toMatch(/files: 11 parsed/);
    expect(status).toMatch(/stale: none/);
  });

  it("refuses bad arguments with errors that say what to fix, and keeps answering", async () => {
    const bad = async (name: string, args: Record<string, unknown>) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError).toBe(true);
      return textOf(r);
    };
    expect(await bad("get_code_semantics", { query: "x", limit: 500 })).toBe(
      "invalid arguments for get_code_semantics: limit must be a whole number from 1 to 50 (got 500)",
    );
    expect(await bad("get_code_semantics", { query: "x", bogus: 1 })).toMatch(/unknown field "bogus" \(accepted: query, limit/);
    expect(await bad("get_code_semantics", {})).toMatch(/query is required: a non-empty string/);
    expect(await bad("get_code_semantics", { query: 42 })).toMatch(/query must be a non-empty string/);
    expect(await bad("get_code_semantics", { query: "x".repeat(10_000_000) })).toMatch(/arguments of \d+ KB are too large/);
    expect(await bad("index_project", { path: "../../etc/passwd" })).toMatch(/is outside the project/);
    expect(await bad("index_project", { path: "src\0x" })).toMatch(/NUL byte/);
    expect(await bad("search_regex", { pattern: "(" })).toMatch(/regular expression/i);
    expect(await bad("no_such_tool", {})).toMatch(/^unknown tool "no_such_tool"; the tools are: get_smart_context, get_code_semantics/);
    const ok = await client.callTool({ name: "index_status", arguments: {} });
    expect(ok.isError).toBeFalsy();
  });
});
