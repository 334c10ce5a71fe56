import { describe, expect, it } from "vitest";
import { parsed, refs, symbol } from "./helpers.js";

describe("TypeScript / JavaScript", () => {
  it("gives overloads distinct ids and keeps each signature", () => {
    const file = parsed("a.ts", "export function f(a: string): A;\nexport function f(a: number): B;\nexport function f(a: unknown) { return a ? x() : y(); }\n");
    expect(file.symbols.map((s) => s.id)).toEqual(["f", "f#2", "f#3"]);
    expect(symbol(file, "f#2").signature).toBe("function f(a: number): B");
    expect(symbol(file, "f#3").complexity).toBe(2);
    expect(refs(file, "call")).toEqual(["f#3 call x", "f#3 call y"]);
  });

  it("treats arrow-function consts as functions and other consts as variables", () => {
    const file = parsed("a.ts", "export const add = async (a: number, b = 2): Promise<Sum> => a + b;\nconst LIMIT = 10, name = 'x';\nlet later;\n");
    expect(symbol(file, "add")).toMatchObject({ kind: "Function", async: true, exported: true, returns: ["Promise", "Sum"] });
    expect(symbol(file, "add").params).toEqual([{ name: "a", type: "number" }, { name: "b", type: null }]);
    expect(symbol(file, "LIMIT").kind).toBe("Variable");
    expect(symbol(file, "name").kind).toBe("Variable");
    expect(symbol(file, "later").exported).toBe(false);
  });

  it("does not turn locals into symbols", () => {
    const file = parsed("a.ts", "function outer() { const inner = () => 1; let v = 2; return inner() + v; }\n");
    expect(file.symbols.map((s) => s.id)).toEqual(["outer"]);
    expect(refs(file)).toEqual(["outer call inner"]);
  });

  it("records default exports, export lists and re-exports", () => {
    const file = parsed(
      "a.ts",
      [
        "function a() {}",
        "class B {}",
        "export { a, B as Bee };",
        "export default a;",
        "export * from './all';",
        "export * as ns from './ns';",
        "export { x as y, default as z } from './named';",
        "export type { T } from './types';",
      ].join("\n"),
    );
    expect(symbol(file, "a").exported).toBe(true);
    expect(symbol(file, "B").exported).toBe(true);
    expect(file.imports.map((i) => [i.specifier, i.kind, i.typeOnly, i.names])).toEqual([
      ["./all", "reexport", false, [{ name: "*", alias: null }]],
      ["./ns", "reexport", false, [{ name: "*", alias: "ns" }]],
      ["./named", "reexport", false, [{ name: "x", alias: "y" }, { name: "default", alias: "z" }]],
      ["./types", "reexport", true, [{ name: "T", alias: null }]],
    ]);
  });

  it("names anonymous default exports `default`", () => {
    const file = parsed("a.js", "export default function () { run(); }\n");
    expect(symbol(file, "default")).toMatchObject({ kind: "Function", exported: true });
    expect(refs(file)).toEqual(["default call run"]);
  });

  it("reads dynamic imports and require calls", () => {
    const file = parsed(
      "a.js",
      "const fs = require('fs');\nconst { a, b: c } = require('./x');\nrequire('./side-effect');\nasync function f() { const m = await import('./lazy'); return import(name); }\n",
    );
    expect(file.imports.map((i) => [i.specifier, i.kind, i.names])).toEqual([
      ["fs", "require", [{ name: "*", alias: "fs" }]],
      ["./x", "require", [{ name: "a", alias: null }, { name: "b", alias: "c" }]],
      ["./side-effect", "require", []],
      ["./lazy", "dynamic", []],
    ]);
  });

  it("records type-only imports, including all-`type` specifier lists", () => {
    const file = parsed("a.ts", "import type { A } from './a';\nimport { type B, type C } from './b';\nimport { type D, E } from './d';\nimport type from './t';\n");
    expect(file.imports.map((i) => [i.specifier, i.typeOnly])).toEqual([
      ["./a", true],
      ["./b", true],
      ["./d", false],
      ["./t", false],
    ]);
    expect(file.imports[3]!.names).toEqual([{ name: "default", alias: "type" }]);
  });

  it("reports calls with the qualifier as written", () => {
    const file = parsed("a.ts", "function f() { foo(); this.a.b(); pkg.Func(); a?.b?.c(); get().then(); new ns.Thing(); new Local(); }\n");
    expect(refs(file)).toEqual([
      "f call foo",
      "f call this.a.b",
      "f call pkg.Func",
      "f call a?.b.c",
      "f call get().then",
      "f call get",
      "f new ns.Thing",
      "f new Local",
    ]);
  });

  it("reports JSX components as calls, not lower-case host elements", () => {
    const file = parsed("App.tsx", "export const App = () => <Layout><div><UI.Button /></div><img /></Layout>;\n");
    expect(refs(file)).toEqual(["App call Layout", "App call UI.Button"]);
  });

  it("records a call with type arguments under await or a prefix operator, as without them", () => {
    // tree-sitter-typescript reads `await f<T>(x)` as a call of `await f`.
    const file = parsed(
      "a.ts",
      [
        "async function run(x: X) {",
        "  await f<T>(x);",
        "  await this.repo.find<T>(x);",
        "  await load<T>(x).then(done);",
        "  void g<T>(x);",
        "  if (!h<T>()) return typeof k<T>();",
        "  return -m<T>(x, (y) => n(y));",
        "}",
        "function* gen() { yield p<T>(); return new Q<T>(); }",
        "const r = a?.s<T>();",
      ].join("\n"),
    );
    expect(refs(file, "call")).toEqual([
      "run call f",
      "run call this.repo.find",
      "run call load<T>(x).then",
      "run call load",
      "run call g",
      "run call h",
      "run call k",
      "run call m",
      "run call n",
      "gen call p",
      "r call a.s",
    ]);
    expect(refs(file, "new")).toEqual(["gen new Q"]);

    // What such a call binds is typed as without type arguments; under `!` it is not the call's value.
    const binds = parsed("b.ts", "async function bind() { const a = await f<T>(x); const b = !f<T>(x); const c = await r.g<T>().h(); const d = !r.g<T>().h(); }\n");
    expect(symbol(binds, "bind").typed).toEqual([
      { name: "a", type: { _tag: "Returned", callee: "f" } },
      { name: "c", type: { _tag: "Returned", callee: "r.g().h" } },
    ]);
  });

  it("reports type references but not declarations, type parameters or builtins", () => {
    const file = parsed(
      "a.ts",
      "interface Box<T> { value: T; owner: User; at: Date }\nfunction open<K extends Key>(k: K, opts: ns.Options): Result<K> { return null as any; }\n",
    );
    expect(refs(file, "type")).toEqual(["Box type User", "Box type Date", "open type Key", "open type ns.Options", "open type Result"]);
    expect(symbol(file, "open").returns).toEqual(["Result"]);
  });

  it("collects interface members and heritage", () => {
    const file = parsed("a.ts", "interface Repo extends Base<X>, Other { find(id: string): void; save(): void; size: number }\nclass C extends mixins.Base implements Repo {}\n");
    expect(symbol(file, "Repo").members).toEqual(["find", "save"]);
    expect(refs(file, "extends")).toEqual(["Repo extends Base", "Repo extends Other", "C extends mixins.Base"]);
    expect(refs(file, "implements")).toEqual(["C implements Repo"]);
  });

  it("reads method visibility, async and JSDoc", () => {
    const file = parsed(
      "a.ts",
      "class S {\n  /** Logs in. */\n  @trace()\n  private async login(): Promise<void> {}\n  protected static make() {}\n  #secret() {}\n  get size() { return 1; }\n}\n",
    );
    expect(symbol(file, "S.login")).toMatchObject({ visibility: "private", async: true, doc: "Logs in.", kind: "Method" });
    expect(symbol(file, "S.make").visibility).toBe("protected");
    expect(symbol(file, "S.#secret").visibility).toBe("private");
    expect(symbol(file, "S.size").visibility).toBe("public");
  });

  it("counts branches for complexity", () => {
    const file = parsed(
      "a.ts",
      "function f(a, b) { if (a && b || c) {} for (;;) {} while (a) {} do {} while (b); switch (a) { case 1: case 2: break; default: } try {} catch {} return a ? b : c ?? d; }\n",
    );
    // if, &&, ||, for, while, do, case, case, catch, ?:, ?? → 11 branches
    expect(symbol(file, "f").complexity).toBe(12);
  });

  it("makes describe/it/test blocks Test symbols only in test files", () => {
    const source = "describe('suite', () => { it('works', () => { run(); }); test.each([1])('table %s', () => {}); });\n";
    const test = parsed("src/thing.spec.ts", source);
    expect(test.symbols.map((s) => [s.id, s.kind])).toEqual([
      ["suite", "Test"],
      ["suite.works", "Test"],
    ]);
    expect(refs(test)).toContain("suite.works call run");
    expect(parsed("src/thing.ts", source).symbols).toEqual([]);
  });
});

