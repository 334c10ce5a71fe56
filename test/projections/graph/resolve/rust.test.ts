import { describe, expect, it } from "vitest";
import type { ExtractedSymbol, FileParsed, Import, Manifest, Reference } from "../../../../src/events/index.js";
import { createResolver } from "../../../../src/projections/graph/resolve/index.js";
import { edgeLines, resolverFor } from "./loadFixture.js";

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

describe("Rust resolution on real extractor output (inline sources)", () => {
  const resolver = resolverFor(
    new Map([
      ["Cargo.toml", '[package]\nname = "mini"\nversion = "0.1.0"\n'],
      [
        "src/lib.rs",
        `mod error;
mod util;
use crate::error::Error;
use crate::util::helper;

pub struct Walker { n: usize }

pub enum Kind { A }

pub trait Check { fn check(&self) -> bool; }

impl Walker {
    pub fn new() -> Self { Self { n: Self::zero() } }
    fn step(&self) -> usize { self.n }
    pub fn run(&self) -> usize { self.step() }
    fn zero() -> usize { 0 }
}

impl Kind {
    fn is_a(&self) -> bool { true }
}

impl Check for Kind {
    fn check(&self) -> bool { self.is_a() }
}

pub fn go() {
    let _e = Error::from_io();
    helper();
    assert_send::<Walker>();
}

fn assert_send<T: Send>() {}

pub fn via_mod() { util::other(); }

#[cfg(test)]
mod tests {
    use super::Walker;

    #[test]
    fn walks() {
        Walker::new();
        super::go();
    }
}
`,
      ],
      [
        "src/error.rs",
        "use crate::util::{self};\npub struct Error;\nimpl Error {\n    pub fn from_io() -> Error { Error }\n}\npub fn from_io() -> Error { Error }\npub fn via_self() { util::other(); }\n",
      ],
      ["src/util.rs", "pub fn helper() {}\npub fn other() {}\npub fn go() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn goes() { super::go(); }\n}\n"],
    ]),
  );
  const calls = edgeLines(resolver, "CALLS");

  it("resolves `use a::b::Item` to the item, not to a same-named function of module a::b", () => {
    expect(calls).toContain("CALLS src/lib.rs#go -> src/error.rs#Error.from_io");
    expect(calls).not.toContain("CALLS src/lib.rs#go -> src/error.rs#from_io");
    expect(calls).toContain("CALLS src/lib.rs#go -> src/util.rs#helper");
  });

  it("binds `{self}` and `mod x;` to the module", () => {
    expect(calls.filter((l) => l.endsWith("src/util.rs#other"))).toEqual([
      "CALLS src/error.rs#via_self -> src/util.rs#other",
      "CALLS src/lib.rs#via_mod -> src/util.rs#other",
    ]);
    expect(edgeLines(resolver, "IMPORTS")).toEqual(expect.arrayContaining(["IMPORTS src/lib.rs -> src/error.rs", "IMPORTS src/lib.rs -> src/util.rs"]));
  });

  it("calls methods through self and Self, on structs and enums", () => {
    expect(calls).toEqual(
      expect.arrayContaining([
        "CALLS src/lib.rs#Walker.run -> src/lib.rs#Walker.step",
        "CALLS src/lib.rs#Walker.new -> src/lib.rs#Walker.zero",
        "CALLS src/lib.rs#Walker.new -> src/lib.rs#Walker",
        "CALLS src/lib.rs#Kind.check -> src/lib.rs#Kind.is_a",
      ]),
    );
    expect(edgeLines(resolver, "IMPLEMENTS")).toEqual(["IMPLEMENTS src/lib.rs#Kind -> src/lib.rs#Check"]);
  });

  it("reads a turbofish call's name whole", () => {
    expect(calls).toContain("CALLS src/lib.rs#go -> src/lib.rs#assert_send");
  });

  it("takes `super` inside an inline `mod tests` as the file's own module", () => {
    expect(calls).toEqual(expect.arrayContaining(["CALLS src/lib.rs#walks -> src/lib.rs#Walker.new", "CALLS src/lib.rs#walks -> src/lib.rs#go"]));
    expect(calls.filter((l) => l.startsWith("CALLS src/util.rs#goes"))).toEqual(["CALLS src/util.rs#goes -> src/util.rs#go"]);
  });
});

