import { describe, expect, it } from "vitest";
import { fileNodes, symbolNodeIds } from "../../../../src/projections/graph/graphRows.js";
import { edgeLines, loadFixture, parse, resolverFor } from "./loadFixture.js";

describe("TypeScript resolution (fixtures/resolve/ts-basic)", () => {
  const resolver = resolverFor(loadFixture("ts-basic"));

  it("maps relative, `.js`, index, tsconfig paths and workspace package imports to files", () => {
    const imports = edgeLines(resolver, "IMPORTS").filter((l) => l.startsWith("IMPORTS src/render.ts") || l.startsWith("IMPORTS src/shapes/square.ts"));
    expect(imports).toEqual([
      "IMPORTS src/render.ts -> packages/util/src/index.ts",
      "IMPORTS src/render.ts -> react",
      "IMPORTS src/render.ts -> src/shapes/index.ts",
      "IMPORTS src/render.ts -> src/shapes/square.ts",
      "IMPORTS src/shapes/square.ts -> src/lib/math.ts",
      "IMPORTS src/shapes/square.ts -> src/shapes/base.ts",
    ]);
  });

  it("resolves calls through namespaces, re-exports, default imports, this, super and the class hierarchy", () => {
    const calls = edgeLines(resolver, "CALLS");
    expect(calls).toEqual(
      expect.arrayContaining([
        "CALLS src/render.ts#render -> src/shapes/square.ts#Square.constructor",
        "CALLS src/render.ts#render -> src/shapes/square.ts#makeSquare",
        "CALLS src/render.ts#render -> packages/util/src/index.ts#slugify",
        "CALLS src/render.ts#render -> src/render.ts#format",
        // `const box = new shapes.Box(2)`, `Box` being `Square` re-exported: `box.label()` is Square's;
        // `const other = makeSquare(3)`, declared to return a Square: so is `other.area()`.
        "CALLS src/render.ts#render -> src/shapes/square.ts#Square.label",
        "CALLS src/render.ts#render -> src/shapes/square.ts#Square.area",
        "CALLS src/shapes/square.ts#Square.size -> src/lib/math.ts#add",
        "CALLS src/shapes/square.ts#Square.size -> src/shapes/base.ts#Base.size",
        "CALLS src/shapes/square.ts#Square.size -> src/shapes/square.ts#Square.area",
        "CALLS src/shapes/square.ts#Square.label -> src/shapes/base.ts#Base.describe",
        "CALLS src/shapes/base.ts#Base.describe -> src/shapes/base.ts#Base.size",
        "CALLS src/lib/math.ts#twice -> src/lib/math.ts#add",
      ]),
    );
  });

  it("keeps what it cannot pin down as unresolved data instead of guessing", () => {
    const render = resolver.resolve("src/render.ts");
    const names = render.unresolved.map((u) => `${u.qualifier ?? ""}.${u.name}`);
    expect(names).toEqual(expect.arrayContaining([".missingHelper", "text.trim"]));
    // `shape: Shape` is an interface: the call reaches the method it declares, not a guessed implementation.
    expect(edgeLines(resolver, "CALLS").filter((l) => l.includes("Shape.area"))).toEqual(["CALLS src/render.ts#render -> src/shapes/base.ts#Shape.area"]);
    // `useState` comes from an external package: no edge into the repository.
    expect(render.edges.some((e) => e.kind === "CALLS" && e.to.includes("useState"))).toBe(false);
  });

  it("links heritage, parameter and return types", () => {
    const lines = edgeLines(resolver).filter((l) => /^(INHERITS|IMPLEMENTS|RETURNS|ACCEPTS)/.test(l));
    expect(lines).toEqual(
      expect.arrayContaining([
        "INHERITS src/shapes/square.ts#Square -> src/shapes/base.ts#Base",
        "IMPLEMENTS src/shapes/square.ts#Square -> src/shapes/base.ts#Shape",
        "RETURNS src/shapes/square.ts#makeSquare -> src/shapes/square.ts#Square",
        "ACCEPTS src/render.ts#render -> src/shapes/base.ts#Shape",
      ]),
    );
  });

  it("links tests to what they exercise", () => {
    const tests = edgeLines(resolver, "TESTS");
    expect(tests).toEqual([
      "TESTS test/render.test.ts#render.renders a square -> src/lib/math.ts#twice",
      "TESTS test/render.test.ts#render.renders a square -> src/render.ts#render",
    ]);
  });
});

