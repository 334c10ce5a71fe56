import { describe, expect, it } from "vitest";
import { edgeLines, parse, resolverFor } from "./loadFixture.js";

/** A small express-shaped package: `module.exports = require(…)`, `exports = module.exports = fn`, methods on module-level objects. */
const EXPRESS = new Map([
  ["package.json", '{ "name": "mini-express", "main": "index.js" }'],
  ["index.js", "'use strict';\nmodule.exports = require('./lib/express');\n"],
  [
    "lib/express.js",
    [
      "var proto = require('./application');",
      "var mixin = require('merge-descriptors');",
      "exports = module.exports = createApplication;",
      "function createApplication() {",
      "  var app = function (req, res, next) { app.handle(req, res, next); };",
      "  mixin(app, proto, false);",
      "  app.init();",
      "  return app;",
      "}",
      "exports.application = proto;",
      "exports.query = require('./middleware/query');",
      "function helper() {}",
    ].join("\n"),
  ],
  ["lib/middleware/query.js", "module.exports = function query(options) {\n  return function (req, res, next) { next(); };\n};\n"],
  [
    "lib/application.js",
    [
      "var app = exports = module.exports = {};",
      "app.init = function init() {",
      "  this.defaultConfiguration();",
      "  this.cache = Object.create(null);",
      "};",
      "app.defaultConfiguration = function defaultConfiguration() {",
      "  app.enable('x-powered-by');",
      "};",
      "app.enable = function enable(setting) {",
      "  return this.set(setting, true);",
      "};",
      "app.handle = function handle(req, res, callback) {",
      "  init();",
      "  var app = makeOther();",
      "  app.enable('y');",
      "};",
      "function init() {}",
      "app.render = function render(name, options, callback) {",
      "  init();",
      "};",
    ].join("\n"),
  ],
  [
    "lib/utils.js",
    [
      "exports.etag = createETagGenerator({ weak: false });",
      "exports.compileETag = function (val) {",
      "  return exports.etag;",
      "};",
      "exports.normalizeType = (type) => type;",
      "exports.Parser = class Parser {",
      "  parse() {}",
      "};",
      "exports.isAbsolute = isAbsolute;",
      "exports.makeETag = createETagGenerator;",
      "function isAbsolute(path) { return path[0] === '/'; }",
      "function createETagGenerator(options) { return function generateETag(body) {}; }",
      "function internal() {}",
    ].join("\n"),
  ],
  [
    "test/app.js",
    [
      "var express = require('../');",
      "var utils = require('../lib/utils');",
      "describe('app', function () {",
      "  it('should inherit from event emitter', function () {",
      "    var app = express();",
      "    app.init();",
      "    utils.compileETag(true);",
      "    utils.isAbsolute('/a');",
    "    utils.makeETag();",
      "    new utils.Parser().parse();",
      "    utils.internal();",
      "    utils.createETagGenerator();",
      "    express.query();",
      "  });",
      "});",
    ].join("\n"),
  ],
]);

