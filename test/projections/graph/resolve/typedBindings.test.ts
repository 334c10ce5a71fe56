import { describe, expect, it } from "vitest";
import { edgeLines, resolverFor } from "./loadFixture.js";

const callsFrom = (files: Map<string, string>, from: string): string[] =>
  edgeLines(resolverFor(files), "CALLS").filter((l) => l.startsWith(`CALLS ${from}`));

describe("calls through typed locals and fields (TypeScript)", () => {
  const auth = [
    "export class Auth { login(): boolean { return true; } logout(): void {} }",
    "export class Audit { login(): void {} }",
    "export class SubAuth extends Auth {}",
  ].join("\n");

  it("follows `new T()`, annotations, declared fields and `this.f = …` to T's methods", () => {
    const use = [
      'import { Auth, Audit } from "./auth";',
      "export class Controller {",
      "  private readonly declared: Auth;",
      "  private made = new Auth();",
      "  private copied;",
      "  constructor(a: Auth) { this.declared = a; this.copied = a; }",
      "  run(): void { this.declared.login(); this.made.logout(); this.copied.login(); }",
      "}",
      "export function direct(): void {",
      "  const local = new Auth();",
      "  local.logout();",
      "  const annotated: Auth = make();",
      "  annotated.login();",
      "  [1].forEach((x: Auth) => x.logout());",
      "  (new Audit()).login();",
      "}",
    ].join("\n");
    expect(callsFrom(new Map([["src/auth.ts", auth], ["src/use.ts", use]]), "src/use.ts")).toEqual([
      "CALLS src/use.ts#Controller -> src/auth.ts#Auth",
      "CALLS src/use.ts#Controller.run -> src/auth.ts#Auth.login",
      "CALLS src/use.ts#Controller.run -> src/auth.ts#Auth.logout",
      "CALLS src/use.ts#direct -> src/auth.ts#Audit",
      "CALLS src/use.ts#direct -> src/auth.ts#Audit.login",
      "CALLS src/use.ts#direct -> src/auth.ts#Auth",
      "CALLS src/use.ts#direct -> src/auth.ts#Auth.login",
      "CALLS src/use.ts#direct -> src/auth.ts#Auth.logout",
    ]);
  });

  it("follows an interface's typed properties", () => {
    const use = [
      'import { Auth } from "./auth";',
      "interface Deps { readonly auth: Auth; other?: Auth | undefined }",
      "export function run(deps: Deps): void { deps.auth.login(); deps.other.logout(); }",
    ].join("\n");
    expect(callsFrom(new Map([["src/auth.ts", auth], ["src/use.ts", use]]), "src/use.ts")).toEqual([
      "CALLS src/use.ts#run -> src/auth.ts#Auth.login",
      "CALLS src/use.ts#run -> src/auth.ts#Auth.logout",
    ]);
  });

  it("finds a field a base class declares", () => {
    const use = [
      'import { Auth } from "./auth";',
      "class Base { protected auth: Auth = new Auth(); }",
      "export class Child extends Base { go(): void { this.auth.login(); } }",
    ].join("\n");
    expect(callsFrom(new Map([["src/auth.ts", auth], ["src/use.ts", use]]), "src/use.ts#Child")).toEqual([
      "CALLS src/use.ts#Child.go -> src/auth.ts#Auth.login",
    ]);
  });

  it("leaves a name bound to two types, or to something else, unresolved", () => {
    const use = [
      'import { Auth, Audit } from "./auth";',
      "export class Controller {",
      "  private either = new Auth();",
      "  swap(): void { this.either = new Audit(); }",
      "  run(): void { this.either.login(); }",
      "}",
      "export function twice(flag: boolean): void {",
      "  if (flag) { const x = new Auth(); x.logout(); } else { const x = new Audit(); x.login(); }",
      "  const y = pick();",
      "  y.login();",
      "}",
      "export class Callbacks {",
      "  private late: Auth | null = null;",
      "  wire(items: number[]): void { items.forEach(function () { this.late = new Audit(); }); this.late = new Auth(); }",
      "  run(): void { this.late.logout(); }",
      "}",
    ].join("\n");
    expect(callsFrom(new Map([["src/auth.ts", auth], ["src/use.ts", use]]), "src/use.ts")).toEqual([
      // `late: Auth | null` stands; the callback's `this` is not the instance anyway.
      "CALLS src/use.ts#Callbacks.run -> src/auth.ts#Auth.logout",
      "CALLS src/use.ts#Callbacks.wire -> src/auth.ts#Audit",
      "CALLS src/use.ts#Callbacks.wire -> src/auth.ts#Auth",
      "CALLS src/use.ts#Controller -> src/auth.ts#Auth",
      "CALLS src/use.ts#Controller.swap -> src/auth.ts#Audit",
      "CALLS src/use.ts#twice -> src/auth.ts#Audit",
      "CALLS src/use.ts#twice -> src/auth.ts#Auth",
    ]);
  });
});