describe("TypeScript names bound inside a function", () => {
  it("does not send a call to an imported or module-level name that a local variable hides", () => {
    const resolver = resolverFor(
      new Map([
        ["src/parse.ts", "export function parse(s: string): number { return 1; }\nexport function helper(): void {}\n"],
        [
          "src/use.ts",
          [
            'import { parse, helper } from "./parse";',
            "export function local(): void {",
            "  const parse = (s: string) => 2;",
            "  const { helper } = makeHelpers();",
            "  parse('x');",
            "  helper();",
            "}",
            "export function outer(): void { parse('y'); }",
            "export function closure(): void {",
            "  const [parse] = [() => 3];",
            "  const inner = () => parse();",
            "  function nested() { parse(); }",
            "}",
          ].join("\n"),
        ],
      ]),
    );
    expect(edgeLines(resolver, "CALLS").filter((l) => l.startsWith("CALLS src/use.ts"))).toEqual([
      "CALLS src/use.ts#outer -> src/parse.ts#parse",
    ]);
  });

  it("does not take a type parameter for the declaration of the same name", () => {
    const resolver = resolverFor(
      new Map([
        [
          "src/types.ts",
          [
            "export class Other {}",
            "export function generic<Other>(x: Other, y: Array<Other>): Other { return x; }",
            "export class Box<Other> { put(x: Other): Other { return x; } take(o: import_Other): void {} }",
            "type import_Other = Other;",
            "export function plain(x: Other): Other { return x; }",
          ].join("\n"),
        ],
        // A local of the body does not hide what the signature names.
        ["src/sig.ts", 'import * as types from "./types";\nexport function sig(x: types.Other): void { const types = 1; }\n'],
      ]),
    );
    expect(edgeLines(resolver).filter((l) => /^(ACCEPTS|RETURNS)/.test(l))).toEqual([
      "ACCEPTS src/sig.ts#sig -> src/types.ts#Other",
      "ACCEPTS src/types.ts#Box.take -> src/types.ts#import_Other",
      "ACCEPTS src/types.ts#plain -> src/types.ts#Other",
      "RETURNS src/types.ts#plain -> src/types.ts#Other",
    ]);
  });
});

describe("TypeScript `this`", () => {
  it("is not the class inside a function declared in a method", () => {
    const resolver = resolverFor(
      new Map([
        [
          "src/c.ts",
          [
            "export class C {",
            "  run(): void {",
            "    function inner(this: Window) { this.stop(); }",
            "    const arrow = () => this.stop();",
            "    inner.call(window);",
            "  }",
            "  stop(): void {}",
            "}",
          ].join("\n"),
        ],
      ]),
    );
    expect(edgeLines(resolver, "CALLS")).toEqual(["CALLS src/c.ts#C.run -> src/c.ts#C.stop"]);
    expect(resolver.resolve("src/c.ts").unresolved.map((u) => `${u.from.slice(2)} ${u.qualifier}.${u.name}`)).toContain("src/c.ts#C.run.inner this.stop");
  });
});

describe("TypeScript property of a function", () => {
  it("is not a function nested in its body", () => {
    const resolver = resolverFor(
      new Map([["src/f.ts", "export function outer() {\n  function inner() {}\n  inner();\n}\nexport function caller() { outer.inner(); }\n"]]),
    );
    expect(edgeLines(resolver, "CALLS")).toEqual(["CALLS src/f.ts#outer -> src/f.ts#outer.inner"]);
  });
});

describe("TypeScript names bound in a function by parameters of inner functions, catch and for-of (real extractor)", () => {
  const resolver = resolverFor(
    new Map([
      [
        "src/a.ts",
        `import { resolve } from "./b";
export function parse(s: string) { return s; }
export function loop(fs: Array<() => void>) { for (const parse of fs) parse(); }
export function caught() { try { run(); } catch (parse) { parse(); } }
export function later() { return new Promise((resolve) => resolve(1)); }
export function each(list: Array<() => void>) { list.forEach(function (parse) { parse(); }); }
export function run() { parse("x"); resolve(); }
`,
      ],
      ["src/b.ts", "export function resolve() {}\n"],
    ]),
  );

  it("hides the module's names and imports behind them; elsewhere they still resolve", () => {
    expect(edgeLines(resolver, "CALLS").filter((l) => l.startsWith("CALLS src/a.ts"))).toEqual([
      "CALLS src/a.ts#caught -> src/a.ts#run",
      "CALLS src/a.ts#run -> src/a.ts#parse",
      "CALLS src/a.ts#run -> src/b.ts#resolve",
    ]);
  });
});

