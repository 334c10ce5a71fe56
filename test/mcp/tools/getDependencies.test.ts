import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDependenciesTool } from "../../../src/mcp/tools/getDependencies.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";
import { unindexed } from "./unindexed.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 60_000);
afterAll(() => project?.close());

const call = (args: unknown) => callTool(getDependenciesTool, args, project.context());

describe("get_dependencies", () => {
  it("lists a class's dependencies both ways with edge kinds, files and lines, its methods counting as it", async () => {
    const { output: out, text } = await call({ symbol: "Square" });
    expect(out.resolution.match).toBe("exact");
    expect(out.root).toMatchObject({ kind: "Class", qualified_name: "Square", file: "src/shapes/square.ts", line: 4 });
    expect(out.members).toBe(4);
    expect(out.deps_out.map((d) => `${d.edges.join("+")} ${d.node.qualified_name} ${d.via} ${d.file}:${d.line}`)).toEqual([
      "INHERITS Base Square src/shapes/square.ts:4",
      "IMPLEMENTS Shape Square src/shapes/square.ts:4",
      "CALLS add Square.size src/shapes/square.ts:14",
      "CALLS Base.describe Square.label src/shapes/square.ts:18",
      "CALLS Base.size Square.size src/shapes/square.ts:14",
    ]);
    expect(text).toContain("Square (Class, src/shapes/square.ts:4); its 4 members count as it");
    expect(text).toContain("  INHERITS Base (Class, src/shapes/base.ts:5), at src/shapes/square.ts:4");
    expect(text).toContain("  CALLS add (Function, src/lib/math.ts:1) via Square.size, at src/shapes/square.ts:14");
    expect(text).toContain("  RETURNS makeSquare (Function, src/shapes/square.ts:22), at src/shapes/square.ts:22");
    // Depth 2: the test that calls render, which calls Square's methods.
    expect(text).toContain("  [2] CALLS+TESTS render.renders a square (Test, test/render.test.ts:6) via render, at test/render.test.ts:7");
  });

  it("counts each level's dependencies by edge kind", async () => {
    const { output: out } = await call({ symbol: "Square", depth: 2 });
    expect(out.counts.deps_out.filter((c) => c.depth === 1).map((c) => `${c.edge} ${c.total}`)).toEqual(["INHERITS 1", "IMPLEMENTS 1", "CALLS 3"]);
    for (const [deps, counts] of [[out.deps_out, out.counts.deps_out], [out.deps_in, out.counts.deps_in]] as const) {
      expect(counts.reduce((n, c) => n + c.listed, 0)).toBe(deps.length);
      for (const c of counts) expect(deps.filter((d) => d.depth === c.depth && d.edges[0] === c.edge)).toHaveLength(c.listed);
    }
  });

  it("gives call chains that are real paths, caller first, with every call site", async () => {
    const { output: out, text } = await call({ symbol: "render", depth: 3, direction: "out" });
    expect(out.deps_in).toEqual([]);
    const chains = out.call_chains.map((c) => c.nodes.map((n) => n.qualified_name).join(" > "));
    expect(chains).toContain("render > Square.label > Base.describe > Base.size");
    expect(chains).toContain("render > makeSquare > Square.constructor");
    expect(text).toContain(
      "  out: render → Square.label (src/render.ts:12) → Base.describe (src/shapes/square.ts:18) → Base.size (src/shapes/base.ts:7)",
    );
    expect(text).not.toContain("Depended on by");
    // `render` also names the describe block of the test: the function is used, the test named.
    expect(out.resolution.also_matches.map((n) => `${n.kind} ${n.file}`)).toEqual(["Test test/render.test.ts"]);
    expect(text).toContain('Note: "render" also matches render (Test, test/render.test.ts:5); used the first.');
  });

  it("leaves out chains that stay among the root's own members", async () => {
    const { output: out } = await call({ symbol: "Square", depth: 1 });
    const chains = out.call_chains.map((c) => c.nodes.map((n) => n.qualified_name).join(" > "));
    expect(chains).toContain("Square.size > add");
    expect(chains).not.toContain("Square.size > Square.area");
  });

  it("callers in, depth-limited", async () => {
    const { output: out } = await call({ symbol: "Base.size", depth: 1, direction: "in" });
    expect(out.deps_in.map((d) => `${d.node.qualified_name} ${d.file}:${d.line}`)).toEqual([
      "Base.describe src/shapes/base.ts:7",
      "Square.size src/shapes/square.ts:14",
    ]);
    expect(out.call_chains.map((c) => c.direction)).toEqual(["in", "in"]);
  });

  it("reports how a loose name was resolved", async () => {
    const { output: out, text } = await call({ symbol: "shapes.Square", depth: 1 });
    expect(out.resolution.match).toBe("suffix");
    expect(text).toContain('"shapes.Square" → Square (matched by qualified suffix)');
    const fuzzy = await call({ symbol: "makeSqare", depth: 1 });
    expect(fuzzy.output.root.qualified_name).toBe("makeSquare");
    expect(fuzzy.output.resolution.match).toBe("fuzzy");
  });

  it("takes a file: its imports out, its importers in", async () => {
    const { output: out } = await call({ symbol: "src/lib/math.ts", depth: 1, direction: "in" });
    expect(out.root.kind).toBe("File");
    expect(out.deps_in.map((d) => `${d.edges.join("+")} ${d.node.qualified_name} via ${d.via}`)).toEqual([
      "CALLS Square.size via add",
      "CALLS+TESTS render.renders a square via twice",
      "IMPORTS src/shapes/square.ts via src/lib/math.ts",
      "IMPORTS test/render.test.ts via src/lib/math.ts",
    ]);
  });

  it("an unknown name lists the closest symbols with kind and file", async () => {
    const message = await toolFailure(getDependenciesTool, { symbol: "zzRenderEverything" }, project.context());
    expect(message).toContain('No symbol or file matches "zzRenderEverything". Closest:');
    expect(message).toMatch(/render \((Function|Test), (src\/render\.ts:7|test\/render\.test\.ts:5)\)/);
  });

  it("refuses paths outside the project, and says to index when nothing is", async () => {
    expect(await toolFailure(getDependenciesTool, { symbol: "../outside.ts:main" }, project.context())).toContain("outside the project");
    expect(await toolFailure(getDependenciesTool, { symbol: "/etc/passwd" }, project.context())).toContain("outside the project");
    expect(await toolFailure(getDependenciesTool, { symbol: "render" }, unindexed(project.context()))).toContain("run index_project");
  });

  it("validates its arguments", async () => {
    await expect(call({ symbol: "render", depth: 11 })).rejects.toThrow();
    await expect(call({ symbol: "render", direction: "sideways" })).rejects.toThrow();
    await expect(call({ symbol: "" })).rejects.toThrow();
    await expect(call({ symbol: "render", extra: 1 })).rejects.toThrow();
  });
});
