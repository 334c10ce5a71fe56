import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getArchitectureTool } from "../../../src/mcp/tools/getArchitecture.js";
import { rankSymbolsTool } from "../../../src/mcp/tools/rankSymbols.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool } from "./callTool.js";

// joinPath is called from eight test functions and no source: counting those calls would rank it first.
let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("analysis/test-callers");
}, 60_000);
afterAll(() => project?.close());

describe("ranking leaves the tests' calls out unless asked", () => {
  it("rank_symbols: a helper only tests call does not outrank the code that uses its neighbours", async () => {
    const { output } = await callTool(rankSymbolsTool, { limit: 10 }, project.context());
    const names = output.symbols.map((s) => s.name);
    expect(names[0]).toBe("tokenize");
    expect(output.symbols.find((s) => s.name === "joinPath")).toMatchObject({ in: 0 });
    expect(names.indexOf("joinPath")).toBeGreaterThan(names.indexOf("compile"));
    const withTests = await callTool(rankSymbolsTool, { limit: 10, include_tests: true }, project.context());
    expect(withTests.output.symbols[0]!.name).toBe("joinPath");
    expect(withTests.output.symbols[0]!.in).toBeGreaterThanOrEqual(8);
    // Tests still are never listed themselves.
    expect(withTests.output.symbols.every((s) => !s.file!.startsWith("test/"))).toBe(true);
    expect(withTests.text).toMatch(/tests' links counted/);
  });

  it("get_architecture's key symbols leave them out too", async () => {
    const { output } = await callTool(getArchitectureTool, {}, project.context());
    expect(output.key_symbols[0]!.name).toBe("tokenize");
    const names = output.key_symbols.map((s) => s.name);
    expect(names.indexOf("joinPath")).toBeGreaterThan(names.indexOf("compile"));
  });
});
