import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retireRule } from "../../../src/commands/index.js";
import { countTokens } from "../../../src/mcp/capText.js";
import { getSmartContextTool } from "../../../src/mcp/tools/getSmartContext.js";
import { callerMeta, runMemoryWrite } from "../../../src/mcp/tools/memoryWrites.js";
import { storeDecisionTool } from "../../../src/mcp/tools/storeDecision.js";
import { storeRuleTool } from "../../../src/mcp/tools/storeRule.js";
import { callTool as registryCall } from "../../../src/mcp/registry.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool } from "./callTool.js";

const FIXTURES = ["resolve/ts-basic", "resolve/py-basic", "graph/repo"] as const;
const projects = new Map<string, IndexedProject>();
beforeAll(async () => {
  for (const name of FIXTURES) projects.set(name, await indexedFixture(name));
}, 180_000);
afterAll(async () => {
  for (const p of projects.values()) await p.close();
});

const ctxOf = (name: (typeof FIXTURES)[number]) => projects.get(name)!.context();
const smart = (name: (typeof FIXTURES)[number], args: unknown) => callTool(getSmartContextTool, args, ctxOf(name));
const whys = (out: { code_context: ReadonlyArray<{ symbol: string | null; why: string }> }) =>
  out.code_context.map((c) => `${c.symbol ?? "-"}: ${c.why}`);

/** Both forms exactly as the registry sends them (freshness line and all). */
const bothForms = async (name: (typeof FIXTURES)[number], args: Record<string, unknown>) => {
  const text = await registryCall([getSmartContextTool], "get_smart_context", args, ctxOf(name));
  const json = await registryCall([getSmartContextTool], "get_smart_context", { ...args, json_output: true }, ctxOf(name));
  return { text: text.content[0]!.text, json: json.content[0]!.text, isError: text.isError || json.isError };
};

