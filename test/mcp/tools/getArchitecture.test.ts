import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { architectureSketch, getArchitectureTool } from "../../../src/mcp/tools/getArchitecture.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";

/** An indexed fixture for the tests of one describe block. */
const fixture = (name: string) => {
  const holder: { project?: IndexedProject } = {};
  beforeAll(async () => {
    holder.project = await indexedFixture(name);
  }, 60_000);
  afterAll(() => holder.project?.close());
  return () => holder.project!.context();
};

const architecture = async (ctx: ReturnType<ReturnType<typeof fixture>>, args: object = {}) => callTool(getArchitectureTool, args, ctx);

describe("get_architecture on a project with every kind of entry point", () => {
  const ctx = fixture("architecture/app");

  it("modules, key symbols, module data flow, a module cycle and the entry points", async () => {
    const { output, text } = await architecture(ctx());
    expect(output.modules).toEqual([
      { name: "src/core", files: 2, lines: 25 },
      { name: "cmd/server", files: 1, lines: 19 },
      { name: "py/tool", files: 3, lines: 15 },
      { name: "src/api", files: 2, lines: 12 },
      { name: "src/cli", files: 1, lines: 11 },
      { name: ".", files: 3, lines: 10 },
      { name: "internal/jobs", files: 1, lines: 6 },
    ]);
    // Store and notify tie on score: the name breaks it.
    expect(output.key_symbols.slice(0, 2).map((s) => [s.name, s.kind, s.file, s.line])).toEqual([
      ["Store", "Class", "src/core/store.ts", 3],
      ["notify", "Function", "src/api/events.ts", 1],
    ]);
    expect(output.data_flow).toEqual([
      { from: "cmd/server", to: "internal/jobs", imports: 1 },
      { from: "src/api", to: "src/core", imports: 1 },
      { from: "src/cli", to: "src/api", imports: 1 },
      { from: "src/cli", to: "src/core", imports: 1 },
      { from: "src/core", to: "src/api", imports: 1 },
    ]);
    expect(output.cycles).toEqual([["src/api", "src/core"]]);
    expect(output.entry_points.map((e) => `${e.kind} ${e.file}:${e.line}`)).toEqual([
      "go-main cmd/server/main.go:11",
      "cli cmd/server/main.go:12",
      "http cmd/server/main.go:17",
      "package-main package.json:4",
      "package-bin package.json:5",
      "cli py/tool/run.py:6",
      "python-main py/tool/run.py:12",
      "http src/api/routes.ts:6",
      "http src/api/routes.ts:7",
      "cli src/cli/main.ts:6",
      "cli src/cli/main.ts:7",
      "main src/cli/main.ts:9",
    ]);
    expect(output.entry_points.find((e) => e.kind === "package-bin")?.detail).toBe("arch → ./dist/cli/main.js");
    expect(text.split("\n").slice(0, 4)).toEqual([
      "project: 7 modules, 13 files, 98 lines",
      "modules:",
      "  src/core (2 files, 25 lines); cmd/server (1 file, 19 lines); py/tool (3 files, 15 lines); src/api (2 files, 12 lines)",
      "  src/cli (1 file, 11 lines); . (3 files, 10 lines); internal/jobs (1 file, 6 lines)",
    ]);
    expect(text).toContain("module cycles:\n  src/api → src/core → src/api");
    expect(text).toContain("  python-main py/tool/run.py:12 if __name__ == \"__main__\":");
  });

  it("one module: its files, symbols, what it imports and who imports it", async () => {
    const { output, text } = await architecture(ctx(), { scope: "module", target: "src/core/" });
    expect(output.target).toBe("src/core");
    expect(output.files).toEqual([
      { path: "src/core/store.ts", lines: 15 },
      { path: "src/core/index.ts", lines: 10 },
    ]);
    expect(output.key_symbols.every((s) => s.file.startsWith("src/core/"))).toBe(true);
    expect(output.data_flow.map((e) => `${e.from} → ${e.to}`)).toEqual(["src/api → src/core", "src/cli → src/core", "src/core → src/api"]);
    expect(output.cycles).toEqual([["src/api", "src/core"]]);
    expect(output.entry_points).toEqual([]);
    expect(text.split("\n")[0]).toBe("module src/core: 2 files, 25 lines");
  });

  it("one file: its symbols ranked, its imports and importers", async () => {
    const { output, text } = await architecture(ctx(), { scope: "file", target: "src/core/store.ts" });
    expect(output.modules).toEqual([{ name: "src/core", files: 2, lines: 25 }]);
    expect(output.key_symbols.map((s) => s.name)).toEqual(["Store", "Store.put", "openStore"]);
    expect(output.data_flow.map((e) => `${e.from} → ${e.to}`)).toEqual(["src/core/index.ts → src/core/store.ts", "src/core/store.ts → src/api/events.ts"]);
    expect(text.split("\n")[0]).toBe("file src/core/store.ts: 1 file, 15 lines (module src/core)");
  });

  it("an unknown or missing target says what exists", async () => {
    expect(await toolFailure(getArchitectureTool, { scope: "module", target: "src/cor" }, ctx())).toMatch(/no module "src\/cor"; closest: src\/core/);
    expect(await toolFailure(getArchitectureTool, { scope: "file", target: "src/core/nope.ts" }, ctx())).toMatch(/no indexed file "src\/core\/nope.ts"/);
    expect(await toolFailure(getArchitectureTool, { scope: "module" }, ctx())).toMatch(/needs a target/);
    expect(await toolFailure(getArchitectureTool, { scope: "file", target: "../x.ts" }, ctx())).toMatch(/outside the project/);
  });

  it("a sketch of a few lines for other callers", async () => {
    const sketch = await architectureSketch(ctx(), 5);
    expect(sketch.split("\n")).toEqual([
      "7 modules, 13 files, 98 lines: src/core (2), cmd/server (1), py/tool (3), src/api (2), src/cli (1), . (3), …",
      "key symbols: Store (src/core/store.ts:3), notify (src/api/events.ts:1), Run (internal/jobs/jobs.go:4), shout (py/tool/util.py:1), Store.put (src/core/store.ts:6)",
      "imports: cmd/server → internal/jobs (1), src/api → src/core (1), src/cli → src/api (1), src/cli → src/core (1), src/core → src/api (1)",
      "module cycles: src/api → src/core → src/api",
      "entry points: go-main cmd/server/main.go:11, cli cmd/server/main.go:12, http cmd/server/main.go:17, package-main package.json:4, …",
    ]);
    expect((await architectureSketch(ctx(), 2)).split("\n")).toHaveLength(2);
  });

  it("a change to the project is in the next answer (the loaded graph is not kept past it)", async () => {
    const before = await architecture(ctx());
    const root = ctx().root;
    mkdirSync(join(root, "src/report"), { recursive: true });
    writeFileSync(join(root, "src/report/summary.ts"), 'import { save } from "../core/index.js";\n\nexport const summary = (): number => save("s");\n');
    await ctx().index({});
    const after = await architecture(ctx());
    expect(before.output.modules.map((m) => m.name)).not.toContain("src/report");
    expect(after.output.modules).toContainEqual({ name: "src/report", files: 1, lines: 3 });
    expect(after.output.data_flow).toContainEqual({ from: "src/report", to: "src/core", imports: 1 });
  });
});

