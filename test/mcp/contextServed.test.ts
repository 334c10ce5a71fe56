import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeEventLog, openEventLog, readEvents } from "../../src/events/index.js";
import { ALL_TOOLS, callTool } from "../../src/mcp/registry.js";
import { toolContext, type ToolContext } from "../../src/mcp/ToolContext.js";
import { indexedFixture, type IndexedProject } from "./harness.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 120_000);
afterAll(() => project?.close());

const served = () =>
  readEvents(project.models.engine.ctx.log, { types: ["ContextServed"] }).map((e) => ({ stream: e.stream, meta: e.meta, data: e.data as Record<string, unknown> }));

const inSession = (session?: string): ToolContext => toolContext(project.models, { name: "claude-code", source: "mcp", ...(session ? { session } : {}) });

describe("ContextServed", () => {
  it("each get_smart_context and get_code_semantics answer appends what it served, in its session's stream", async () => {
    const before = served().length;
    const context = await callTool(ALL_TOOLS, "get_smart_context", { task: "render a square shape with a title", max_tokens: 2_000, json_output: true }, inSession("s-1"));
    expect(context.isError).not.toBe(true);
    const out = context.structuredContent as { code_context: Array<{ file: string; symbol: string | null }>; rules: Array<{ id: string }>; token_count: number };
    const search = await callTool(ALL_TOOLS, "get_code_semantics", { query: "slugify", limit: 2 }, inSession());
    expect(search.isError).not.toBe(true);

    const [first, second] = served().slice(before);
    expect(first).toEqual({
      stream: "context:s-1",
      meta: { source: "mcp", actor: "claude-code", session: "s-1" },
      data: {
        session: "s-1",
        client: "claude-code",
        tool: "get_smart_context",
        task: "render a square shape with a title",
        files: [...new Set(out.code_context.map((c) => c.file))],
        symbols: [...new Set(out.code_context.flatMap((c) => (c.symbol ? [c.symbol] : [])))],
        rules: out.rules.map((r) => r.id),
        tokens: out.token_count,
      },
    });
    expect((first!.data.files as string[]).length).toBeGreaterThan(0);
    expect(second!.stream).toBe("context:-");
    expect(second!.data).toMatchObject({ session: null, tool: "get_code_semantics", task: "slugify", rules: [] });
    expect(second!.data.files).toContain("packages/util/src/index.ts");
    expect(second!.data.tokens).toBeGreaterThan(0);
  });

  it("keeps no task text with [privacy] log_tasks = false", async () => {
    const base = inSession("s-2");
    const ctx: ToolContext = { ...base, config: { ...base.config, privacy: { log_tasks: false } } };
    const answer = await callTool(ALL_TOOLS, "get_code_semantics", { query: "twice" }, ctx);
    expect(answer.isError).not.toBe(true);
    expect(served().at(-1)!.data).toMatchObject({ session: "s-2", task: null });
  });

  it("answers as usual when the log cannot be appended to, and says why it logged nothing", async () => {
    const readOnly = openEventLog(project.models.engine.ctx.log.path, { readonly: true });
    try {
      const ctx: ToolContext = { ...inSession("s-3"), log: readOnly };
      const problems: string[] = [];
      const before = served().length;
      const answer = await callTool(ALL_TOOLS, "get_code_semantics", { query: "twice" }, ctx, () => {}, (m) => problems.push(m));
      expect(answer.isError).not.toBe(true);
      expect(answer.content[0]!.text).toContain("twice");
      expect(problems).toEqual([expect.stringMatching(/^the context get_code_semantics served was not logged \(the answer went out\): .*read-only/)]);
      expect(served().length).toBe(before);
    } finally {
      closeEventLog(readOnly);
    }
  });

  it("logs nothing for an answer that failed", async () => {
    const before = served().length;
    const answer = await callTool(ALL_TOOLS, "get_smart_context", { task: "" }, inSession("s-4"));
    expect(answer.isError).toBe(true);
    expect(served().length).toBe(before);
  });
});