describe("calls through typed locals and fields (Python)", () => {
  const auth = ["class Auth:", "    def login(self): ...", "    def logout(self): ...", "class Audit:", "    def login(self): ..."].join("\n");

  it("follows `x = T()`, annotations, `self.f = T()` and class-body annotations", () => {
    const use = [
      "from pkg.auth import Auth",
      "from pkg import auth as mod",
      "class Controller:",
      "    declared: Auth",
      "    def __init__(self, given: Auth):",
      "        self.made = mod.Auth()",
      "        self.copied = given",
      "        self.lazy = None",
      "    def start(self):",
      "        self.lazy = Auth()",
      "    def run(self):",
      "        self.declared.login()",
      "        self.made.logout()",
      "        self.copied.login()",
      "        self.lazy.logout()",
      "def direct():",
      "    local = Auth()",
      "    local.logout()",
      "    annotated: Auth = make()",
      "    annotated.login()",
    ].join("\n");
    const files = new Map([
      ["pkg/__init__.py", ""],
      ["pkg/auth.py", auth],
      ["pkg/use.py", use],
    ]);
    expect(callsFrom(files, "pkg/use.py")).toEqual([
      "CALLS pkg/use.py#Controller.__init__ -> pkg/auth.py#Auth",
      "CALLS pkg/use.py#Controller.run -> pkg/auth.py#Auth.login",
      "CALLS pkg/use.py#Controller.run -> pkg/auth.py#Auth.logout",
      "CALLS pkg/use.py#Controller.start -> pkg/auth.py#Auth",
      "CALLS pkg/use.py#direct -> pkg/auth.py#Auth",
      "CALLS pkg/use.py#direct -> pkg/auth.py#Auth.login",
      "CALLS pkg/use.py#direct -> pkg/auth.py#Auth.logout",
    ]);
  });

  it("leaves names rebound to another type or by a loop unresolved", () => {
    const use = [
      "from pkg.auth import Auth, Audit",
      "def make():",
      "    return Auth()",
      "def rebound(items):",
      "    x = Auth()",
      "    x = Audit()",
      "    x.login()",
      "    for y in items:",
      "        pass",
      "    y = Auth()",
      "    y.logout()",
      "    z = make()",
      "    z.logout()",
      "def shadowed(items):",
      "    g = Auth()",
      "    done = [g.logout() for g in items]",
      "    h = Auth()",
      "    return done, lambda h: h.logout()",
    ].join("\n");
    const files = new Map([
      ["pkg/__init__.py", ""],
      ["pkg/auth.py", auth],
      ["pkg/use.py", use],
    ]);
    expect(callsFrom(files, "pkg/use.py#")).toEqual([
      "CALLS pkg/use.py#make -> pkg/auth.py#Auth",
      "CALLS pkg/use.py#rebound -> pkg/auth.py#Audit",
      "CALLS pkg/use.py#rebound -> pkg/auth.py#Auth",
      // `z = make()`: make has no annotation, but its one return gives an Auth.
      "CALLS pkg/use.py#rebound -> pkg/auth.py#Auth.logout",
      "CALLS pkg/use.py#rebound -> pkg/use.py#make",
      // A comprehension variable and a lambda parameter hide the typed locals `g` and `h`.
      "CALLS pkg/use.py#shadowed -> pkg/auth.py#Auth",
    ]);
  });
});

