import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankSymbolsTool } from "../../../src/mcp/tools/rankSymbols.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 60_000);
afterAll(() => project?.close());

describe("rank_symbols", () => {
  it("PageRank over the project, tests neither listed nor counted", async () => {
    const { output, text } = await callTool(rankSymbolsTool, { limit: 3 }, project.context());
    expect(text).toBe(
      [
        "top 3 of 16 symbols in whole project by pagerank (calls, inheritance, implementations, signature types; 16 nodes, 18 links):",
        "1. src/shapes/base.ts:10 Base.size [Method] 2.01× avg, in 2 out 0",
        "2. src/lib/math.ts:1 add [Function] 1.46× avg, in 2 out 0",
        "3. src/shapes/base.ts:6 Base.describe [Method] 1.33× avg, in 1 out 1",
      ].join("\n"),
    );
    const all = await callTool(rankSymbolsTool, { limit: 100 }, project.context());
    expect(all.output.symbols.map((s) => s.kind)).not.toContain("Test");
    // Scores are shares of the whole graph (every node here is a listed symbol once the tests are out).
    expect(all.output.symbols.reduce((sum, s) => sum + s.score, 0)).toBeLessThanOrEqual(1 + 1e-9);
    expect(output.converged).toBe(true);
  });

  it("degree within a folder", async () => {
    const { text } = await callTool(rankSymbolsTool, { algorithm: "degree", scope: "src/shapes", limit: 2 }, project.context());
    expect(text).toBe(
      [
        "top 2 of 11 symbols in src/shapes by degree (calls, inheritance, implementations, signature types; 16 nodes, 18 links):",
        "1. src/shapes/square.ts:4 Square [Class] degree 3, in 1 out 2",
        "2. src/shapes/square.ts:22 makeSquare [Function] degree 3, in 1 out 2",
      ].join("\n"),
    );
  });

  it("a scope naming no indexed file, a bad algorithm or limit is refused", async () => {
    expect(await toolFailure(rankSymbolsTool, { scope: "docs" }, project.context())).toMatch(/^invalid arguments for rank_symbols: scope "docs" names no indexed file/);
    await expect(callTool(rankSymbolsTool, { algorithm: "hits" }, project.context())).rejects.toThrow();
    await expect(callTool(rankSymbolsTool, { limit: 101 }, project.context())).rejects.toThrow();
  });
});
