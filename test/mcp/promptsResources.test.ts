import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSessionStart } from "../../src/commands/index.js";
import { readEvents } from "../../src/events/index.js";
import { createMcpServer } from "../../src/mcp/mcpServer.js";
import type { ProjectBackend } from "../../src/mcp/projectBackend.js";
import { ALL_TOOLS, callTool, selectTools } from "../../src/mcp/registry.js";
import { indexedFixture, type IndexedProject } from "./harness.js";
import { toolContext } from "../../src/mcp/ToolContext.js";

let project: IndexedProject;
let server: Server;
let client: Client;
const errors: string[] = [];

beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
  // The default sets: the since prompt reads through get_changes_since all the same.
  const tools = selectTools(["core"]);
  const log = project.models.engine.ctx.log;
  // The engine's own backend, in-process: what `nemesis serve` hands its server when it owns the project.
  const backend: ProjectBackend = {
    call: (name, args, caller, _progress, among = "served") => callTool(among === "all" ? ALL_TOOLS : tools, name, args, toolContext(project.models, caller)),
    role: () => "owner",
    connected: async () => "owner",
    close: async () => {},
    startSession: (name, sessionId) => void recordSessionStart(log, { client: name, sessionId, meta: { source: "mcp", actor: name } }),
  };
  server = createMcpServer(backend, tools, { info: () => {}, error: (m) => errors.push(m) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "nemesis-test", version: "1.0.0" });
  await client.connect(clientSide);
}, 120_000);
afterAll(async () => {
  await client?.close();
  await server?.close();
  await project?.close();
});

describe("prompts and resources through the MCP SDK's client", () => {
  it("declares both capabilities", () => {
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {}, resources: {} });
  });

  it("lists the prompts with arguments derived from their schemas, and gets the context package for a task and what changed", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => [p.name, p.arguments])).toEqual([
      ["context", [{ name: "task", description: "The task, in words or identifiers", required: true }]],
      ["since", [{ name: "since", description: expect.stringMatching(/^Session id, commit/), required: false }]],
    ]);
    const got = await client.getPrompt({ name: "context", arguments: { task: "render a square with a title" } });
    expect(got.messages).toHaveLength(1);
    expect(got.messages[0]!.role).toBe("user");
    const text = (got.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/^The task: render a square with a title\n\nWhat Nemesis found for it \(get_smart_context\):\n\n/);
    expect(text).toContain("src/render.ts");
    // The package it served is logged like the tool's, in this client's session.
    const served = readEvents(project.models.engine.ctx.log, { types: ["ContextServed"] }).at(-1)!;
    const session = (readEvents(project.models.engine.ctx.log, { types: ["SessionStarted"] }).at(-1)!.data as { sessionId: string }).sessionId;
    expect(served.data).toMatchObject({ session, client: "nemesis-test", tool: "get_smart_context", task: "render a square with a title" });
    // A tool of a set this server does not list (history) answers the since prompt.
    const since = await client.getPrompt({ name: "since", arguments: { since: "#0" } });
    expect((since.messages[0]!.content as { text: string }).text).toMatch(/^What changed in this project, from Nemesis's log \(get_changes_since\):\n\nChanges since #0 up to #\d+:\n/);
  });

  it("says what to pass for a prompt's bad arguments, and which prompts there are", async () => {
    await expect(client.getPrompt({ name: "context", arguments: {} })).rejects.toThrow(/invalid arguments for prompt context: .*task.*; its arguments: task/);
    await expect(client.getPrompt({ name: "nope" })).rejects.toThrow(/unknown prompt "nope"; the prompts are: context, since/);
    await expect(client.getPrompt({ name: "since", arguments: { since: "#99999999" } })).rejects.toThrow(/prompt since: get_changes_since answered: Position #99999999 is past the log's head/);
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain("get_changes_since");
  });

  it("serves the memory in force: one resource per kind and one per entry", async () => {
    const stored = await client.callTool({ name: "store_rule", arguments: { rule: "Shapes are immutable", json_output: true } });
    const id = (stored.structuredContent as { id: string }).id;
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["nemesis://memory/rules", `nemesis://memory/rule/${id}`, "nemesis://memory/decisions", "nemesis://memory/conventions"]);
    expect(resources[1]).toMatchObject({ name: id, description: "Shapes are immutable", mimeType: "text/markdown" });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["nemesis://memory/rule/{id}", "nemesis://memory/decision/{id}", "nemesis://memory/convention/{id}"]);

    const all = await client.readResource({ uri: "nemesis://memory/rules" });
    expect(all.contents).toEqual([{ uri: "nemesis://memory/rules", mimeType: "text/markdown", text: `# Rules in force (1)\n\n- [${id}] Shapes are immutable` }]);
    const one = await client.readResource({ uri: `nemesis://memory/rule/${id}` });
    expect((one.contents[0] as { text: string }).text).toMatch(new RegExp(`^# Rule ${id}\\n\\nShapes are immutable\\n\\nRecorded: \\d{4}-`));
    expect((await client.readResource({ uri: "nemesis://memory/decisions" })).contents[0]).toMatchObject({ text: "# Decisions in force (0)\n\nnone recorded yet" });
  });

  it("names the resources there are when a URI names none", async () => {
    await expect(client.readResource({ uri: "nemesis://memory/rule/rule-nope" })).rejects.toThrow(/no rule rule-nope in force: nemesis:\/\/memory\/rules lists them/);
    await expect(client.readResource({ uri: "nemesis://memory/bogus" })).rejects.toThrow(/unknown resource nemesis:\/\/memory\/bogus: the memory resources are nemesis:\/\/memory\/rules/);
    await expect(client.readResource({ uri: "file:///etc/passwd" })).rejects.toThrow(/unknown resource file:\/\/\/etc\/passwd: resources\/list names the resources \(nemesis:\/\/memory\/rule\/\{id\}/);
    expect(errors).toEqual([]);
  });
});