describe("calls through chains written over several lines, optional chaining, non-null assertions and casts", () => {
  it("follows them in TypeScript", () => {
    const files = new Map([
      ["src/q.ts", "export class Query {\n  where(): Query { return this; }\n  run(): void {}\n}\nexport class Other { go(): void {} }\n"],
      [
        "src/use.ts",
        [
          'import { Query, Other } from "./q";',
          "export function lines(q: Query): void {",
          "  q",
          "    .where()",
          "    .run();",
          "}",
          "export function optional(q?: Query): void { q?.where().run(); }",
          "export function asserted(q: Query | null): void { q!.run(); }",
          "export function cast(x: unknown): void { (x as Other).go(); (x as unknown as Query).where(); }",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "src/use.ts")).toEqual([
      "CALLS src/use.ts#asserted -> src/q.ts#Query.run",
      "CALLS src/use.ts#cast -> src/q.ts#Other.go",
      "CALLS src/use.ts#cast -> src/q.ts#Query.where",
      "CALLS src/use.ts#lines -> src/q.ts#Query.run",
      "CALLS src/use.ts#lines -> src/q.ts#Query.where",
      "CALLS src/use.ts#optional -> src/q.ts#Query.run",
      "CALLS src/use.ts#optional -> src/q.ts#Query.where",
    ]);
  });

  it("follows them in Java", () => {
    const files = new Map([
      ["src/main/java/p/Query.java", "package p;\npublic class Query { public Query where() { return this; } public void run() {} }\n"],
      [
        "src/main/java/p/Use.java",
        ["package p;", "public class Use {", "  void lines(Query q) {", "    q", "      .where()", "      .run();", "  }", "  void cast(Object o) { ((Query) o).run(); }", "}"].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "src/main/java/p/Use.java")).toEqual([
      "CALLS src/main/java/p/Use.java#Use.cast -> src/main/java/p/Query.java#Query.run",
      "CALLS src/main/java/p/Use.java#Use.lines -> src/main/java/p/Query.java#Query.run",
      "CALLS src/main/java/p/Use.java#Use.lines -> src/main/java/p/Query.java#Query.where",
    ]);
  });
});

describe("calls through names unpacked from a returned tuple", () => {
  it("types `a, b = f()` (Python) and `const [a, b] = f()` (TypeScript) by the tuple f declares", () => {
    const py = new Map([
      ["pkg/__init__.py", ""],
      ["pkg/svc.py", "class Service:\n    def start(self): ...\n\nclass Repo:\n    def get(self): ...\n\ndef build() -> tuple[Service, Repo]: ...\n\ndef many() -> tuple[Repo, ...]: ...\n"],
      [
        "pkg/use.py",
        "from pkg.svc import build, many\n\nasync def run():\n    service, repo = build()\n    service.start()\n    repo.get()\n    a, b, c = many()\n    c.get()\n",
      ],
    ]);
    expect(callsFrom(py, "pkg/use.py")).toEqual([
      "CALLS pkg/use.py#run -> pkg/svc.py#Repo.get",
      "CALLS pkg/use.py#run -> pkg/svc.py#Service.start",
      "CALLS pkg/use.py#run -> pkg/svc.py#build",
      "CALLS pkg/use.py#run -> pkg/svc.py#many",
    ]);
    const ts = new Map([
      ["src/svc.ts", "export class Service { start(): void {} }\nexport class Repo { get(): void {} }\nexport function build(): [Service, Repo] { return [new Service(), new Repo()]; }\nexport async function later(): Promise<[Repo, Service]> { return [new Repo(), new Service()]; }\n"],
      [
        "src/use.ts",
        'import { build, later } from "./svc";\nexport async function run(): Promise<void> {\n  const [service, repo] = build();\n  service.start();\n  const [r] = await later();\n  r.get();\n}\nexport function hole(): void {\n  const [, second] = build();\n  second.get();\n}\n',
      ],
    ]);
    expect(callsFrom(ts, "src/use.ts")).toEqual([
      "CALLS src/use.ts#hole -> src/svc.ts#Repo.get",
      "CALLS src/use.ts#hole -> src/svc.ts#build",
      "CALLS src/use.ts#run -> src/svc.ts#Repo.get",
      "CALLS src/use.ts#run -> src/svc.ts#Service.start",
      "CALLS src/use.ts#run -> src/svc.ts#build",
      "CALLS src/use.ts#run -> src/svc.ts#later",
    ]);
  });
});

describe("calls through a Python local assigned from a call chain", () => {
  it("types `x = Factory(a).create(b)` by what create returns", () => {
    const files = new Map([
      ["pkg/__init__.py", ""],
      ["pkg/parsers.py", "class Parser:\n    def parse(self, text): ...\n\nclass Factory:\n    def create(self, lang) -> Parser: ...\n"],
      ["pkg/use.py", "from pkg.parsers import Factory\n\ndef run(lang):\n    parser = Factory().create(lang)\n    parser.parse('x')\n"],
    ]);
    expect(callsFrom(files, "pkg/use.py")).toEqual([
      "CALLS pkg/use.py#run -> pkg/parsers.py#Factory",
      "CALLS pkg/use.py#run -> pkg/parsers.py#Factory.create",
      "CALLS pkg/use.py#run -> pkg/parsers.py#Parser.parse",
    ]);
  });
});

describe("calls through `this` in an object's methods (TypeScript and JavaScript)", () => {
  it("takes `this` for the object in its methods and function-valued members, never in its arrows", () => {
    const files = new Map([
      ["lib/app.js", "var app = exports = module.exports = {};\napp.init = function init() {\n  this.set('x', 1);\n};\napp.set = function set(k, v) { return this; };\napp.later = () => this.set('y');\n"],
      ["src/api.ts", "export const api = {\n  a() { this.b(); },\n  b() {},\n  c: function () { this.b(); },\n  d: () => this.b(),\n};\n"],
    ]);
    const resolver = resolverFor(files);
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS lib/app.js#app.init -> lib/app.js#app.set",
      "CALLS src/api.ts#api.a -> src/api.ts#api.b",
      "CALLS src/api.ts#api.c -> src/api.ts#api.b",
    ]);
  });
});

describe("calls through a Python `with … as` target", () => {
  it("types it by what `__enter__` (`__aenter__` for `async with`) returns", () => {
    const files = new Map([
      ["pkg/__init__.py", ""],
      [
        "pkg/res.py",
        'class Bar:\n    def __enter__(self) -> "Bar":\n        return self\n    def tick(self): ...\n\nclass Session:\n    async def __aenter__(self):\n        return self\n    def query(self): ...\n\ndef bar() -> Bar: ...\n',
      ],
      ["pkg/use.py", "from pkg.res import bar, Session\n\nasync def run():\n    with bar() as b:\n        b.tick()\n    async with Session() as s:\n        s.query()\n    with open('f') as f:\n        f.read()\n"],
    ]);
    expect(callsFrom(files, "pkg/use.py")).toEqual([
      "CALLS pkg/use.py#run -> pkg/res.py#Bar.tick",
      "CALLS pkg/use.py#run -> pkg/res.py#Session",
      "CALLS pkg/use.py#run -> pkg/res.py#Session.query",
      "CALLS pkg/use.py#run -> pkg/res.py#bar",
    ]);
  });
});

describe("calls through JSDoc types in JavaScript", () => {
  it("types a parameter by `@param {T} name` and a result by `@returns {T}`, in .js files only", () => {
    const lib = "export class Report { add() {} }\nexport class Reader { read() {} }\n";
    const use = [
      'import { Report, Reader } from "./lib";',
      "/**",
      " * @param {Report} report Where problems go.",
      " * @returns {Reader} A reader.",
      " */",
      "export function open(report) { report.add(); return make(); }",
      "export function later() { open(null).read(); }",
    ].join("\n");
    expect(callsFrom(new Map([["src/lib.js", lib], ["src/use.js", use]]), "src/use.js")).toEqual([
      "CALLS src/use.js#later -> src/lib.js#Reader.read",
      "CALLS src/use.js#later -> src/use.js#open",
      "CALLS src/use.js#open -> src/lib.js#Report.add",
    ]);
    // TypeScript itself does not read JSDoc types in a .ts file: neither do we.
    expect(callsFrom(new Map([["src/lib.ts", lib], ["src/use.ts", use]]), "src/use.ts")).toEqual(["CALLS src/use.ts#later -> src/use.ts#open"]);
  });
});

describe("calls through a TypeScript type alias of one type", () => {
  it("reads `type A = B<…>` (and `B | null`) as B, never an alias of its own type parameter or of several types", () => {
    const files = new Map([
      ["src/lib.ts", "export class Base<T> { run(): void {} }\nexport class T { run(): void {} }\nexport type Any = Base<any>;\nexport type Maybe = Any | null;\nexport type Same<T> = T;\nexport type Both = Base<number> & { x: 1 };\n"],
      [
        "src/use.ts",
        'import type { Any, Maybe, Same, Both } from "./lib";\nexport function alias(a: Any): void { a.run(); }\nexport function chained(m: Maybe): void { m.run(); }\nexport function param(s: Same<number>): void { s.run(); }\nexport function intersection(b: Both): void { b.run(); }\n',
      ],
    ]);
    expect(callsFrom(files, "src/use.ts")).toEqual(["CALLS src/use.ts#alias -> src/lib.ts#Base.run", "CALLS src/use.ts#chained -> src/lib.ts#Base.run"]);
  });
});

describe("calls through the parameters of a callback, typed by the function it is passed to (TypeScript)", () => {
  it("gives an unannotated parameter the type the callee declares for it, never a type parameter's", () => {
    const files = new Map([
      [
        "src/lib.ts",
        [
          "export class Ctx { add(): void {} }",
          "export class Item { go(): void {} }",
          "export class T { wrong(): void {} }",
          "export function refine(fn: (value: string, ctx: Ctx) => void): void {}",
          "export class List { each(fn: (item: Item, index: number) => void): void {} map<T>(fn: (x: T) => void): void {} }",
        ].join("\n"),
      ],
      [
        "src/use.ts",
        [
          'import { refine, List } from "./lib";',
          "export function checks(list: List): void {",
          "  refine((v, ctx) => ctx.add());",
          "  list.each(function (item) { item.go(); });",
          "  list.each((other: unknown) => (other as { go(): void }).go());",
          "  list.map((x) => x.wrong());",
          "  [1, 2].forEach((n) => n.toFixed());",
          "}",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "src/use.ts")).toEqual([
      "CALLS src/use.ts#checks -> src/lib.ts#Ctx.add",
      "CALLS src/use.ts#checks -> src/lib.ts#Item.go",
      "CALLS src/use.ts#checks -> src/lib.ts#List.each",
      "CALLS src/use.ts#checks -> src/lib.ts#List.map",
      "CALLS src/use.ts#checks -> src/lib.ts#refine",
    ]);
  });
});

describe("calls through typed fields and locals (Java)", () => {
  const auth = [
    "package p;",
    "public class Auth { public boolean login(String u) { return true; } public void logout() {} }",
  ].join("\n");

  it("follows declared fields (with or without `this.`), typed locals and `var x = new T()`", () => {
    const use = [
      "package p;",
      "public class Controller {",
      "  private final Auth auth;",
      "  protected Auth[] many;",
      "  public Controller(Auth auth) { this.auth = auth; }",
      "  public void run() {",
      "    auth.logout();",
      "    this.auth.login(\"x\");",
      "    Auth local = make();",
      "    local.logout();",
      "    var inferred = new Auth();",
      "    inferred.login(\"y\");",
      "  }",
      "  void shadows(java.util.List<Other> others) {",
      "    for (Other auth : others) auth.logout();",
      "    others.forEach(auth -> auth.logout());",
      "  }",
      "  static Auth make() { return null; }",
      "  void fresh() { new Auth().logout(); new Builder().name(\"x\").build().login(\"y\"); }",
      "  static Auth pick(Auth make) { Auth run = make(); return run; }",
      "  class Inner { void go() { auth.login(\"z\"); } }",
      "}",
      "class Child extends Controller { void more() { auth.logout(); } }",
    ].join("\n");
    const files = new Map([
      ["src/main/java/p/Auth.java", auth],
      ["src/main/java/p/Builder.java", "package p;\npublic class Builder { Builder name(String n) { return this; } Auth build() { return null; } }"],
      ["src/main/java/p/Controller.java", use],
    ]);
    expect(callsFrom(files, "src/main/java/p/Controller.java")).toEqual([
      "CALLS src/main/java/p/Controller.java#Child.more -> src/main/java/p/Auth.java#Auth.logout",
      "CALLS src/main/java/p/Controller.java#Controller.Inner.go -> src/main/java/p/Auth.java#Auth.login",
      "CALLS src/main/java/p/Controller.java#Controller.fresh -> src/main/java/p/Auth.java#Auth",
      "CALLS src/main/java/p/Controller.java#Controller.fresh -> src/main/java/p/Auth.java#Auth.login",
      "CALLS src/main/java/p/Controller.java#Controller.fresh -> src/main/java/p/Auth.java#Auth.logout",
      "CALLS src/main/java/p/Controller.java#Controller.fresh -> src/main/java/p/Builder.java#Builder",
      "CALLS src/main/java/p/Controller.java#Controller.fresh -> src/main/java/p/Builder.java#Builder.build",
      "CALLS src/main/java/p/Controller.java#Controller.fresh -> src/main/java/p/Builder.java#Builder.name",
      // A method and a parameter of one name: `make()` is the method.
      "CALLS src/main/java/p/Controller.java#Controller.pick -> src/main/java/p/Controller.java#Controller.make",
      "CALLS src/main/java/p/Controller.java#Controller.run -> src/main/java/p/Auth.java#Auth",
      "CALLS src/main/java/p/Controller.java#Controller.run -> src/main/java/p/Auth.java#Auth.login",
      "CALLS src/main/java/p/Controller.java#Controller.run -> src/main/java/p/Auth.java#Auth.logout",
      "CALLS src/main/java/p/Controller.java#Controller.run -> src/main/java/p/Controller.java#Controller.make",
    ]);
  });
});

describe("calls through what a call returns", () => {
  it("types a local or field by the declared return type of the function it was assigned from", () => {
    const auth = [
      "export class Auth { login(): boolean { return true; } next(): Auth { return this; } }",
      "export function makeAuth(): Auth { return new Auth(); }",
      "export async function loadAuth(): Promise<Auth> { return new Auth(); }",
      "export function untyped() { return new Auth(); }",
    ].join("\n");
    const use = [
      'import { makeAuth, loadAuth, untyped, Auth } from "./auth";',
      "export class Holder {",
      "  private a = makeAuth();",
      "  go(): void { this.a.login(); }",
      "}",
      "export async function direct(): Promise<void> {",
      "  const made = makeAuth();",
      "  made.login();",
      "  const loaded = await loadAuth();",
      "  loaded.login();",
      "  const plain = untyped();",
      "  plain.login();",
      "  let cursor = made.next();",
      "  cursor = cursor.next();",
      "  cursor.login();",
      "}",
    ].join("\n");
    expect(callsFrom(new Map([["src/auth.ts", auth], ["src/use.ts", use]]), "src/use.ts")).toEqual([
      "CALLS src/use.ts#Holder -> src/auth.ts#makeAuth",
      "CALLS src/use.ts#Holder.go -> src/auth.ts#Auth.login",
      "CALLS src/use.ts#direct -> src/auth.ts#Auth.login",
      "CALLS src/use.ts#direct -> src/auth.ts#Auth.next",
      "CALLS src/use.ts#direct -> src/auth.ts#loadAuth",
      "CALLS src/use.ts#direct -> src/auth.ts#makeAuth",
      "CALLS src/use.ts#direct -> src/auth.ts#untyped",
    ]);
  });

  it("follows Python functions annotated with their return type, and stops at a binding that calls itself", () => {
    const files = new Map([
      ["pkg/__init__.py", ""],
      [
        "pkg/db.py",
        [
          "class Conn:",
          "    def close(self): ...",
          "    def again(self) -> 'Conn': ...",
          "def connect() -> Conn: ...",
          "def lowercase(): ...",
        ].join("\n"),
      ],
      [
        "pkg/use.py",
        [
          "from pkg import db",
          "from pkg.db import connect",
          "async def run():",
          "    c = connect()",
          "    c.close()",
          "    d = db.connect()",
          "    d.close()",
          "    e = d.again()",
          "    e.close()",
          "    f = f.again()",
          "    f.close()",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "pkg/use.py")).toEqual([
      "CALLS pkg/use.py#run -> pkg/db.py#Conn.again",
      "CALLS pkg/use.py#run -> pkg/db.py#Conn.close",
      "CALLS pkg/use.py#run -> pkg/db.py#connect",
    ]);
  });
});

describe("calls through properties and getters", () => {
  it("reads a Python property or a TS getter as the value its return type names", () => {
    const files = new Map([
      ["pkg/__init__.py", ""],
      ["pkg/db.py", "class Conn:\n    def close(self): ...\n"],
      [
        "pkg/use.py",
        [
          "from pkg.db import Conn",
          "class Holder:",
          "    @property",
          "    def conn(self) -> Conn: ...",
          "    def shut(self):",
          "        self.conn.close()",
        ].join("\n"),
      ],
      ["src/db.ts", "export class Conn { close(): void {} }"],
      [
        "src/use.ts",
        [
          'import { Conn } from "./db";',
          "export class Holder {",
          "  get conn(): Conn { return new Conn(); }",
          "  make(): Conn { return new Conn(); }",
          "  shut(): void { this.conn.close(); this.make.close(); }",
          "}",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "pkg/use.py")).toEqual(["CALLS pkg/use.py#Holder.shut -> pkg/db.py#Conn.close"]);
    // `this.make.close()` reads a plain method, not a getter: no edge.
    expect(callsFrom(files, "src/use.ts#Holder.shut")).toEqual(["CALLS src/use.ts#Holder.shut -> src/db.ts#Conn.close"]);
  });
});

describe("calls through loop variables over annotated collections", () => {
  it("types `for x of items` / `for x in items` by the element type of items' annotation", () => {
    const files = new Map([
      ["pkg/__init__.py", ""],
      ["pkg/item.py", "class Item:\n    def go(self): ...\n"],
      [
        "pkg/use.py",
        [
          "from pkg.item import Item",
          "class Bag:",
          "    things: list[Item]",
          "    def all(self, extra: list[Item], names: dict[str, Item]):",
          "        for t in self.things:",
          "            t.go()",
          "        for e in extra:",
          "            e.go()",
          "        for n in names:",
          "            n.go()",
        ].join("\n"),
      ],
      ["src/item.ts", "export class Item { go(): void {} }"],
      [
        "src/use.ts",
        [
          'import { Item } from "./item";',
          "export class Bag {",
          "  private things: Item[] = [];",
          "  all(extra: ReadonlyArray<Item>, keyed: Record<string, Item>): void {",
          "    for (const t of this.things) t.go();",
          "    for (const e of extra) e.go();",
          "    for (const k in keyed) k.go();",
          "  }",
          "}",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "pkg/use.py")).toEqual(["CALLS pkg/use.py#Bag.all -> pkg/item.py#Item.go"]);
    expect(callsFrom(files, "src/use.ts")).toEqual(["CALLS src/use.ts#Bag.all -> src/item.ts#Item.go"]);
  });

  it("leaves a loop over a map, or over an unannotated value, unresolved", () => {
    const files = new Map([
      ["src/item.ts", "export class Item { go(): void {} }"],
      [
        "src/use.ts",
        [
          'import { Item } from "./item";',
          "export function keys(keyed: Map<string, Item>, loose: any[]): void {",
          "  for (const k of keyed) k.go();",
          "  for (const l of loose) l.go();",
          "  for (const i of make()) i.go();",
          "}",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "src/use.ts")).toEqual([]);
  });
});

describe("what a call returns, read from the return type as written", () => {
  it("takes a collection for a collection, not for its element, and awaits a Promise", () => {
    const files = new Map([
      ["pkg/__init__.py", ""],
      ["pkg/item.py", "class Item:\n    def append(self, x): ...\n    def go(self): ...\n"],
      [
        "pkg/use.py",
        [
          "from pkg.item import Item",
          "def many() -> list[Item]: ...",
          "def one() -> 'Item': ...",
          "def run():",
          "    xs = many()",
          "    xs.append(1)",
          "    many().append(2)",
          "    one().go()",
        ].join("\n"),
      ],
      ["src/item.ts", "export class Item { push(x: number): void {} go(): void {} }"],
      [
        "src/use.ts",
        [
          'import { Item } from "./item";',
          "function many(): Item[] { return []; }",
          "async function later(): Promise<Item | null> { return null; }",
          "export async function run(): Promise<void> {",
          "  many().push(1);",
          "  const one = await later();",
          "  one.go();",
          "}",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "pkg/use.py#run")).toEqual([
      "CALLS pkg/use.py#run -> pkg/item.py#Item.go",
      "CALLS pkg/use.py#run -> pkg/use.py#many",
      "CALLS pkg/use.py#run -> pkg/use.py#one",
    ]);
    expect(callsFrom(files, "src/use.ts#run")).toEqual([
      "CALLS src/use.ts#run -> src/item.ts#Item.go",
      "CALLS src/use.ts#run -> src/use.ts#later",
      "CALLS src/use.ts#run -> src/use.ts#many",
    ]);
  });
});

describe("calls through typed fields and locals (Go)", () => {
  it("follows struct fields, `x := pkg.New()`, `x, err := f()`, `var x T` and composite literals", () => {
    const files = new Map([
      ["go.mod", "module example.com/app\n\ngo 1.21\n"],
      [
        "store/store.go",
        [
          "package store",
          "type Store struct{}",
          "func New() *Store { return &Store{} }",
          "func Open() (*Store, error) { return nil, nil }",
          "func (s *Store) A() {}",
          "func (s *Store) B() {}",
          "func (s *Store) C() {}",
          "func (s *Store) D() {}",
          "func (s *Store) E() {}",
        ].join("\n"),
      ],
      [
        "main.go",
        [
          "package main",
          'import "example.com/app/store"',
          "type Server struct {",
          "\tst   *store.Store",
          "\tname string",
          "}",
          "func (s *Server) Handle() {",
          "\ts.st.A()",
          "\tmade := store.New()",
          "\tmade.B()",
          "\topened, err := store.Open()",
          "\topened.C()",
          "\t_ = err",
          "\tvar declared store.Store",
          "\tdeclared.D()",
          "\tlit := &store.Store{}",
          "\tlit.E()",
          "}",
          "func shadow() {",
          "\tstore := store.New()",
          "\tstore.A()",
          "}",
          "type Other struct{}",
          "func (o *Other) A() {}",
          "func closures() {",
          "\tc := store.New()",
          "\trun(func(c *Other) { c.A() })",
          "\tvar d *store.Store",
          "\trun(func(d *Other) { d.A() })",
          "\tvar same *store.Store",
          "\trun(func(same *store.Store) { same.B() })",
          "}",
          "func run(f interface{}) {}",
        ].join("\n"),
      ],
    ]);
    expect(callsFrom(files, "main.go")).toEqual([
      "CALLS main.go#Server.Handle -> store/store.go#New",
      "CALLS main.go#Server.Handle -> store/store.go#Open",
      "CALLS main.go#Server.Handle -> store/store.go#Store",
      "CALLS main.go#Server.Handle -> store/store.go#Store.A",
      "CALLS main.go#Server.Handle -> store/store.go#Store.B",
      "CALLS main.go#Server.Handle -> store/store.go#Store.C",
      "CALLS main.go#Server.Handle -> store/store.go#Store.D",
      "CALLS main.go#Server.Handle -> store/store.go#Store.E",
      // A closure parameter of another type makes `c` and `d` unknown; of the same type, `same` stays typed.
      "CALLS main.go#closures -> main.go#run",
      "CALLS main.go#closures -> store/store.go#New",
      "CALLS main.go#closures -> store/store.go#Store.B",
      // `store := store.New()` reads the package on its right; the local stays untyped.
      "CALLS main.go#shadow -> store/store.go#New",
    ]);
  });
});

describe("typed bindings that lead back to themselves", () => {
  it("resolves nothing through them and never recurses without end", () => {
    const files = new Map([
      ["go.mod", "module example.com/app\n\ngo 1.21\n"],
      ["flag/flag.go", "package flag\ntype Flag struct{}\nfunc (f *Flag) Name() string { return \"\" }\n"],
      [
        "main.go",
        'package main\nimport "example.com/app/flag"\nfunc run(visit func(func(*flag.Flag))) {\n\tvisit(func(flag *flag.Flag) { flag.Name() })\n}\n',
      ],
      ["pkg/__init__.py", ""],
      ["pkg/loop.py", "def f():\n    a: 'b.T' = g()\n    b: 'a.T' = h()\n    a.m()\n    b.m()\n"],
    ]);
    expect(() => callsFrom(files, "")).not.toThrow();
    expect(callsFrom(files, "pkg/loop.py")).toEqual([]);
  });
});

describe("calls through module-level variables and the functions they copy (TypeScript)", () => {
  const types = [
    "export abstract class ZodType { parse(x: unknown): unknown { return x; } optional(): ZodOptional { return new ZodOptional(); } }",
    "export class ZodString extends ZodType {",
    "  min(n: number): ZodString { return this; }",
    "  static create = (params?: {}): ZodString => { return new ZodString(); };",
    "  private check = () => this.min(1);",
    "  run(): void { this.check(); }",
    "}",
    "export class ZodOptional extends ZodType {}",
    "const stringType = ZodString.create;",
    "export const shared = new ZodString();",
    "export const ostring = () => stringType().optional();",
    "export { stringType as string };",
  ].join("\n");

  it("follows `static create = (): T => …`, `const alias = T.create`, `export { alias as name }` and module-level instances", () => {
    const use = [
      'import * as z from "./index";',
      'import { string, shared } from "./types";',
      "const minFive = z.string().min(5);",
      'test("x", () => { z.string().min(1).parse("a"); minFive.optional(); });',
      "export function named(): void { string().parse(1); shared.min(2); }",
    ].join("\n");
    const files = new Map([["src/types.ts", types], ["src/index.ts", 'export * from "./types";'], ["src/use.test.ts", use]]);
    expect(callsFrom(files, "src/types.ts")).toEqual([
      "CALLS src/types.ts#ZodString.check -> src/types.ts#ZodString.min",
      "CALLS src/types.ts#ZodString.create -> src/types.ts#ZodString",
      "CALLS src/types.ts#ZodString.run -> src/types.ts#ZodString.check",
      "CALLS src/types.ts#ZodType.optional -> src/types.ts#ZodOptional",
      "CALLS src/types.ts#ostring -> src/types.ts#ZodType.optional",
      "CALLS src/types.ts#ostring -> src/types.ts#stringType",
      "CALLS src/types.ts#shared -> src/types.ts#ZodString",
    ]);
    expect(callsFrom(files, "src/use.test.ts")).toEqual([
      "CALLS src/use.test.ts#minFive -> src/types.ts#ZodString.min",
      "CALLS src/use.test.ts#minFive -> src/types.ts#stringType",
      "CALLS src/use.test.ts#named -> src/types.ts#ZodString.min",
      "CALLS src/use.test.ts#named -> src/types.ts#ZodType.parse",
      "CALLS src/use.test.ts#named -> src/types.ts#stringType",
      "CALLS src/use.test.ts#x -> src/types.ts#ZodString.min",
      "CALLS src/use.test.ts#x -> src/types.ts#ZodType.optional",
      "CALLS src/use.test.ts#x -> src/types.ts#ZodType.parse",
      "CALLS src/use.test.ts#x -> src/types.ts#stringType",
    ]);
  });

  it("leaves a `let`, a name copied in a cycle, and a call of a call unresolved", () => {
    const use = [
      'import { ZodString } from "./types";',
      "let current = new ZodString();",
      "const a = b;",
      "const b = a;",
      "const made = factory()();",
      "export function f(): void { current.min(1); a.min(1); b(); made.min(1); }",
    ].join("\n");
    const files = new Map([["src/types.ts", types], ["src/use.ts", use]]);
    expect(() => callsFrom(files, "")).not.toThrow();
    expect(callsFrom(files, "src/use.ts#f")).toEqual(["CALLS src/use.ts#f -> src/use.ts#b"]);
  });
});

describe("calls through module-level variables (Python)", () => {
  it("follows `x = T()`, annotations and copies, and leaves a name assigned two types unresolved", () => {
    const models = [
      "class Registry:",
      "    def add(self, x): pass",
      "    def get(self, k): pass",
      "class Other:",
      "    def add(self, x): pass",
      "registry = Registry()",
      "typed: Registry = make()",
      "lookup = registry.get",
      "twice = Registry()",
      "twice = Other()",
    ].join("\n");
    const use = [
      "from pkg.models import registry, typed, lookup, twice",
      "def run():",
      "    registry.add(1)",
      "    typed.add(2)",
      "    lookup(3)",
      "    twice.add(4)",
    ].join("\n");
    const files = new Map([["pkg/__init__.py", ""], ["pkg/models.py", models], ["pkg/use.py", use]]);
    expect(callsFrom(files, "pkg/use.py")).toEqual([
      "CALLS pkg/use.py#run -> pkg/models.py#Registry.add",
      "CALLS pkg/use.py#run -> pkg/models.py#lookup",
    ]);
  });
});

describe("calls through package-level variables (Go)", () => {
  it("follows `var x = New()`, `var x *T` and `var x = &T{}`, in the package and through its import", () => {
    const files = new Map([
      ["go.mod", "module example.com/app\n\ngo 1.21\n"],
      [
        "store/store.go",
        "package store\ntype Store struct{}\nfunc (s *Store) Get() {}\nfunc New() *Store { return &Store{} }\nvar Default = New()\nvar typed *Store\nvar lit, other = &Store{}, 1\n",
      ],
      ["store/use.go", "package store\nfunc use() { typed.Get(); lit.Get(); other.Get() }\n"],
      ["main.go", 'package main\nimport "example.com/app/store"\nfunc run() { store.Default.Get() }\n'],
    ]);
    expect([...callsFrom(files, "store/use.go"), ...callsFrom(files, "main.go")]).toEqual([
      "CALLS store/use.go#use -> store/store.go#Store.Get",
      "CALLS main.go#run -> store/store.go#Store.Get",
    ]);
  });
});

describe("calls through a receiver typed by an interface", () => {
  it("reach the method the interface declares (TypeScript, Go), including one an interface it extends declares", () => {
    const files = new Map([
      ["src/repo.ts", "export interface Base { close(): void }\nexport interface Repo extends Base { get(id: number): string; name: string }\n"],
      ["src/use.ts", 'import type { Repo } from "./repo";\nexport function f(repo: Repo): void { repo.get(1); repo.close(); repo.name.trim(); }\n'],
      ["go.mod", "module example.com/app\n\ngo 1.21\n"],
      ["store/store.go", "package store\ntype Reader interface {\n\tGet(k string) string\n}\n"],
      ["main.go", 'package main\nimport "example.com/app/store"\nfunc run(r store.Reader) { r.Get("k") }\n'],
    ]);
    expect([...callsFrom(files, "src/use.ts"), ...callsFrom(files, "main.go")]).toEqual([
      "CALLS src/use.ts#f -> src/repo.ts#Base.close",
      "CALLS src/use.ts#f -> src/repo.ts#Repo.get",
      "CALLS main.go#run -> store/store.go#Reader.Get",
    ]);
  });
});

describe("what a call returns when no return type is written (TypeScript, JavaScript)", () => {
  it("takes what the function's own returns agree on: `new T()`, a call, `this`, an arrow's body", () => {
    const lib = [
      "export class Query {",
      "  where() { return this; }",
      "  first() { return this.make(); }",
      "  make(): Row { return new Row(); }",
      "  either(flag: boolean) { if (flag) return new Row(); return new Other(); }",
      "  nested() { [1].map(() => { return new Other(); }); return new Row(); }",
      "}",
      "export class Row { save() {} }",
      "export class Other { save() {} }",
      "export function query() { return new Query(); }",
      "export const row = () => new Row();",
      "export function loop() { return loop(); }",
      "export const api = { self() { return this; }, get() {} };",
      "const shared = new Row();",
      "export function built() { const q = new Query(); q.where(); return q; }",
      "export function reassigned() { let q = new Query(); if (q) return q; q = new Row(); return q; }",
      "export function sharedRow() { return shared; }",
      "export function param(r: Row) { return r; }",
    ].join("\n");
    const use = [
      'import { query, row, loop, api, built, reassigned, sharedRow, param, Row } from "./lib";',
      "export function run(): void {",
      "  query().where().first().save();",
      "  query().either(true).save();",
      "  query().nested().save();",
      "  row().save();",
      "  loop().save();",
      "  api.self().get();",
      "  built().first();",
      "  reassigned().where();",
      "  sharedRow().save();",
      "  param(new Row()).save();",
      "}",
    ].join("\n");
    expect(callsFrom(new Map([["src/lib.ts", lib], ["src/use.ts", use]]), "src/use.ts")).toEqual([
      "CALLS src/use.ts#run -> src/lib.ts#Query.either",
      "CALLS src/use.ts#run -> src/lib.ts#Query.first",
      "CALLS src/use.ts#run -> src/lib.ts#Query.nested",
      "CALLS src/use.ts#run -> src/lib.ts#Query.where",
      "CALLS src/use.ts#run -> src/lib.ts#Row",
      "CALLS src/use.ts#run -> src/lib.ts#Row.save",
      "CALLS src/use.ts#run -> src/lib.ts#api.get",
      "CALLS src/use.ts#run -> src/lib.ts#api.self",
      "CALLS src/use.ts#run -> src/lib.ts#built",
      "CALLS src/use.ts#run -> src/lib.ts#loop",
      "CALLS src/use.ts#run -> src/lib.ts#param",
      "CALLS src/use.ts#run -> src/lib.ts#query",
      "CALLS src/use.ts#run -> src/lib.ts#reassigned",
      "CALLS src/use.ts#run -> src/lib.ts#row",
      "CALLS src/use.ts#run -> src/lib.ts#sharedRow",
    ]);
  });

  it("types a returned local or parameter by its binding once the whole body is read", () => {
    const lib = [
      "export class A { a() {} }",
      "export class B { b() {} }",
      "const shared = new B();",
      "export function built() { const q = new A(); q.a(); return q; }",
      "export function reassigned() { let q = new A(); if (q) return q; q = new B(); return q; }",
      "export function sharedB() { return shared; }",
      "export function same(x: A) { return x; }",
    ].join("\n");
    const use = [
      'import { built, reassigned, sharedB, same } from "./lib";',
      "export function pos(): void { built().a(); sharedB().b(); same(null!).a(); }",
      "export function neg(): void { reassigned().a(); reassigned().b(); }",
    ].join("\n");
    const files = new Map([["src/lib.ts", lib], ["src/use.ts", use]]);
    expect(callsFrom(files, "src/use.ts#pos")).toEqual([
      "CALLS src/use.ts#pos -> src/lib.ts#A.a",
      "CALLS src/use.ts#pos -> src/lib.ts#B.b",
      "CALLS src/use.ts#pos -> src/lib.ts#built",
      "CALLS src/use.ts#pos -> src/lib.ts#same",
      "CALLS src/use.ts#pos -> src/lib.ts#sharedB",
    ]);
    // `q` is an A at the first return and a B at the second: unknown.
    expect(callsFrom(files, "src/use.ts#neg")).toEqual(["CALLS src/use.ts#neg -> src/lib.ts#reassigned"]);
  });

  it("does the same for Python functions without a return annotation", () => {
    const lib = [
      "class Row:",
      "    def save(self): pass",
      "class Query:",
      "    def where(self):",
      "        return self",
      "    def first(self):",
      "        if self:",
      "            return None",
      "        return Row()",
      "    def either(self, flag):",
      "        if flag:",
      "            return Row()",
      "        return Query()",
      "    def only(self): pass",
      "    @classmethod",
      "    def build(cls):",
      "        return cls()",
      "def query():",
      "    return Query()",
    ].join("\n");
    const use = ["from pkg.lib import query, Query", "def run():", "    query().where().first().save()", "    query().either(1).save()", "    Query.build().only()"].join("\n");
    const files = new Map([["pkg/__init__.py", ""], ["pkg/lib.py", lib], ["pkg/use.py", use]]);
    expect(callsFrom(files, "pkg/use.py")).toEqual([
      "CALLS pkg/use.py#run -> pkg/lib.py#Query.build",
      "CALLS pkg/use.py#run -> pkg/lib.py#Query.either",
      "CALLS pkg/use.py#run -> pkg/lib.py#Query.first",
      "CALLS pkg/use.py#run -> pkg/lib.py#Query.only",
      "CALLS pkg/use.py#run -> pkg/lib.py#Query.where",
      "CALLS pkg/use.py#run -> pkg/lib.py#Row.save",
      "CALLS pkg/use.py#run -> pkg/lib.py#query",
    ]);
  });
});