describe("get_smart_context", () => {
  it("finds the function a task names, its caller and the test of that caller, each saying why (TypeScript)", async () => {
    const { output, text } = await smart("resolve/ts-basic", { task: "trim the text in format" });
    const items = whys(output);
    expect(items).toContain("format: matches the task");
    expect(items).toContain("render: calls format");
    expect(output.code_context.find((c) => c.symbol === "format")).toMatchObject({ file: "src/render.ts", start_line: 15, end_line: 17, kind: "Function" });
    expect(output.code_context.some((c) => c.file === "test/render.test.ts")).toBe(true);
    // File by file, the task's own file first and the test after the source it tests.
    const files = output.code_context.map((c) => c.file);
    expect(files.filter((f, i) => i === 0 || files[i - 1] !== f)).toEqual([...new Set(files)]);
    expect(files[0]).toBe("src/render.ts");
    expect(files.indexOf("test/render.test.ts")).toBeGreaterThan(files.lastIndexOf("src/render.ts"));
    expect(text).toContain("### src/render.ts:15-17 format (Function): matches the task");
    expect(output.architecture.split("\n")[0]).toMatch(/^\d+ modules, \d+ files, [\d,]+ lines: /);
    expect(output.architecture).toContain("key symbols: Base.size (src/shapes/base.ts:10)");
    expect(text).toContain(`## Architecture\n\n${output.architecture}`);
    expect(output.token_count).toBe(countTokens(text));
  });

  it("finds the function, what it calls and its test (Python)", async () => {
    const { output } = await smart("resolve/py-basic", { task: "total price of the orders" });
    const items = whys(output);
    expect(items.indexOf("total: matches the task")).toBeGreaterThanOrEqual(0);
    expect(items).toContain("_fee: called by total");
    expect(items).toContain("test_total: tests total");
  });

  it("never goes over max_tokens in text or JSON, as the registry sends them", async () => {
    const words = ["render", "shape", "square", "area", "total", "order", "price", "customer", "login", "user", "store", "cart", "item", "fee", "format", "add", "twice", "admin", "logout", "describe"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIXTURES),
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 500, max: 32_000 }),
        async (fixture, task, budget) => {
          const { text, json, isError } = await bothForms(fixture, { task: task.join(" "), max_tokens: budget });
          expect(isError).toBeFalsy();
          expect(countTokens(text)).toBeLessThanOrEqual(budget);
          expect(countTokens(json)).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("uses most of a budget smaller than the code there is to show, and keeps the best item", async () => {
    const wide = await smart("resolve/ts-basic", { task: "render a square shape area", max_tokens: 32_000 });
    const full = wide.output.token_count;
    expect(full).toBeGreaterThan(600);
    const tight = await smart("resolve/ts-basic", { task: "render a square shape area", max_tokens: 600 });
    expect(tight.output.token_count).toBeLessThanOrEqual(600);
    expect(tight.output.token_count).toBeGreaterThan(600 * 0.6);
    expect(tight.output.code_context.length).toBeGreaterThan(0);
    expect(tight.text).toContain("left out for max_tokens");
  });

  it("brings the rule scoped to a file and the decision about a symbol for a task landing there, not for another; a retired rule is gone", async () => {
    const ctx = ctxOf("resolve/py-basic");
    const rule = await callTool(storeRuleTool, { rule: "Prices are floats rounded only for display", scope: "src/shop/pricing.py" }, ctx);
    const decision = await callTool(
      storeDecisionTool,
      { title: "A flat fee per basket", reasoning: "one fee is easy to explain", alternatives: ["percentage fee: surprises small baskets"], related_to: ["src/shop/pricing.py:_fee"] },
      ctx,
    );
    const retired = await callTool(storeRuleTool, { rule: "Fees come from the config file", scope: "src/shop/pricing.py" }, ctx);
    await runMemoryWrite(ctx, retireRule({ id: retired.output.id, reason: "fees are fixed now", meta: callerMeta(ctx) }));

    const landing = await smart("resolve/py-basic", { task: "total price of the orders plus the fee" });
    expect(landing.output.rules.map((r) => r.id)).toContain(rule.output.id);
    expect(landing.output.rules.find((r) => r.id === rule.output.id)!.why).toBe("scope covers src/shop/pricing.py");
    expect(landing.output.rules.map((r) => r.id)).not.toContain(retired.output.id);
    const d = landing.output.decisions.find((x) => x.id === decision.output.id);
    expect(d).toMatchObject({ title: "A flat fee per basket", alternatives: [{ title: "percentage fee", reason_rejected: "surprises small baskets" }] });
    expect(landing.text).toContain("rejected percentage fee: surprises small baskets");

    const elsewhere = await smart("resolve/py-basic", { task: "customer name" });
    expect(elsewhere.output.code_context[0]!.file).not.toBe("src/shop/pricing.py");
    expect(elsewhere.output.rules.map((r) => r.id)).not.toContain(rule.output.id);
    expect(elsewhere.output.decisions.map((x) => x.id)).not.toContain(decision.output.id);
  });

  it("keeps to max_tokens with the freshness line the registry appends, read once per call", async () => {
    const file = join(projects.get("resolve/ts-basic")!.root, "src/render.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, `${original}\n// edited after indexing\n`);
    const args = { task: "trim the text in format", max_tokens: 500 };
    try {
      // The server looks at the disk in the background: ask until an answer carries the line.
      let answer = await bothForms("resolve/ts-basic", args);
      for (let i = 0; i < 200 && !answer.text.includes("changed on disk since indexed (src/render.ts)"); i++) {
        await new Promise((r) => setTimeout(r, 50));
        answer = await bothForms("resolve/ts-basic", args);
      }
      expect(answer.text).toMatch(/\(1 file changed on disk since indexed \(src\/render\.ts\): index_project updates them\)$/);
      for (const budget of [500, 800, 8_000]) {
        const { text, json, isError } = await bothForms("resolve/ts-basic", { ...args, max_tokens: budget });
        expect(isError).toBeFalsy();
        expect(JSON.parse(json).freshness).toContain("(src/render.ts)");
        expect(countTokens(text)).toBeLessThanOrEqual(budget);
        expect(countTokens(json)).toBeLessThanOrEqual(budget);
      }
    } finally {
      writeFileSync(file, original);
    }
  });

  it("takes a task as long as a pasted issue, and says how long one may be", async () => {
    const issue = `trim the text in format. ${"The renderer pads every line and the output drifts to the right. ".repeat(180)}`;
    expect(issue.length).toBeGreaterThan(10_000);
    const { output } = await smart("resolve/ts-basic", { task: issue });
    expect(output.code_context.map((c) => c.symbol)).toContain("format");
    await expect(smart("resolve/ts-basic", { task: "x".repeat(20_001) })).rejects.toThrow("at most 20,000 characters");
  });

  it("answers from the search alone when the graph is not built yet", async () => {
    const { unindexed } = await import("./unindexed.js");
    const { output } = await callTool(getSmartContextTool, { task: "trim the text in format", max_tokens: 1_000 }, unindexed(ctxOf("resolve/ts-basic")));
    expect(output.code_context.length).toBeGreaterThan(0);
    expect(output.code_context.every((c) => c.why === "matches the task")).toBe(true);
  });
});
