import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_TOOLS, callTool } from "../../../src/mcp/registry.js";
import { readEvents } from "../../../src/events/index.js";
import { indexedFixture, type IndexedProject } from "../harness.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 120_000);
afterAll(() => project?.close());

const call = async (name: string, args: Record<string, unknown>) => {
  const answer = await callTool(ALL_TOOLS, name, args, project.context("claude-code"));
  return { text: answer.content[0]!.text, json: answer.structuredContent as Record<string, unknown> | undefined, isError: answer.isError === true };
};

describe("memory tools", () => {
  it("link related_to through the graph's resolver, never by a fuzzy guess, and name the client in the log", async () => {
    const stored = await call("store_rule", { rule: "Rendering never mutates a shape", related_to: ["render", "src/lib/math.ts", "Square.area", "rendr"], json_output: true });
    expect(stored.json).toMatchObject({ stored: true, linked: ["src/render.ts:render", "src/lib/math.ts", "src/shapes/square.ts:Square.area"] });
    expect((stored.json!.unknown as string[])[0]).toMatch(/^rendr \(did you mean render/);
    const [rule] = readEvents(project.models.engine.ctx.log, { types: ["RuleStored"], descending: true, limit: 1 });
    expect(rule?.meta).toMatchObject({ source: "cli", actor: "claude-code" });
    const context = await call("get_project_context", { topic: "render" });
    expect(context.text).toContain("Rendering never mutates a shape");
  });

  it("report a duplicate instead of storing it twice, and refuse an alternative without its reason", async () => {
    const first = await call("store_decision", { title: "Factories build squares", reasoning: "one place to validate", alternatives: ["constructors: no validation"], json_output: true });
    const again = await call("store_decision", { title: "Factories build squares", reasoning: "one place to validate", json_output: true });
    expect(again.json).toMatchObject({ id: first.json!.id, stored: false });
    const bad = await call("store_decision", { title: "Another", reasoning: "why", alternatives: ["no colon here"] });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/needs the form "option: why it was rejected"/);
  });
});