describe("CommonJS extraction", () => {
  it("turns `exports.a = …`, `module.exports = …` and functions assigned to module-level objects into symbols", () => {
    const app = parse("lib/application.js", EXPRESS.get("lib/application.js")!);
    expect(app.exportsWhole).toBe("app");
    expect(app.symbols.map((s) => [s.id, s.kind, s.name, s.parent, s.exported])).toEqual([
      ["app", "Variable", "app", null, false],
      ["app.init", "Method", "init", "app", false],
      ["app.defaultConfiguration", "Method", "defaultConfiguration", "app", false],
      ["app.enable", "Method", "enable", "app", false],
      ["app.handle", "Method", "handle", "app", false],
      ["init", "Function", "init", null, false],
      ["app.render", "Method", "render", "app", false],
    ]);
    const utils = parse("lib/utils.js", EXPRESS.get("lib/utils.js")!);
    expect(utils.exportsWhole).toBeUndefined();
    expect(utils.symbols.map((s) => [s.id, s.kind, s.name, s.exported])).toEqual([
      ["exports.compileETag", "Function", "compileETag", true],
      ["exports.normalizeType", "Function", "normalizeType", true],
      ["exports.Parser", "Class", "Parser", true],
      ["exports.Parser.parse", "Method", "parse", false],
      ["isAbsolute", "Function", "isAbsolute", true],
      ["createETagGenerator", "Function", "createETagGenerator", false],
      ["internal", "Function", "internal", false],
    ]);
    const express = parse("lib/express.js", EXPRESS.get("lib/express.js")!);
    expect(express.exportsWhole).toBe("createApplication");
    // A `require` binds a module, as an import does: no Variable symbol for it.
    expect(express.symbols.map((s) => s.id)).toEqual(["createApplication", "helper"]);
    expect(express.imports.map((i) => [i.specifier, i.kind, i.names])).toEqual([
      ["./application", "require", [{ name: "*", alias: "proto" }]],
      ["merge-descriptors", "require", [{ name: "*", alias: "mixin" }]],
      ["./middleware/query", "reexport", [{ name: "*", alias: "query" }]],
    ]);
    const index = parse("index.js", EXPRESS.get("index.js")!);
    expect(index.exportsWhole).toBe("module.exports");
    expect(index.imports.map((i) => i.names)).toEqual([[{ name: "*", alias: "module.exports" }]]);
    const query = parse("lib/middleware/query.js", EXPRESS.get("lib/middleware/query.js")!);
    expect(query.exportsWhole).toBe("module.exports");
    expect(query.symbols.map((s) => [s.id, s.name, s.exported])).toEqual([["module.exports", "query", true]]);
  });

  it("reads `module.exports = { a, b: c, d: function … }`", () => {
    const file = parse(
      "lib/m.js",
      "function a() {}\nfunction c() {}\nmodule.exports = { a, b: c, d: function () {}, e() {} };\n",
    );
    expect(file.symbols.map((s) => [s.id, s.name, s.exported])).toEqual([
      ["a", "a", true],
      ["c", "c", false],
      ["exports.d", "d", true],
      ["exports.e", "e", true],
    ]);
    // `b: c` exports c under another name, as `exports.b = c` does.
    expect(file.exportAliases).toEqual([{ name: "c", alias: "b" }]);
  });

  it("leaves assignments inside functions and to non-variables alone", () => {
    const file = parse(
      "lib/m.js",
      "function f() { exports.g = function () {}; }\nFoo.bar = function () {};\nvar o = {};\no.x.y = function () {};\nvar n = 1; n.z = 2;\n",
    );
    expect(file.symbols.map((s) => s.id)).toEqual(["f", "o", "n"]);
  });
});

