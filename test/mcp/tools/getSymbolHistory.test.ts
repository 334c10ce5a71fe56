import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnyHook } from "../../../src/cli/hooks/allHooks.js";
import { retireRule } from "../../../src/commands/index.js";
import { runCommand } from "../../commands/harness.js";
import { ALL_TOOLS, callTool } from "../../../src/mcp/registry.js";
import { memoryResources } from "../../../src/mcp/resources/memoryResources.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { toolContext } from "../../../src/mcp/ToolContext.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 120_000);
afterAll(() => project?.close());

const call = async (tool: string, args: Record<string, unknown>) => {
  const answer = await callTool(ALL_TOOLS, tool, args, toolContext(project.models, { name: "claude-code", source: "mcp" }));
  return { text: answer.content[0]!.text, json: answer.structuredContent as Record<string, unknown> | undefined, isError: answer.isError === true };
};

const briefOf = async (): Promise<string> => {
  const stdout = await runAnyHook("session-start", JSON.stringify({ session_id: `s-${Math.random()}`, cwd: project.root, hook_event_name: "SessionStart", source: "startup" }), {
    root: project.root,
    env: {},
  });
  return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
};

const MATH = `export function add(a: number, b: number): number {
  return a + b;
}

export function twice(a: number): number {
  return add(a, a);
}
`;

/**
 * One project's story through the registry and the session-start hook: a rule linked to a
 * symbol, the symbol renamed and another edited, then the rule retired and recorded again.
 */
describe("get_symbol_history and stale memory", () => {
  it("lists each version of a symbol with who changed it, and flags a rule whose symbol was renamed until the rule is recorded anew", async () => {
    const stored = await call("store_rule", { rule: "Doubling goes through twice, never a * 2", related_to: ["twice"] });
    expect(stored.text).toMatch(/^stored rule (rule-\w+)\nlinked to: src\/lib\/math.ts:twice$/);
    const ruleId = /rule-\w+/.exec(stored.text)![0];
    expect((await call("get_project_context", {})).text).not.toContain("stale");

    // twice is renamed, add's body changes (its signature does not).
    writeFileSync(join(project.root, "src/lib/math.ts"), MATH.replace("return a + b;", "return b + a;").replace(/twice/g, "double"));
    await project.context().index({});

    const add = await call("get_symbol_history", { symbol: "add" });
    expect(add.isError).toBe(false);
    expect(add.text).toMatch(/^History of add \[Function\] \(src\/lib\/math.ts:1–3\): 2 versions, newest first\n/);
    expect(add.text).toMatch(/\nv2 [\d-]+ [\d:]+ UTC {2}changed body {2}lines 1–3 {2}by nemesis index \(#\d+\)\nv1 [\d-]+ [\d:]+ UTC {2}first seen {2}lines 1–3 {2}by nemesis index(, at commit \w+ "[^"]*")? \(#\d+\)\n {4}function add\(a: number, b: number\): number$/);

    const twice = await call("get_symbol_history", { symbol: "src/lib/math.ts:twice" });
    expect(twice.text).toMatch(/^History of twice \[Function\] \(src\/lib\/math.ts, removed\): 2 versions, newest first\n/);
    expect(twice.text).toContain(`Rules and decisions linked to it:\n  rule ${ruleId}: Doubling goes through twice, never a * 2\n    stale: refers to twice (src/lib/math.ts), removed 0 min ago by nemesis index`);
    expect(twice.text).toMatch(/\nv2 [\d-]+ [\d:]+ UTC {2}removed {2}by nemesis index \(#\d+\)\nv1 /);
    const json = await call("get_symbol_history", { symbol: "src/lib/math.ts:twice", json_output: true });
    expect(json.json).toMatchObject({ symbol: { present: false }, versions: [{ change: "added", by: { source: "cli" } }, { change: "removed" }] });

    const unknown = await call("get_symbol_history", { symbol: "nowhereAtAll" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/name it with its file, as path:Symbol/);
    const file = await call("get_symbol_history", { symbol: "src/lib/math.ts" });
    expect(file.text).toMatch(/^"src\/lib\/math.ts" is the file src\/lib\/math.ts: a history is a symbol's\./);

    const flagged = await call("get_project_context", {});
    expect(flagged.text).toContain(`- [${ruleId}] Doubling goes through twice, never a * 2 (about: src/lib/math.ts:twice)\n  stale: refers to twice (src/lib/math.ts), removed 0 min ago by nemesis index`);
    expect(await briefOf()).toContain(`[${ruleId}] — stale: refers to twice (src/lib/math.ts), removed 0 min ago by nemesis index`);
    const resource = await memoryResources.read(`nemesis://memory/rule/${ruleId}`, (name, args) => callTool(ALL_TOOLS, name, args, project.context()));
    expect(resource?.text).toMatch(/\nStale: refers to twice \(src\/lib\/math.ts\), removed 0 min ago by nemesis index$/);

    // Updated: the rule is retired and recorded again, linked to the new name.
    const log = project.models.engine.ctx.log;
    runCommand(log, retireRule({ id: ruleId, reason: "twice is double now", meta: { source: "cli" } }));
    const again = await call("store_rule", { rule: "Doubling goes through double, never a * 2", related_to: ["double"] });
    expect(again.text).toMatch(/linked to: src\/lib\/math.ts:double$/);
    const clean = await call("get_project_context", {});
    expect(clean.text).not.toContain("stale");
    expect(clean.json?.stale ?? (await call("get_project_context", { json_output: true })).json!.stale).toEqual([]);
    expect(await briefOf()).not.toContain("stale");
  }, 60_000);
});