describe("Rust calls through typed fields, locals and chains (real extractor)", () => {
  const repo = [
    "pub struct Repo {}",
    "impl Repo {",
    "  pub fn new() -> Repo { Repo {} }",
    "  pub fn open() -> Result<Repo, std::io::Error> { Ok(Repo {}) }",
    "  pub fn get(&self) -> Item { Item {} }",
    "}",
    "pub struct Item {}",
    "impl Item { pub fn name(&self) -> String { String::new() } }",
    "pub fn helper() {}",
  ].join("\n");
  const app = [
    "use crate::repo::{self, Repo, Item};",
    "pub struct App { repo: Repo }",
    "impl App {",
    "  pub fn field(&self) { self.repo.get().name(); }",
    "  pub fn created(&self) { let r = Repo::new(); r.get(); }",
    "  pub fn literal(&self) { let mut r = Repo {}; r.get(); }",
    "  pub fn declared(&self) { let r: Repo = make(); r.get(); }",
    "  pub fn tried(&self) -> std::io::Result<()> { let r = Repo::open()?; r.get(); Ok(()) }",
    "  pub fn chained(&self) { let i = self.repo.get(); i.name(); }",
    "  pub fn closure(&self) { let f = |r: &Repo| r.get(); }",
    "  pub fn shadowed(&self, all: Vec<Item>) {",
    "    let item = Repo::new();",
    "    all.iter().for_each(|item| item.get());",
    "    for r in all.iter() { r.get(); }",
    "    match all.first() { Some(r) => { r.get(); } None => {} }",
    "    let r = Repo::new();",
    "  }",
    "  pub fn path(&self) { let repo = Repo::new(); repo::helper(); }",
    "  pub fn same_name(&self) { let repo = repo::Repo::new(); repo.get(); }",
    "}",
    "fn make() -> Repo { Repo::new() }",
  ].join("\n");
  const resolver = resolverFor(
    new Map([
      ["Cargo.toml", '[package]\nname = "demo"\nversion = "0.1.0"\n'],
      ["src/lib.rs", "mod repo;\nmod app;\n"],
      ["src/repo.rs", repo],
      ["src/app.rs", app],
    ]),
  );
  const callsOf = (method: string): string[] =>
    edgeLines(resolver, "CALLS")
      .filter((l) => l.startsWith(`CALLS src/app.rs#App.${method} -> `))
      .map((l) => l.slice(l.indexOf(" -> ") + 4));

  it.each([
    ["field", ["src/repo.rs#Item.name", "src/repo.rs#Repo.get"]],
    ["created", ["src/repo.rs#Repo.get", "src/repo.rs#Repo.new"]],
    ["literal", ["src/repo.rs#Repo", "src/repo.rs#Repo.get"]],
    ["declared", ["src/app.rs#make", "src/repo.rs#Repo.get"]],
    ["tried", ["src/repo.rs#Repo.get", "src/repo.rs#Repo.open"]],
    ["chained", ["src/repo.rs#Item.name", "src/repo.rs#Repo.get"]],
    ["closure", ["src/repo.rs#Repo.get"]],
    // `item` and `r` are rebound by a closure, a loop and a match arm: their type is not known.
    ["shadowed", ["src/repo.rs#Repo.new"]],
    // A path starts at the module even where a local has its name; `let repo = repo::…` types the local.
    ["path", ["src/repo.rs#Repo.new", "src/repo.rs#helper"]],
    ["same_name", ["src/repo.rs#Repo.new"]],
  ])("%s calls %j", (method, expected) => {
    expect(callsOf(method)).toEqual(expected);
  });
});