describe("CommonJS resolution", () => {
  const resolver = resolverFor(EXPRESS);
  const calls = edgeLines(resolver, "CALLS");

  it("calls through `require` reach what the module exports, whole or by name", () => {
    expect(calls).toEqual(
      expect.arrayContaining([
        "CALLS test/app.js#app.should inherit from event emitter -> lib/express.js#createApplication",
        "CALLS test/app.js#app.should inherit from event emitter -> lib/utils.js#exports.compileETag",
        "CALLS test/app.js#app.should inherit from event emitter -> lib/utils.js#isAbsolute",
        // `exports.makeETag = createETagGenerator` exports the function under another name.
        "CALLS test/app.js#app.should inherit from event emitter -> lib/utils.js#createETagGenerator",
        "CALLS test/app.js#app.should inherit from event emitter -> lib/utils.js#exports.Parser",
        "CALLS test/app.js#app.should inherit from event emitter -> lib/utils.js#exports.Parser.parse",
        "CALLS test/app.js#app.should inherit from event emitter -> lib/middleware/query.js#module.exports",
      ]),
    );
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS test/app.js#app.should inherit from event emitter -> lib/express.js#createApplication",
      "TESTS test/app.js#app.should inherit from event emitter -> lib/middleware/query.js#module.exports",
      "TESTS test/app.js#app.should inherit from event emitter -> lib/utils.js#createETagGenerator",
      "TESTS test/app.js#app.should inherit from event emitter -> lib/utils.js#exports.Parser",
      "TESTS test/app.js#app.should inherit from event emitter -> lib/utils.js#exports.Parser.parse",
      "TESTS test/app.js#app.should inherit from event emitter -> lib/utils.js#exports.compileETag",
      "TESTS test/app.js#app.should inherit from event emitter -> lib/utils.js#isAbsolute",
    ]);
  });

  it("`obj.name()` in the object's own file reaches the `obj.name` symbol", () => {
    expect(calls).toEqual(expect.arrayContaining(["CALLS lib/application.js#app.defaultConfiguration -> lib/application.js#app.enable"]));
  });

  it("guesses nothing: no bare names for assigned functions, locals and private names stay unresolved", () => {
    // Bare `init()` is the module-level function, never `app.init`.
    expect(calls).toContain("CALLS lib/application.js#app.handle -> lib/application.js#init");
    expect(calls).toContain("CALLS lib/application.js#app.render -> lib/application.js#init");
    expect(calls.filter((l) => l.endsWith("#app.init"))).toEqual([]);
    // `this` in a method of `app` is `app` (as the TS checker reads a JS file): `this.defaultConfiguration()`.
    expect(calls.filter((l) => l.startsWith("CALLS lib/application.js#app.init "))).toEqual(["CALLS lib/application.js#app.init -> lib/application.js#app.defaultConfiguration"]);
    // A local `app` shadowing the module's, a local `app` in a test, names the module does not
    // export (`utils.createETagGenerator()`: only its alias `makeETag` is exported),
    // `exports.etag` (not a function): all unresolved.
    expect(calls.filter((l) => l.startsWith("CALLS lib/application.js#app.handle -> lib/application.js#app."))).toEqual([]);
    expect(calls.filter((l) => l.startsWith("CALLS lib/express.js#createApplication") && l.includes("application.js"))).toEqual([]);
    expect(calls.filter((l) => /#(internal|exports\.etag)$/.test(l) && l.startsWith("CALLS test/"))).toEqual([]);
    const test = resolver.resolve("test/app.js").unresolved.map((u) => `${u.qualifier ?? ""}.${u.name}`);
    expect(test).toEqual(expect.arrayContaining(["app.init", "utils.internal", "utils.createETagGenerator"]));
  });

  it("leaves `x()` unresolved when the module exports no function as a whole", () => {
    const r = resolverFor(
      new Map([
        ["lib/a.js", "exports.f = function () {};\n"],
        ["lib/b.js", "var a = require('./a');\nfunction g() { a(); a.f(); }\n"],
      ]),
    );
    expect(edgeLines(r, "CALLS")).toEqual(["CALLS lib/b.js#g -> lib/a.js#exports.f"]);
  });
});

describe("CommonJS `require(…).name`", () => {
  it("binds the declared name to the module's export, and nothing elsewhere", () => {
    const file = parse("lib/b.js", "var c = require('./a').compileETag;\nvar d = require('./a').x.y;\nvar r = require('./routes').default;\n");
    expect(file.symbols.map((s) => s.id)).toEqual(["d"]);
    expect(file.imports.map((i) => i.names)).toEqual([[{ name: "compileETag", alias: "c" }], [], [{ name: "default", alias: "r" }]]);
    const r = resolverFor(
      new Map([
        ["lib/a.js", "exports.compileETag = function (val) {};\nfunction x() {}\n"],
        ["lib/b.js", "var compileETag = require('./a').compileETag;\nvar x = require('./a').x;\nfunction g() { compileETag(1); x(); }\n"],
      ]),
    );
    // `x` is not exported by a.js: the call stays unresolved rather than reach the private function.
    expect(edgeLines(r, "CALLS")).toEqual(["CALLS lib/b.js#g -> lib/a.js#exports.compileETag"]);
  });
});
