import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_TOOLS, callTool } from "../../../src/mcp/registry.js";
import { indexedFixture, type IndexedProject } from "../harness.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 60_000);
afterAll(() => project?.close());

const call = async (tool: string, args: Record<string, unknown>) => {
  const answer = await callTool(ALL_TOOLS, tool, { ...args, json_output: true }, project.context());
  const text = answer.content[0]!.text;
  return { error: answer.isError === true ? text : null, json: answer.isError ? null : (JSON.parse(text) as Record<string, unknown>) };
};
const filesOf = (matches: unknown) => [...new Set((matches as Array<{ file: string }>).map((m) => m.file))].sort();

describe("a path argument: a folder means everything under it, a path naming nothing is an error (issue 30, items 3 and 13)", () => {
  it("get_code_semantics and search_regex take a folder as a filter, like the glob under it", async () => {
    for (const path of ["src/shapes", "src/shapes/", "src/shapes/**"]) {
      const semantic = await call("get_code_semantics", { query: "square side", path });
      expect(semantic.error, path).toBeNull();
      const found = filesOf(semantic.json!.matches);
      expect(found.length, path).toBeGreaterThan(0);
      expect(found.every((f) => f.startsWith("src/shapes/")), `${path}: ${found}`).toBe(true);
      const regex = await call("search_regex", { pattern: "export", path });
      expect(regex.error, path).toBeNull();
      expect(filesOf(regex.json!.matches), path).toEqual(["src/shapes/base.ts", "src/shapes/index.ts", "src/shapes/square.ts"]);
    }
  });

  it("refuses, in the same words for every tool, a path that names nothing indexed or lies outside the project", async () => {
    const named = (tool: string, field: string) => new RegExp(`^invalid arguments for ${tool}: ${field} "src/shape" names no indexed file and no folder holding one .*; indexed near it: src/shapes`);
    expect((await call("get_code_semantics", { query: "square", path: "src/shape" })).error).toMatch(named("get_code_semantics", "path"));
    expect((await call("search_regex", { pattern: "x", path: "src/shape" })).error).toMatch(named("search_regex", "path"));
    expect((await call("rank_symbols", { scope: "src/shape" })).error).toMatch(named("rank_symbols", "scope"));
    expect((await call("find_cycles", { scope: "src/shape" })).error).toMatch(named("find_cycles", "scope"));
    expect((await call("export_graph", { scope: "src/shape" })).error).toMatch(named("export_graph", "scope"));
    expect((await call("search_regex", { pattern: "x", path: "**/*.rb" })).error).toMatch(/^invalid arguments for search_regex: path "\*\*\/\*\.rb" matches no indexed file/);
    const outside = (tool: string) => new RegExp(`^invalid arguments for ${tool}: path "/etc" is outside the project \\(.*\\): pass a path relative to the project root$`);
    expect((await call("search_regex", { pattern: "x", path: "/etc" })).error).toMatch(outside("search_regex"));
    expect((await call("get_code_semantics", { query: "x", path: "/etc" })).error).toMatch(outside("get_code_semantics"));
  });

  it("refuses a language Nemesis does not parse, listing those it does, in the schema the client sees too", async () => {
    expect((await call("get_code_semantics", { query: "x", language: "cobol" })).error).toBe(
      'invalid arguments for get_code_semantics: language must be one of typescript, tsx, javascript, python, go, rust, java, c, cpp, csharp, ruby, php, kotlin (got "cobol")',
    );
    expect((await call("get_code_semantics", { query: "square", language: "typescript" })).error).toBeNull();
  });
});