describe("get_architecture on TypeScript with a workspace package", () => {
  const ctx = fixture("resolve/ts-basic");

  it("folders under src/ and the workspace package are modules; the most central symbol leads", async () => {
    const { output, text } = await architecture(ctx());
    expect(output.modules).toContainEqual({ name: "src/shapes", files: 3, lines: 40 });
    expect(output.modules).toContainEqual({ name: "packages/util", files: 2, lines: 4 });
    expect(output.key_symbols[0]).toMatchObject({ name: "Base.size", file: "src/shapes/base.ts", line: 10 });
    expect(output.key_symbols.map((s) => s.kind)).not.toContain("Test");
    expect(output.data_flow[0]).toEqual({ from: "src", to: "src/shapes", imports: 2 });
    expect(output.data_flow).toContainEqual({ from: "src", to: "packages/util", imports: 1 });
    expect(output.entry_points).toEqual([{ kind: "package-exports", file: "packages/util/package.json", line: 1, detail: "@acme/util exports ." }]);
    // 16 key symbols, 15 shown: the section says so.
    expect(text).toContain("key symbols by PageRank (× average) (15 of 16):");
  });
});

describe("get_architecture on Python packages", () => {
  const ctx = fixture("resolve/py-basic");

  it("the top-level package and its subpackage are modules", async () => {
    const { output } = await architecture(ctx());
    expect(output.modules.slice(0, 2)).toEqual([
      { name: "src/shop/models", files: 4, lines: 43 },
      { name: "src/shop", files: 2, lines: 23 },
    ]);
    expect(output.key_symbols[0]).toMatchObject({ name: "Entity", kind: "Class", file: "src/shop/models/base.py" });
    expect(output.data_flow).toEqual([
      { from: "src/shop", to: "src/shop/models", imports: 3 },
      { from: "tests", to: "src/shop", imports: 2 },
    ]);
  });
});

