import { describe, expect, it } from "vitest";
import type { FileParsed } from "../../../../src/events/index.js";
import type { FileResolution, Resolver } from "../../../../src/projections/graph/model.js";
import { createResolver } from "../../../../src/projections/graph/resolve/index.js";
import { loadFixture, parse } from "./loadFixture.js";

/** Textual edits that move definitions, names and imports around (applied to whichever file holds the text). */
const EDITS: Record<string, [string, string][]> = {
  "ts-basic": [
    ["export function add(", "export function plus("],
    ['export { Square as Box } from "./square.js";', ""],
    ["size(): number {\n    return 0;", "sized(): number {\n    return 0;"],
    ['"@lib/*": ["src/lib/*"]', '"@lib/*": ["src/shapes/*"]'],
    ['"name": "@acme/util"', '"name": "@acme/other"'],
    ["missingHelper();", "twice(1);"],
    ["extends Base implements Shape", "implements Shape"],
  ],
  "py-basic": [
    ["def describe(self) -> str:\n        return \"entity\"", "def described(self) -> str:\n        return \"entity\""],
    ["from .customer import Customer\nfrom .order import Order", "from .customer import Customer"],
    ["def _fee()", "def fee()"],
    ["def currency(self) -> str:\n        return \"EUR\"", "def money(self) -> str:\n        return \"EUR\""],
    ["class Entity:", "class Thing:"],
    ["nowhere()", "total([])"],
  ],
  "go-basic": [
    ["func normalize(", "func normalise("],
    ["module example.com/shop", "module example.com/store"],
    ["func (m *Memory) touch() {}", "func (m *Memory) touch() {}\n\nfunc (m *Memory) Len() int { return 0 }"],
    ["Put(key, value string)\n}", "Put(key, value string)\n\tDelete(key string)\n}"],
    ["package store\n\nfunc (m *Memory)", "package other\n\nfunc (m *Memory)"],
    // An assertion in a test file moves the implementation it declares, an edge of memory.go.
    ["var _ Store = (*Memory)(nil)", "var _ Sized = (*Memory)(nil)"],
  ],
  "java-basic": [
    ["public static String upper(", "public static String shout("],
    ["extends Base implements Greeter", "implements Greeter"],
    ["protected String prefix()", "protected String prefixed()"],
  ],
  typed: [
    ["protected auth: Auth = new Auth();", "protected auth = 1;"],
    ["export function make(): Auth {", "export function make(): number {"],
    ["logout(): void {}", "logouts(): void {}"],
    ["def connect() -> Conn: ...", "def connect(): ..."],
    ["def close(self): ...", "def closed(self): ..."],
    ["public void go() {}", "public void went() {}"],
    ["package com.acme.util;\npublic class Other", "package com.acme.other;\npublic class Other"],
    ["fn: (v: string, ctx: Ctx) => void", "fn: (v: string, ctx: number) => void"],
    ["def pair() -> tuple[Conn, int]: ...", "def pair() -> tuple[int, Conn]: ..."],
    ["class Ctx { add(): void {} }", "class Ctx { added(): void {} }"],
  ],
  modvars: [
    ["static create = (): Str => new Str();", "static create(): number { return 1; }"],
    ["const stringType = Str.create;", "const stringType = Str.make;"],
    ["export { stringType as string };", "export { stringType as text };"],
    ["min(): Str { return this; }", "mins(): Str { return this; }"],
    ["export const shared = new Str();", "export let shared = new Str();"],
    ["registry = Registry()", "registry = connect()"],
    ["export function make() { return new Str(); }", "export function make() { return 1; }"],
    ["export namespace ns {", "export namespace other {"],
    ["get() { return make(); }", "got() { return make(); }"],
    ["def add(self, x): ...", "def added(self, x): ..."],
  ],
  rust: [
    ["pub struct App { repo: Repo }", "pub struct App { repo: Item }"],
    ["pub fn get(&self) -> Item", "pub fn get(&self) -> Repo"],
    ["pub fn name(&self)", "pub fn named(&self)"],
    ["mod repo;", "mod store;"],
    ["let r = Repo::new();", "let r = make();"],
  ],
  overloads: [
    ["public class Obj extends Element", "public class Obj"],
    ["public Obj held;", "public String held;"],
    ["public Obj make()", "public Element make()"],
    ["public void write(Element e) {}", "public void writes(Element e) {}"],
    ["public static final Obj EMPTY", "public static final Object EMPTY"],
    ["public abstract class Element {}", "public abstract class Elements {}"],
    ["public class Use extends Holder", "public class Use"],
    ["public void value(long n) {}", "public void value(double n) {}"],
  ],
};

