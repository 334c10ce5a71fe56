import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getEncoding } from "js-tiktoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../runCliInProcess.js";
import { hookInput, removeStateHome, runCli } from "./hookCli.js";

const contextOf = (stdout: string): { hookEventName: string; additionalContext: string } => {
  const answer = JSON.parse(stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
  return answer.hookSpecificOutput;
};

/** A project indexed by the real CLI, with memory, whose architecture an engine computed once. */
describe("the session-start hook", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "nemesis-session-")));
  const write = (rel: string, text: string) => {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const sessionStart = async () => {
    const r = await runCli(root, ["hook", "session-start"], hookInput(root, "SessionStart", { source: "startup" }));
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    return contextOf(r.stdout);
  };

  beforeAll(async () => {
    write("src/orders/total.ts", "export function orderTotal(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n");
    write("src/orders/service.ts", 'import { orderTotal } from "./total";\nexport class OrderService {\n  total(items: number[]) {\n    return orderTotal(items);\n  }\n}\n');
    write("src/main.ts", 'import { OrderService } from "./orders/service";\nexport function main() {\n  return new OrderService().total([1, 2]);\n}\n');
    for (const args of [["init"], ["index", "--no-progress"], ["rule", "add", "Always round money with roundHalfEven from src/money.ts"], ["decision", "add", "Use integers for cents", "--reasoning", "Floats lose cents in sums"]]) {
      const r = await runCliInProcess(root, args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    }
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    removeStateHome();
  });

  it("answers in Claude Code's format with the rules and decisions, and no architecture before an engine computed one", async () => {
    const context = await sessionStart();
    expect(context.hookEventName).toBe("SessionStart");
    expect(context.additionalContext).toContain("3 files indexed (3 typescript)");
    expect(context.additionalContext).toContain("- Always round money with roundHalfEven from src/money.ts [rule-");
    expect(context.additionalContext).toContain("- Use integers for cents — Floats lose cents in sums [dec-");
    expect(context.additionalContext).not.toContain("Main modules");
    expect(context.additionalContext).not.toContain("Warning");
  });

  it("shows the architecture the engine cached when it computed get_architecture", async () => {
    expect((await runCli(root, ["query", "get_architecture"])).code).toBe(0);
    const cachePath = join(root, ".nemesis", "cache", "architecture.json");
    expect(existsSync(cachePath)).toBe(true);
    expect(JSON.parse(readFileSync(cachePath, "utf8"))).toMatchObject({ format: 1, graphPosition: expect.any(Number), totals: { files: 3 } });
    const { additionalContext } = await sessionStart();
    expect(additionalContext).toMatch(/Main modules \(\d+, largest first\):\n- src/);
    expect(additionalContext).toContain("- OrderService (Class, src/orders/service.ts:2)");
    expect(getEncoding("cl100k_base").encode(additionalContext).length).toBeLessThan(2_000);
  });

  it("warns when a file changed on disk since it was indexed", async () => {
    appendFileSync(join(root, "src/main.ts"), "export const later = 1;\n");
    const { additionalContext } = await sessionStart();
    expect(additionalContext).toContain("Warning: the index is stale: 1 file changed on disk (src/main.ts) since they were indexed; run `nemesis index`");
  });

  it("says when nothing is indexed yet", async () => {
    const empty = realpathSync(mkdtempSync(join(tmpdir(), "nemesis-session-empty-")));
    try {
      expect((await runCliInProcess(empty, ["init"])).code).toBe(0);
      const r = await runCli(empty, ["hook", "session-start"], hookInput(empty, "SessionStart"));
      expect(r.code).toBe(0);
      expect(contextOf(r.stdout).additionalContext).toContain(`Nemesis has not indexed this project yet: run \`nemesis index\` in ${empty}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