describe("TypeScript default exports imported under any name (real extractor)", () => {
  const resolver = resolverFor(
    new Map([
      ["src/a.ts", "export class Thing { other() {} }\nexport default class DefaultThing { run() {} }\n"],
      ["src/b.ts", "export default function make() { return 1; }\n"],
      ["src/c.ts", "function helper() {}\nexport default helper;\n"],
      ["src/d.ts", "const value = () => 1;\nexport { value as default };\n"],
      ["src/e.ts", 'import helper from "./c";\nexport default helper;\n'],
      ["src/f.ts", "export default () => 1;\n"],
      [
        "src/use.ts",
        `import Thing from "./a";
import mk from "./b";
import h from "./c";
import v from "./d";
import again from "./e";
import anon from "./f";
export function use() {
  new Thing().run();
  mk();
  h();
  v();
  again();
  anon();
}
`,
      ],
    ]),
  );

  it("follows export default X, export default class/function X, export { X as default } and re-exported defaults", () => {
    expect(edgeLines(resolver, "CALLS").filter((l) => l.startsWith("CALLS src/use.ts"))).toEqual([
      "CALLS src/use.ts#use -> src/a.ts#DefaultThing",
      "CALLS src/use.ts#use -> src/a.ts#DefaultThing.run",
      "CALLS src/use.ts#use -> src/b.ts#make",
      "CALLS src/use.ts#use -> src/c.ts#helper",
      "CALLS src/use.ts#use -> src/d.ts#value",
      "CALLS src/use.ts#use -> src/f.ts#default",
    ]);
  });

  it("never takes a named export for the default because the local names match", () => {
    expect(edgeLines(resolver, "CALLS")).not.toContain("CALLS src/use.ts#use -> src/a.ts#Thing");
  });
});

describe("TypeScript `this` in a plain function passed as a callback inside a method (real extractor)", () => {
  const resolver = resolverFor(
    new Map([
      [
        "src/c.ts",
        `export class Counter {
  n = 0;
  tick() { this.n++; }
  stop() {}
  start(items: number[]) {
    items.forEach(function () { this.tick(); });
    items.forEach(() => this.tick());
    setTimeout(function () { this.stop(); }.bind(this), 1);
    items.map(function (i) { return [i].map(() => this.stop()); });
  }
}
`,
      ],
    ]),
  );

  it("leaves its calls through this unresolved; arrows and bound functions keep the method's this", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual(["CALLS src/c.ts#Counter.start -> src/c.ts#Counter.stop", "CALLS src/c.ts#Counter.start -> src/c.ts#Counter.tick"]);
    const unresolved = resolver.resolve("src/c.ts").unresolved.filter((u) => u.qualifier === "this").map((u) => `${u.name}:${u.line}`);
    expect(unresolved).toEqual(["tick:6", "stop:9"]);
  });
});

describe("TypeScript namespaces (real extractor)", () => {
  it("makes `namespace X { … }` a symbol whose declarations are reached as `X.name`, and as bare names inside it", () => {
    const util = [
      "export namespace util {",
      "  export const assertEqual = <A, B>(_: A, __: B): void => {};",
      "  export function assertNever(_x: never): never { throw new Error(); }",
      "  export function check(x: never): void { assertNever(x); }",
      "  export type Keys<T> = keyof T;",
      "  export class Box { open(): void {} }",
      "  export const box: Box = new Box();",
      "}",
      "namespace inner.deep { export function f(): void {} }",
      'declare module "other" { export interface G {} }',
    ].join("\n");
    const use = [
      'import { util } from "./util";',
      "export function run(k: util.Keys<{ a: 1 }>): void { util.assertEqual(1, 2); util.check(k as never); util.box.open(); new util.Box(); }",
    ].join("\n");
    const files = new Map([["src/util.ts", util], ["src/use.ts", use]]);
    const symbols = parse("src/util.ts", util).symbols.map((s) => `${s.kind} ${s.id}`);
    expect(symbols).toEqual([
      "Namespace util",
      "Function util.assertEqual",
      "Function util.assertNever",
      "Function util.check",
      "Type util.Keys",
      "Class util.Box",
      "Method util.Box.open",
      "Variable util.box",
      "Namespace inner.deep",
      "Function inner.deep.f",
      // `declare module "other"` describes another package: no namespace of this file.
      "Interface G",
    ]);
    expect(edgeLines(resolverFor(files), "CALLS")).toEqual([
      "CALLS src/use.ts#run -> src/util.ts#util.Box",
      "CALLS src/use.ts#run -> src/util.ts#util.Box.open",
      "CALLS src/use.ts#run -> src/util.ts#util.assertEqual",
      "CALLS src/use.ts#run -> src/util.ts#util.check",
      "CALLS src/util.ts#util.box -> src/util.ts#util.Box",
      "CALLS src/util.ts#util.check -> src/util.ts#util.assertNever",
    ]);
  });
});