const TREES: Record<string, ReadonlyMap<string, string>> = {};
const treeOf = (name: string): Map<string, string> => new Map(TREES[name] ?? loadFixture(name));

/**
 * Typed bindings read across files: a field a base class in another file declares, a return
 * type declared elsewhere, a Java package imported whole (whose files come and go).
 */
const TYPED_TREE = new Map([
  ["src/auth.ts", "export class Auth { login(): void {} logout(): void {} }\nexport function make(): Auth { return new Auth(); }\n"],
  ["src/base.ts", 'import { Auth } from "./auth";\nexport class Base { protected auth: Auth = new Auth(); }\n'],
  [
    "src/use.ts",
    'import { Base } from "./base";\nimport { make } from "./auth";\nexport class Child extends Base {\n  go(): void { this.auth.login(); const m = make(); m.logout(); }\n}\n',
  ],
  ["src/refine.ts", "export class Ctx { add(): void {} }\nexport function refine(fn: (v: string, ctx: Ctx) => void): void {}\n"],
  ["src/check.ts", 'import { refine } from "./refine";\nexport function check(): void { refine((v, ctx) => ctx.add()); }\n'],
  ["pkg/__init__.py", ""],
  ["pkg/db.py", "class Conn:\n    def close(self): ...\n\ndef connect() -> Conn: ...\n\ndef pair() -> tuple[Conn, int]: ...\n"],
  ["pkg/unpack.py", "from pkg.db import pair\n\ndef run():\n    conn, n = pair()\n    conn.close()\n"],
  ["pkg/use.py", "from pkg.db import connect\n\nclass Holder:\n    def __init__(self):\n        self.c = connect()\n\n    def shut(self):\n        self.c.close()\n"],
  ["src/main/java/com/acme/util/Helper.java", "package com.acme.util;\npublic class Helper { public static int twice(int x) { return 2 * x; } }\n"],
  ["src/main/java/com/acme/util/Other.java", "package com.acme.util;\npublic class Other { public void go() {} }\n"],
  [
    "src/main/java/com/acme/app/Main.java",
    "package com.acme.app;\nimport com.acme.util.*;\npublic class Main {\n  private Other other;\n  void run() { Helper.twice(1); other.go(); }\n}\n",
  ],
]);

/**
 * Module-level variables typed by what they hold or copy, across files: a static arrow factory,
 * a copy of it exported under another name and called through a namespace, a module-level
 * instance, a Python module-level singleton; what unannotated functions return, reached
 * through a TS namespace and an object literal.
 */
const MODVARS_TREE = new Map([
  [
    "src/types.ts",
    "export class Str {\n  min(): Str { return this; }\n  static create = (): Str => new Str();\n  static make(): Str { return new Str(); }\n}\nconst stringType = Str.create;\nexport const shared = new Str();\nexport { stringType as string };\n",
  ],
  ["src/index.ts", 'export * from "./types";\n'],
  [
    "src/query.ts",
    'import { Str } from "./types";\nexport function make() { return new Str(); }\nexport namespace ns { export function twice() { return make(); } }\nexport const api = { get() { return make(); } };\n',
  ],
  ["src/chain.ts", 'import { make, ns, api } from "./query";\nexport function g(): void { make().min(); ns.twice().min(); api.get().min(); }\n'],
  ["src/use.ts", 'import * as z from "./index";\nimport { shared } from "./types";\nconst five = z.string().min();\nexport function f(): void { z.string().min(); five.min(); shared.min(); }\n'],
  ["pkg/__init__.py", ""],
  ["pkg/reg.py", "class Registry:\n    def add(self, x): ...\n\ndef connect() -> Registry: ...\n\nregistry = Registry()\n"],
  ["pkg/use.py", "from pkg.reg import registry\n\ndef run():\n    registry.add(1)\n"],
]);
/**
 * Java overloads of one arity chosen by the arguments' types, each read in another file: a
 * superclass, an inherited field, what an inherited method returns, a static constant.
 */