describe("Python", () => {
  it("handles decorators, async, nested classes and private names", () => {
    const file = parsed(
      "pkg/mod.py",
      [
        "class Outer(Base):",
        "    class Inner:",
        "        def deep(self): ...",
        "    @staticmethod",
        "    @cache(ttl=1)",
        "    async def fetch(self, n: int) -> list[Item]:",
        "        '''Fetch.'''",
        "        return await self.client.get(n)",
        "    def _hidden(self): pass",
        "    def __repr__(self): pass",
      ].join("\n"),
    );
    expect(file.symbols.map((s) => s.id)).toEqual(["Outer", "Outer.Inner", "Outer.Inner.deep", "Outer.fetch", "Outer._hidden", "Outer.__repr__"]);
    expect(symbol(file, "Outer.fetch")).toMatchObject({ kind: "Method", async: true, doc: "Fetch.", returns: ["Item"], visibility: "public" });
    expect(symbol(file, "Outer.fetch").signature).toBe("async def fetch(self, n: int) -> list[Item]");
    expect(symbol(file, "Outer._hidden").visibility).toBe("private");
    expect(symbol(file, "Outer.__repr__").visibility).toBe("public");
    expect(refs(file)).toEqual(["Outer extends Base", "Outer call cache", "Outer.fetch type Item", "Outer.fetch call self.client.get"]);
  });

  it("lists Protocol members and treats every base as extends", () => {
    const file = parsed("p.py", "class Reader(typing.Protocol, Generic[T]):\n    def read(self) -> bytes: ...\n    def close(self): ...\n");
    expect(symbol(file, "Reader").members).toEqual(["read", "close"]);
    expect(refs(file, "extends")).toEqual(["Reader extends typing.Protocol", "Reader extends Generic"]);
  });

  it("reads every import form", () => {
    const file = parsed("m.py", "import os, sys as system\nimport a.b.c\nfrom . import x\nfrom ..pkg.mod import (y as z,\n    w)\nfrom lib import *\n");
    expect(file.imports.map((i) => [i.specifier, i.names])).toEqual([
      ["os", [{ name: "*", alias: null }]],
      ["sys", [{ name: "*", alias: "system" }]],
      ["a.b.c", [{ name: "*", alias: null }]],
      [".", [{ name: "x", alias: null }]],
      ["..pkg.mod", [{ name: "y", alias: "z" }, { name: "w", alias: null }]],
      ["lib", [{ name: "*", alias: null }]],
    ]);
  });

  it("finds test functions in test files and Test classes", () => {
    const file = parsed("tests/test_x.py", "def test_a(): pass\ndef helper(): pass\nclass TestB:\n    def test_c(self): pass\n");
    expect(file.symbols.map((s) => [s.id, s.kind])).toEqual([
      ["test_a", "Test"],
      ["helper", "Function"],
      ["TestB", "Class"],
      ["TestB.test_c", "Test"],
    ]);
  });
});