describe("TypeScript object-literal methods (real extractor)", () => {
  it("makes the functions a module-level object holds methods of its variable, reached as `obj.name()`", () => {
    const api = [
      "function send(): void {}",
      "export const api = {",
      "  get(id: number): void { send(); },",
      "  post: (body: string): void => send(),",
      "  remove: function (): void {},",
      "  limit: 10,",
      "  nested: { deep(): void {} },",
      "} as const;",
    ].join("\n");
    const use = ['import { api } from "./api";', "export function run(): void { api.get(1); api.post('x'); api.remove(); api.nested.deep(); api.limit.toFixed(); }"].join("\n");
    expect(parse("src/api.ts", api).symbols.map((s) => `${s.kind} ${s.id}`)).toEqual([
      "Function send",
      "Variable api",
      "Method api.get",
      "Method api.post",
      "Method api.remove",
    ]);
    expect(edgeLines(resolverFor(new Map([["src/api.ts", api], ["src/use.ts", use]])), "CALLS")).toEqual([
      "CALLS src/api.ts#api.get -> src/api.ts#send",
      "CALLS src/api.ts#api.post -> src/api.ts#send",
      "CALLS src/use.ts#run -> src/api.ts#api.get",
      "CALLS src/use.ts#run -> src/api.ts#api.post",
      "CALLS src/use.ts#run -> src/api.ts#api.remove",
    ]);
  });
});

describe("TypeScript calls with type arguments (real extractor)", () => {
  it("resolves them under await and prefix operators as anywhere else, and types what an awaited one binds", () => {
    const client = [
      "export class Repo { find(): void {} }",
      "export class Client {",
      "  async request<T>(method: string): Promise<T> { return null as any; }",
      "  async repo<T>(): Promise<Repo> { return new Repo(); }",
      "}",
      "export async function send<T>(body: string): Promise<T> { return null as any; }",
      "export function valid<T>(body: string): boolean { return true; }",
    ].join("\n");
    const use = [
      'import { Client, send, valid } from "./client";',
      "export async function run(client: Client): Promise<void> {",
      '  const plain = send<string>("a");',
      '  await send<string>("b");',
      '  await client.request<number>("c");',
      "  const repo = await client.repo<string>();",
      "  repo.find();",
      '  if (!valid<string>("d")) return;',
      "}",
    ].join("\n");
    expect(edgeLines(resolverFor(new Map([["src/client.ts", client], ["src/use.ts", use]])), "CALLS")).toEqual([
      "CALLS src/client.ts#Client.repo -> src/client.ts#Repo",
      "CALLS src/use.ts#run -> src/client.ts#Client.repo",
      "CALLS src/use.ts#run -> src/client.ts#Client.request",
      "CALLS src/use.ts#run -> src/client.ts#Repo.find",
      "CALLS src/use.ts#run -> src/client.ts#send",
      "CALLS src/use.ts#run -> src/client.ts#valid",
    ]);
  });
});

