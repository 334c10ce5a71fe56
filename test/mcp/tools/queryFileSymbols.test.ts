import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryFileSymbolsTool } from "../../../src/mcp/tools/queryFileSymbols.js";
import { indexedFixture, type IndexedProject } from "../harness.js";
import { callTool, toolFailure } from "./callTool.js";
import { unindexed } from "./unindexed.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/go-basic");
}, 60_000);
afterAll(() => project?.close());

const call = (args: unknown) => callTool(queryFileSymbolsTool, args, project.context());
const errorOf = (args: unknown) => toolFailure(queryFileSymbolsTool, args, project.context());

describe("query_file_symbols", () => {
  it("lists a file's symbols grouped by kind, with lines, signatures, exports and doc lines", async () => {
    const { output: out, text } = await call({ file_path: "store/store.go" });
    expect(out).toMatchObject({ file: "store/store.go", language: "go", lines: 16, total: 6 });
    expect(text).toBe(
      [
        "Symbols in store/store.go (go, 16 lines)",
        "",
        "Interface",
        "  Store  type Store interface  line 4-7  exported  — Store keeps values by key.",
        "  Sized  type Sized interface  line 10-12  exported  — Sized reports a size.",
        "",
        "Method",
        "  Store.Get  Get(key string) (string, bool)  line 5  exported",
        "  Store.Put  Put(key, value string)  line 6  exported",
        "  Sized.Len  Len() int  line 11  exported",
        "",
        "Function",
        "  normalize  func normalize(key string) string  line 14-16",
        "",
        "6 symbols",
      ].join("\n"),
    );
  });

  it("accepts ./ paths, absolute paths inside the project and a unique tail", async () => {
    expect((await call({ file_path: "./store/memory.go" })).output.symbols.map((s) => s.qualified_name)).toEqual([
      "Memory",
      "NewMemory",
      "Memory.Get",
      "Memory.Put",
    ]);
    expect((await call({ file_path: join(project.root, "cmd/app/main.go") })).output.file).toBe("cmd/app/main.go");
    const tail = await call({ file_path: "touch.go" });
    expect(tail.output.file).toBe("store/touch.go");
    expect(tail.text).toContain('"touch.go" → store/touch.go (matched by qualified suffix)');
  });

  it("says an indexed file without symbols declares none", async () => {
    expect((await call({ file_path: "go.mod" })).text).toBe("No symbols found in go.mod (manifest, 3 lines): it is indexed but declares none.");
  });

  it("a directory or an unknown path suggests files; a file not indexed yet says to index", async () => {
    expect(await errorOf({ file_path: "store" })).toBe(
      '"store" is a directory. Pass one of its files, e.g.:\n  store/memory.go\n  store/memory_test.go\n  store/store.go\n  store/touch.go',
    );
    expect(await errorOf({ file_path: "." })).toContain("is the project root. Pass one of its files, e.g.:\n  go.mod");
    const typo = await errorOf({ file_path: "store/stor.go" });
    expect(typo).toMatch(/^No indexed file at store\/stor\.go\. Closest indexed files:\n  store\/store\.go/);
    mkdirSync(join(project.root, "store/extra"), { recursive: true });
    writeFileSync(join(project.root, "store/extra/new.go"), "package extra\n");
    expect(await errorOf({ file_path: "store/extra/new.go" })).toContain("store/extra/new.go is not in the index");
    expect(await toolFailure(queryFileSymbolsTool, { file_path: "store/store.go" }, unindexed(project.context()))).toContain("run index_project");
  });

  it("refuses paths outside the project", async () => {
    expect(await errorOf({ file_path: "../outside.go" })).toContain("outside the project");
    expect(await errorOf({ file_path: "/etc/hosts" })).toContain("outside the project");
  });
});
