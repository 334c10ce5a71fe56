import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTokens } from "../../src/mcp/capText.js";
import { indexedFixtureCopy } from "../fixtureCache.js";
import { removeDir } from "../sources/scan/helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

/** `nemesis context` through the built CLI: get_smart_context by the path `nemesis query` takes. */
describe("nemesis context", () => {
  // fixtures/resolve/ts-basic as `nemesis index` leaves it (indexed once per run: test/fixtureCache.ts).
  let root = "";
  // The built CLI indexes and answers first; the other command lines run in this process (the same code).
  const spawned = (...args: string[]) => spawnCli(root, args);
  const cli = (...args: string[]) => runCliInProcess(root, args);

  beforeAll(async () => {
    root = await indexedFixtureCopy("resolve/ts-basic");
  });
  afterAll(() => removeDir(root));

  it("prints the context of a task as markdown within the budget", async () => {
    const r = await spawned("context", "trim the text in format", "--max-tokens", "600");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("### src/render.ts:15-17 format (Function): matches the task");
    expect(countTokens(r.stdout.trimEnd())).toBeLessThanOrEqual(600);
  });

  it("prints JSON with --json and refuses a budget out of range", async () => {
    const r = await cli("context", "format", "--json");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { code_context: Array<{ symbol: string | null; why: string }>; token_count: number };
    expect(out.code_context.some((c) => c.symbol === "format")).toBe(true);
    const bad = await cli("context", "format", "--max-tokens", "100");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('nemesis: --max-tokens must be a whole number from 500 to 32,000 (got 100)\n');
  });
});