describe("Go", () => {
  it("qualifies methods by receiver and links them to the type", () => {
    const file = parsed(
      "svc/svc.go",
      "package svc\n\nfunc (s *Server) Start(ctx context.Context) error { return s.run(ctx) }\n\n// Server serves.\ntype Server struct{ mux *http.ServeMux }\n\nfunc (Server) name() string { return \"s\" }\n",
    );
    expect(file.packageName).toBe("svc");
    expect(symbol(file, "Server.Start")).toMatchObject({ kind: "Method", parent: "Server", exported: true, params: [{ name: "ctx", type: "context.Context" }] });
    expect(symbol(file, "Server.name")).toMatchObject({ parent: "Server", exported: false, visibility: "private" });
    expect(symbol(file, "Server").doc).toBe("Server serves.");
    expect(refs(file, "call")).toEqual(["Server.Start call s.run"]);
  });

  it("lists interface methods and embedded interfaces", () => {
    const file = parsed("a.go", "package a\ntype RW interface {\n\tio.Reader\n\tWriter\n\tFlush() error\n\tClose() error\n}\n");
    expect(symbol(file, "RW")).toMatchObject({ kind: "Interface", members: ["Flush", "Close"] });
    expect(refs(file, "extends")).toEqual(["RW extends io.Reader", "RW extends Writer"]);
  });

  it("reads imports with aliases, dot and blank imports", () => {
    const file = parsed("a.go", 'package a\nimport (\n\t"fmt"\n\tyaml "gopkg.in/yaml.v3"\n\t_ "embed"\n)\n');
    expect(file.imports.map((i) => [i.specifier, i.names[0]!.alias])).toEqual([
      ["fmt", null],
      ["gopkg.in/yaml.v3", "yaml"],
      ["embed", "_"],
    ]);
  });

  it("makes Test functions in _test.go files Test symbols", () => {
    expect(symbol(parsed("a_test.go", "package a\nfunc TestX(t *testing.T) {}\n"), "TestX").kind).toBe("Test");
    expect(symbol(parsed("a.go", "package a\nfunc TestX() {}\n"), "TestX").kind).toBe("Function");
  });
});

