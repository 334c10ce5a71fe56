import { describe, expect, it } from "vitest";
import type { ExtractedSymbol, FileParsed, Import, Manifest, Reference } from "../../../../src/events/index.js";
import { createResolver } from "../../../../src/projections/graph/resolve/index.js";

// No Rust extractor yet: these payloads are written the way the others shape theirs.
const fn = (name: string, startLine: number, endLine: number): ExtractedSymbol => ({
  id: name, kind: "Function", name, qualifiedName: name, parent: null, signature: `fn ${name}()`, doc: null,
  startLine, startCol: 0, endLine, endCol: 1, exported: true, visibility: "public", async: false,
  params: [], returns: [], complexity: 1, members: [],
});
const file = (path: string, extra: Partial<FileParsed>): FileParsed => ({
  path, contentHash: path, language: "rust", parserVersion: "test", packageName: null, lineCount: 10, hasErrors: false,
  symbols: [], references: [], imports: [], chunks: [], manifest: null, ...extra,
});
const use = (specifier: string, line: number): Import => ({ specifier, names: [], kind: "import", typeOnly: false, line });
const call = (name: string, qualifier: string | null, from: string, line: number): Reference => ({ kind: "call", name, qualifier, from, line, col: 4 });
const cargo: Manifest = { kind: "cargo", name: "demo", baseUrl: null, paths: {}, extends: null };

describe("Rust module paths (hand-written payloads)", () => {
  it("maps crate::, self::, super:: and `mod x;` to module files and resolves calls through `use`", () => {
    const resolver = createResolver();
    resolver.upsert(file("Cargo.toml", { language: "manifest", manifest: cargo }));
    resolver.upsert(file("src/lib.rs", { imports: [use("net", 1)] }));
    resolver.upsert(file("src/net/mod.rs", { imports: [use("http", 1)], symbols: [fn("connect", 3, 5)] }));
    resolver.upsert(file("src/net/http.rs", { imports: [use("super::connect", 1)], symbols: [fn("get", 3, 6)], references: [call("connect", null, "get", 4)] }));
    resolver.upsert(
      file("src/main.rs", {
        imports: [use("crate::net::http::get", 1), use("serde::Deserialize", 2)],
        symbols: [fn("main", 4, 8)],
        references: [call("get", null, "main", 5), call("connect", "crate::net", "main", 6)],
      }),
    );
    const lines = [...resolver.files()].flatMap((p) => resolver.resolve(p).edges.map((e) => `${e.kind} ${e.from.slice(2)} -> ${e.to.slice(2)}`)).sort();
    expect(lines).toEqual([
      "CALLS src/main.rs#main -> src/net/http.rs#get",
      "CALLS src/main.rs#main -> src/net/mod.rs#connect",
      "CALLS src/net/http.rs#get -> src/net/mod.rs#connect",
      "IMPORTS src/lib.rs -> src/net/mod.rs",
      "IMPORTS src/main.rs -> serde",
      "IMPORTS src/main.rs -> src/net/http.rs",
      "IMPORTS src/net/http.rs -> src/net/mod.rs",
      "IMPORTS src/net/mod.rs -> src/net/http.rs",
    ]);
  });
});