describe("get_architecture on Go packages", () => {
  const ctx = fixture("resolve/go-basic");

  it("package directories are modules; package main's func main is an entry point", async () => {
    const { output } = await architecture(ctx());
    expect(output.modules.slice(0, 2)).toEqual([
      { name: "store", files: 4, lines: 49 },
      { name: "cmd/app", files: 1, lines: 17 },
    ]);
    expect(output.key_symbols[0]).toMatchObject({ name: "Store", kind: "Interface", file: "store/store.go" });
    expect(output.data_flow).toEqual([{ from: "cmd/app", to: "store", imports: 3 }]);
    expect(output.entry_points).toEqual([{ kind: "go-main", file: "cmd/app/main.go", line: 13, detail: "package cmd/app func main" }]);
  });
});

describe("get_architecture on a mixed TypeScript and Python repository", () => {
  const ctx = fixture("graph/repo");

  it("modules of both languages and the heaviest import link first", async () => {
    const { output } = await architecture(ctx());
    expect(output.modules.map((m) => m.name)).toEqual(["src/services", "py/shop", "src/models", "py", "src", "."]);
    expect(output.key_symbols[0]).toMatchObject({ name: "Identity", file: "src/models/user.ts", line: 2 });
    expect(output.data_flow[0]).toEqual({ from: "src/services", to: "src/models", imports: 3 });
    expect(output.data_flow).toContainEqual({ from: "py", to: "py/shop", imports: 2 });
  });
});

describe("get_architecture on import cycles inside modules", () => {
  const ctx = fixture("analysis/cycles");

  it("file cycles inside one module are no module cycle; scope file shows them", async () => {
    const project = await architecture(ctx());
    expect(project.output.cycles).toEqual([]);
    expect(project.output.key_symbols[0]).toMatchObject({ name: "isEven", file: "src/parity.ts" });
    expect(project.output.entry_points).toEqual([{ kind: "main", file: "src/main.ts", line: 6, detail: "main()" }]);
    const file = await architecture(ctx(), { scope: "file", target: "src/loop/b.ts" });
    expect(file.output.cycles).toEqual([["src/loop/a.ts", "src/loop/b.ts", "src/loop/c.ts"]]);
    expect(file.text).toContain("import cycles:\n  src/loop/a.ts → src/loop/b.ts → src/loop/c.ts → src/loop/a.ts");
  });
});