describe("Rust", () => {
  it("reads traits, impls, uses and calls", () => {
    const file = parsed(
      "src/lib.rs",
      "use std::io::{self, Read as R};\npub trait Shape: Debug { fn area(&self) -> f64; }\nstruct Sq(f64);\nimpl Shape for Sq { fn area(&self) -> f64 { self.0 * helper::scale(2.0) } }\n",
    );
    expect(symbol(file, "Shape")).toMatchObject({ kind: "Interface", members: ["area"], exported: true });
    expect(symbol(file, "Sq.area")).toMatchObject({ kind: "Method", parent: "Sq" });
    expect(refs(file, "implements")).toEqual(["Sq implements Shape"]);
    expect(refs(file, "call")).toEqual(["Sq.area call helper.scale"]);
    expect(file.imports).toEqual([{ specifier: "std::io", names: [{ name: "*", alias: "io" }, { name: "Read", alias: "R" }], kind: "import", typeOnly: false, line: 1 }]);
  });
});

describe("Java", () => {
  it("reads classes, interfaces, @Test methods and calls", () => {
    const file = parsed(
      "src/A.java",
      "package p.q;\nimport java.util.*;\npublic class A extends B implements C, D<E> {\n  @Test void checks() { assertTrue(this.ok()); }\n  private int n() { return helper.count(); }\n}\n",
    );
    expect(file.packageName).toBe("p.q");
    expect(symbol(file, "A")).toMatchObject({ kind: "Class", exported: true, visibility: "public" });
    expect(symbol(file, "A.checks").kind).toBe("Test");
    expect(symbol(file, "A.n").visibility).toBe("private");
    expect(refs(file, "extends")).toEqual(["A extends B"]);
    expect(refs(file, "implements")).toEqual(["A implements C", "A implements D"]);
    expect(refs(file, "call")).toEqual(["A.checks call assertTrue", "A.checks call this.ok", "A.n call helper.count"]);
  });
});