const OVERLOADS_TREE = new Map([
  ["src/main/java/p/Element.java", "package p;\npublic abstract class Element {}\n"],
  ["src/main/java/p/Obj.java", "package p;\npublic class Obj extends Element { public static final Obj EMPTY = new Obj(); }\n"],
  ["src/main/java/p/Json.java", "package p;\npublic class Json {\n  public void write(Object o) {}\n  public void write(Element e) {}\n  public void value(String s) {}\n  public void value(long n) {}\n}\n"],
  ["src/main/java/p/Holder.java", "package p;\npublic class Holder {\n  public Obj held;\n  public Obj make() { return new Obj(); }\n}\n"],
  [
    "src/main/java/p/Use.java",
    "package p;\npublic class Use extends Holder {\n  void a(Json j) { j.write(held); }\n  void b(Json j) { j.write(make()); }\n  void c(Json j) { j.write(Obj.EMPTY); }\n  void d(Json j) { j.value(1); j.value(2.0f); }\n}\n",
  ],
]);
/** Rust receivers typed by struct fields, `let` values and return types, each declared in another file. */
const RUST_TREE = new Map([
  ["Cargo.toml", '[package]\nname = "demo"\nversion = "0.1.0"\n'],
  ["src/lib.rs", "mod repo;\nmod app;\n"],
  [
    "src/repo.rs",
    "pub struct Repo {}\nimpl Repo {\n  pub fn new() -> Repo { Repo {} }\n  pub fn get(&self) -> Item { Item {} }\n  pub fn name(&self) {}\n}\npub struct Item {}\nimpl Item { pub fn name(&self) {} pub fn get(&self) -> Item { Item {} } }\npub fn make() -> Item { Item {} }\n",
  ],
  [
    "src/app.rs",
    "use crate::repo::{Repo, Item, make};\npub struct App { repo: Repo }\nimpl App {\n  pub fn run(&self) { self.repo.get().name(); let r = Repo::new(); r.get(); }\n}\n",
  ],
]);
TREES.rust = RUST_TREE;
TREES.typed = TYPED_TREE;
TREES.overloads = OVERLOADS_TREE;
TREES.modvars = MODVARS_TREE;

/** A small deterministic PRNG, so a failure replays. */
const prng = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

const normalise = (r: FileResolution) => ({
  edges: r.edges.map((e) => `${e.kind} ${e.from} ${e.to} ${e.line}`).sort(),
  unresolved: r.unresolved.map((u) => `${u.kind} ${u.from} ${u.qualifier} ${u.name} ${u.line}`).sort(),
});

const parsedCache = new Map<string, FileParsed>();
const parseCached = (path: string, text: string): FileParsed => {
  const key = `${path}\u0000${text}`;
  let parsed = parsedCache.get(key);
  if (parsed === undefined) parsedCache.set(key, (parsed = parse(path, text)));
  return parsed;
};

/** Every file's incremental answer must equal what a fresh resolver says about the same files. */
const expectSameAsFresh = (tree: ReadonlyMap<string, string>, incremental: Map<string, FileResolution>, step: string): void => {
  const fresh = createResolver();
  for (const [path, text] of tree) fresh.upsert(parseCached(path, text));
  expect([...incremental.keys()].sort(), step).toEqual([...tree.keys()].sort());
  for (const path of tree.keys()) {
    expect(normalise(incremental.get(path)!), `${step}: ${path}`).toEqual(normalise(fresh.resolve(path)));
  }
};

const apply = (resolver: Resolver, incremental: Map<string, FileResolution>, changed: ReadonlySet<string>, tree: ReadonlyMap<string, string>): void => {
  for (const path of changed) {
    if (tree.has(path)) incremental.set(path, resolver.resolve(path));
    else incremental.delete(path);
  }
};

