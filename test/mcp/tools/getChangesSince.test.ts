import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSessionStart } from "../../../src/commands/index.js";
import { ALL_TOOLS, callTool } from "../../../src/mcp/registry.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { toolContext } from "../../../src/mcp/ToolContext.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 120_000);
afterAll(() => project?.close());

const call = async (args: Record<string, unknown>, session?: string, client = "claude-code") => {
  const ctx = toolContext(project.models, { name: client, source: "mcp", ...(session !== undefined ? { session } : {}) });
  const answer = await callTool(ALL_TOOLS, "get_changes_since", args, ctx);
  return { text: answer.content[0]!.text, json: answer.structuredContent as Record<string, unknown> | undefined, isError: answer.isError === true };
};

describe("get_changes_since", () => {
  it("answers for the caller's previous session by default, and for any point named", async () => {
    const log = project.models.engine.ctx.log;
    recordSessionStart(log, { client: "claude-code", sessionId: "earlier", meta: { source: "mcp" } });
    const db = new Database(log.path);
    db.prepare("UPDATE events SET recorded_at = '2026-12-01T10:00:00.000Z' WHERE type = 'SessionStarted'").run();
    db.close();
    const stored = await callTool(ALL_TOOLS, "store_rule", { rule: "Shapes are immutable" }, toolContext(project.models, { name: "claude-code", source: "mcp" }));
    expect(stored.isError).not.toBe(true);
    recordSessionStart(log, { client: "claude-code", sessionId: "now", meta: { source: "mcp" } });

    const answer = await call({}, "now");
    expect(answer.isError).toBe(false);
    expect(answer.text).toMatch(/^Changes since your last session earlier of claude-code \(#\d+, 2026-12-01 10:00 UTC\) up to #\d+:\n1 memory entry \(1 recorded\)\nMemory:\n {2}rule rule-\w+ recorded: Shapes are immutable$/);
    const json = await call({ since: "#0", json_output: true }, "now");
    expect(json.json).toMatchObject({ from: { position: 0 }, memory: [{ change: "recorded", memory: "rule", text: "Shapes are immutable" }] });
    expect((json.json!.files as unknown[]).length).toBeGreaterThan(0);
    expect((json.json!.symbols as unknown[]).length).toBeGreaterThan(0);
  });

  it("refuses a point that is not in the log with what to pass instead", async () => {
    const past = await call({ since: "#999999" });
    expect(past).toMatchObject({ isError: true });
    expect(past.text).toMatch(/Position #999999 is past the log's head #\d+: pass a position from 0 to \d+/);
    const none = await call({}, "z1", "zed");
    expect(none).toMatchObject({ isError: true });
    expect(none.text).toMatch(/^No earlier session of zed is recorded in the log: pass since as a session id/);
    const budget = await call({ max_tokens: 10 });
    expect(budget.text).toMatch(/max_tokens/);
  });
});