describe("TypeScript class fields whose value is a function", () => {
  // Hono's entry point is `fetch: (…) => … = (request, ...rest) => {…}`: a field annotated with a
  // function type. It is a method like any other, reached by `this.fetch()` and `app.fetch()`.
  const resolver = resolverFor(
    new Map([
      [
        "src/app.ts",
        [
          "export class Context { json(): Response { return new Response(); } }",
          "export class App {",
          "  fetch: (request: Request, env?: unknown, ...rest: unknown[]) => Context = (request, ...rest) => {",
          "    return this.#dispatch(request);",
          "  };",
          "  request = (input: string) => this.fetch(new Request(input));",
          "  protected onError: (err: Error) => void = (err) => { this.log(err); };",
          "  #dispatch = (request: Request): Context => new Context();",
          "  get(path: string) { return this.fetch(new Request(path)).json(); }",
          "  log(err: Error): void {}",
          "}",
          "export abstract class Base { protected next: () => void = () => { this.done(); }; done(): void {} }",
          "export const Expr = class { run: () => void = () => { this.stop(); }; stop(): void {} };",
        ].join("\n"),
      ],
      ["src/main.ts", 'import { App } from "./app";\nconst app = new App();\nexport function serve(req: Request) { return app.fetch(req); }\n'],
    ]),
  );

  it("makes them methods of their class, reached through this and through an instance", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS src/app.ts#App.#dispatch -> src/app.ts#Context",
      "CALLS src/app.ts#App.fetch -> src/app.ts#App.#dispatch",
      "CALLS src/app.ts#App.get -> src/app.ts#App.fetch",
      // The annotation's return type types what `this.fetch()` gives.
      "CALLS src/app.ts#App.get -> src/app.ts#Context.json",
      "CALLS src/app.ts#App.onError -> src/app.ts#App.log",
      "CALLS src/app.ts#App.request -> src/app.ts#App.fetch",
      "CALLS src/app.ts#Base.next -> src/app.ts#Base.done",
      "CALLS src/app.ts#Expr.run -> src/app.ts#Expr.stop",
      "CALLS src/main.ts#app -> src/app.ts#App",
      "CALLS src/main.ts#serve -> src/app.ts#App.fetch",
    ]);
  });

  it("gives their unannotated parameters the types of the function type they are declared with", () => {
    const source = "export class App { fetch: (request: Request, env?: Env, ...rest: unknown[]) => Response = (request, env, ...rest) => { return request; }; }";
    const fetch = parse("src/app.ts", source).symbols.find((s) => s.id === "App.fetch");
    expect(fetch?.params).toEqual([
      { name: "request", type: "Request" },
      { name: "env", type: "Env" },
      { name: "...rest", type: null },
    ]);
    expect(fetch?.returnType).toBe("Response");
  });
});

describe("TypeScript names exported under another name (real extractor)", () => {
  const sources = new Map([
    ["src/base.ts", "export class Widget { area(): number { return 0; } }\n"],
    ["src/dialog.ts", 'import { Widget } from "./base";\nexport class Dialog extends Widget {}\nexport interface Props { title: string }\nexport default function open() {}\nexport { Dialog as Popup };\n'],
    [
      "src/index.ts",
      [
        'export { Dialog as Sheet, type Props as SheetProps } from "./dialog";',
        'export { Popup as Overlay } from "./dialog";',
        'export { default as show } from "./dialog";',
        'export { Widget } from "./base";',
        'export * as base from "./base";',
        'import { Widget as W } from "./base";',
        "export { W as Thing };",
      ].join("\n"),
    ],
  ]);

  it("are Variable nodes of the exporting file, named as exported; not `default as`, `*`, or names kept", () => {
    const nodes = fileNodes(parse("src/index.ts", sources.get("src/index.ts")!));
    expect(nodes.symbols.map((s) => `${s.id} ${s.kind} ${s.startLine} ${s.signature}`)).toEqual([
      's:src/index.ts#Sheet Variable 1 export { Dialog as Sheet } from "./dialog"',
      's:src/index.ts#SheetProps Variable 1 export { Props as SheetProps } from "./dialog"',
      's:src/index.ts#Overlay Variable 2 export { Popup as Overlay } from "./dialog"',
      "s:src/index.ts#Thing Variable 0 export { W as Thing }",
    ]);
    expect(nodes.structural.filter((e) => e.to === "s:src/index.ts#Sheet")).toEqual([{ kind: "CONTAINS", from: "f:src/index.ts", to: "s:src/index.ts#Sheet", line: 0 }]);
    expect(symbolNodeIds(parse("src/index.ts", sources.get("src/index.ts")!))).toEqual(nodes.symbols.map((s) => s.id));
  });

  it("import the definition they name, through every re-export and of either space", () => {
    const aliases = edgeLines(resolverFor(sources), "IMPORTS").filter((l) => l.includes("#"));
    expect(aliases).toEqual([
      "IMPORTS src/dialog.ts#Popup -> src/dialog.ts#Dialog",
      "IMPORTS src/index.ts#Overlay -> src/dialog.ts#Dialog",
      "IMPORTS src/index.ts#Sheet -> src/dialog.ts#Dialog",
      "IMPORTS src/index.ts#SheetProps -> src/dialog.ts#Props",
      "IMPORTS src/index.ts#Thing -> src/base.ts#Widget",
    ]);
  });

  it("leave a name the file declares itself to its declaration", () => {
    const nodes = fileNodes(parse("src/a.ts", 'const Popup = 1;\nexport { Dialog as Popup } from "./dialog";\n'));
    expect(nodes.symbols.map((s) => `${s.id} ${s.kind}`)).toEqual(["s:src/a.ts#Popup Variable"]);
    expect(nodes.symbols[0]!.signature).not.toContain("export");
  });
});