describe("incremental resolution equals a fresh one", () => {
  for (const fixture of Object.keys(EDITS)) {
    it(`after random removes, restores and edits of ${fixture}`, () => {
      const original = treeOf(fixture);
      const tree = new Map(original);
      const resolver = createResolver();
      const incremental = new Map<string, FileResolution>();
      for (const [path, text] of tree) resolver.upsert(parseCached(path, text));
      for (const path of tree.keys()) incremental.set(path, resolver.resolve(path));
      expectSameAsFresh(tree, incremental, "initial");

      const random = prng(fixture.length * 7919);
      const paths = [...original.keys()].sort();
      for (let step = 0; step < 40; step++) {
        const roll = random();
        const path = paths[Math.floor(random() * paths.length)]!;
        let label: string;
        let changed: ReadonlySet<string>;
        if (roll < 0.3 && tree.has(path)) {
          tree.delete(path);
          changed = resolver.remove(path);
          label = `remove ${path}`;
        } else if (!tree.has(path)) {
          tree.set(path, original.get(path)!);
          changed = resolver.upsert(parseCached(path, original.get(path)!));
          label = `restore ${path}`;
        } else {
          const edits = EDITS[fixture]!;
          const [from, to] = edits[Math.floor(random() * edits.length)]!;
          const holder = [...tree.keys()].sort().find((p) => tree.get(p)!.includes(from) || tree.get(p)!.includes(to));
          if (holder === undefined) continue;
          const text = tree.get(holder)!;
          const next = text.includes(from) ? text.replace(from, to) : text.replace(to, from);
          tree.set(holder, next);
          changed = resolver.upsert(parseCached(holder, next));
          label = `edit ${holder}: ${from.slice(0, 30)}`;
        }
        apply(resolver, incremental, changed, tree);
        expectSameAsFresh(tree, incremental, `step ${step} (${label})`);
      }
    });
  }

  /** Every CALLS edge of a fresh resolver over `tree`, as `from -> to`. */
  const callsOf = (tree: ReadonlyMap<string, string>): string[] => {
    const resolver = createResolver();
    for (const [path, text] of tree) resolver.upsert(parse(path, text));
    return [...resolver.files()].flatMap((p) => resolver.resolve(p).edges.filter((e) => e.kind === "CALLS").map((e) => `${e.from} -> ${e.to}`));
  };

  it("starts the typed tree with the edges its random walk moves", () => {
    expect(callsOf(TYPED_TREE)).toEqual(
      expect.arrayContaining([
        "s:src/use.ts#Child.go -> s:src/auth.ts#Auth.login",
        "s:src/use.ts#Child.go -> s:src/auth.ts#Auth.logout",
        "s:src/check.ts#check -> s:src/refine.ts#Ctx.add",
        "s:pkg/unpack.py#run -> s:pkg/db.py#Conn.close",
        "s:pkg/use.py#Holder.shut -> s:pkg/db.py#Conn.close",
        "s:src/main/java/com/acme/app/Main.java#Main.run -> s:src/main/java/com/acme/util/Other.java#Other.go",
        "s:src/main/java/com/acme/app/Main.java#Main.run -> s:src/main/java/com/acme/util/Helper.java#Helper.twice",
      ]),
    );
  });

  it("starts the Rust tree with the edges its random walk moves", () => {
    expect(callsOf(RUST_TREE)).toEqual(
      expect.arrayContaining(["s:src/app.rs#App.run -> s:src/repo.rs#Repo.get", "s:src/app.rs#App.run -> s:src/repo.rs#Item.name", "s:src/app.rs#App.run -> s:src/repo.rs#Repo.new"]),
    );
  });

  it("starts the overloads tree with the edges its random walk moves", () => {
    const use = "s:src/main/java/p/Use.java#Use";
    const json = "s:src/main/java/p/Json.java#Json";
    expect(callsOf(OVERLOADS_TREE)).toEqual(
      expect.arrayContaining([`${use}.a -> ${json}.write#2`, `${use}.b -> ${json}.write#2`, `${use}.c -> ${json}.write#2`, `${use}.d -> ${json}.value#2`]),
    );
  });

  it("starts the module-variable tree with the edges its random walk moves", () => {
    expect(callsOf(MODVARS_TREE)).toEqual(
      expect.arrayContaining([
        "s:src/use.ts#f -> s:src/types.ts#stringType",
        "s:src/use.ts#f -> s:src/types.ts#Str.min",
        "s:src/use.ts#five -> s:src/types.ts#Str.min",
        "s:src/chain.ts#g -> s:src/types.ts#Str.min",
        "s:src/chain.ts#g -> s:src/query.ts#ns.twice",
        "s:src/chain.ts#g -> s:src/query.ts#api.get",
        "s:pkg/use.py#run -> s:pkg/reg.py#Registry.add",
      ]),
    );
  });

  it("re-resolves the importers of a file that appears where an import pointed at nothing", () => {
    const resolver = createResolver();
    resolver.upsert(parse("src/a.ts", 'import { b } from "./b.js";\nexport function a() { return b(); }\n'));
    expect(resolver.resolve("src/a.ts").unresolved.map((u) => u.name)).toEqual(["./b.js", "b"]);
    const changed = resolver.upsert(parse("src/b.ts", "export function b() { return 1; }\n"));
    expect([...changed].sort()).toEqual(["src/a.ts", "src/b.ts"]);
    expect(resolver.resolve("src/a.ts").edges.map((e) => `${e.kind} ${e.to}`).sort()).toEqual(["CALLS s:src/b.ts#b", "IMPORTS f:src/b.ts"]);
  });

  it("leaves files that read nothing from the changed one alone", () => {
    const resolver = createResolver();
    resolver.upsert(parse("src/a.ts", "export function a() { return 1; }\n"));
    resolver.upsert(parse("src/c.ts", 'import { a } from "./a.js";\nexport const c = () => a();\n'));
    resolver.upsert(parse("src/d.ts", "export function d() { return 2; }\n"));
    for (const path of resolver.files()) resolver.resolve(path);
    expect([...resolver.upsert(parse("src/d.ts", "export function d() { return 3; }\n"))]).toEqual(["src/d.ts"]);
    expect([...resolver.upsert(parse("src/a.ts", "export function a() { return 4; }\n"))].sort()).toEqual(["src/a.ts", "src/c.ts"]);
  });
});
