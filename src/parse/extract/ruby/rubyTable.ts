import type { SyntaxNode } from "tree-sitter";
import { writtenType, type Param } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { lineDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { field, textOf, unquote, type LanguageExtractor } from "../LanguageExtractor.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";

/** What a Ruby file's handlers share. */
interface RubyScope {
  /** A test file by its path (`spec/`, `test/`, `*_spec.rb`, `*_test.rb`). */
  readonly testFile: boolean;
}

const TEST_PATH = /(^|\/)(spec|test|tests)\/|_(spec|test)\.rb$/;
const BRANCHES = new Set(["if", "elsif", "unless", "while", "until", "for", "when", "rescue", "conditional", "if_modifier", "unless_modifier", "while_modifier", "until_modifier", "&&", "||", "and", "or"]);
/** RSpec and minitest/spec examples, Rails' `test "…" do`: a test named by its string. */
const EXAMPLE_CALLS = new Set(["it", "specify", "example", "scenario", "test", "its"]);
const MIXINS = new Set(["include", "extend", "prepend"]);
const ACCESSORS: Record<string, readonly string[]> = { attr_accessor: ["", "="], attr_reader: [""], attr_writer: ["="] };
const CONSTANT_PATH = /^(?:::)?[A-Z][\p{L}\p{N}_]*(?:::[A-Z][\p{L}\p{N}_]*)*$/u;

const docAbove = (x: Extraction, start: number): string | null => lineDocAbove(x.text, start, "#", ["# frozen_string_literal", "# typed:", "# rubocop:"]);

const CONTAINERS = new Set(["Class", "Interface"]);

/** The class or module a definition at the current position belongs to (nearest enclosing). */
const enclosingContainer = (x: Extraction): SymbolDraft | null => {
  const scopes = x.scopes();
  for (let i = scopes.length - 1; i >= 0; i--) if (CONTAINERS.has(scopes[i]!.kind)) return scopes[i]!;
  return null;
};

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    const name = p.type === "identifier" ? p : field(p, "name");
    const text = name !== null ? textOf(x, name) : oneLine(textOf(x, p), 80);
    const prefix = p.type === "splat_parameter" ? "*" : p.type === "hash_splat_parameter" ? "**" : p.type === "block_parameter" ? "&" : "";
    out.push({ name: `${prefix}${text}`, type: null });
  }
  return out;
};

/** `class A < B`, `class Shop::Cart`: a class (named by its last segment), its superclass an `extends`. */
const classDefinition: Handler<RubyScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const path = textOf(x, nameNode).replace(/\s+/g, "");
  const name = path.slice(path.lastIndexOf(":") + 1);
  const superclass = field(node, "superclass");
  const body = field(node, "body");
  const headerEnd = superclass !== null ? endOf(superclass) : endOf(nameNode);
  const symbol = x.addSymbol({
    kind: ref.type === "module" ? "Interface" : "Class",
    name,
    ...(path.includes("::") ? { qualifiedName: path.replace(/^::/, "").replace(/::/g, ".") } : {}),
    start: ref.start,
    end: endOf(node),
    signature: x.signature(ref.start, body !== null ? Math.min(startOf(body), headerEnd) : headerEnd),
    doc: docAbove(x, ref.start),
    exported: true,
    visibility: "public",
  });
  x.declNames.add(startOf(nameNode));
  if (superclass !== null) {
    const base = namedChildrenOf(superclass)[0];
    const text = base !== undefined ? textOf(x, base).replace(/\s+/g, "") : "";
    if (base !== undefined && CONSTANT_PATH.test(text)) {
      const cut = text.lastIndexOf("::");
      x.addReference("extends", cut === -1 ? text : text.slice(cut + 2), cut > 0 ? text.slice(0, cut) : null, startOf(base), symbol);
    }
  }
};

/** `def name`, `def self.name`, a `def` inside `class << self`: a method of the class or module around it (a function at the top). */
const methodDefinition: Handler<RubyScope> = (ref, x, s) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const name = textOf(x, nameNode);
  const owner = enclosingContainer(x);
  const params = field(node, "parameters");
  const inMethod = x.current() !== null && FUNCTION_KINDS.has(x.current()!.kind);
  const isTest = s.testFile && /^test_/.test(name);
  x.addSymbol({
    kind: isTest ? "Test" : owner !== null ? "Method" : "Function",
    name,
    ...(owner !== null && inMethod ? { parent: owner } : {}),
    start: ref.start,
    end: endOf(node),
    signature: x.signature(ref.start, params !== null ? endOf(params) : endOf(nameNode)),
    doc: docAbove(x, ref.start),
    exported: !name.startsWith("_"),
    visibility: "public",
    params: paramsOf(x, params),
  });
};

/** The string a call's first argument is (`it "adds up" do`), or null. */
const firstString = (x: Extraction, args: SyntaxNode | null): string | null => {
  const first = args !== null ? namedChildrenOf(args)[0] : undefined;
  if (first === undefined || first.type !== "string") return null;
  return unquote(textOf(x, first));
};

/**
 * A call: `require`/`require_relative` (an import), `include M` (a mixin: implements),
 * `attr_accessor :a` (methods a and a=), `it "…" do` in a test file (a test), `Foo.new` (a
 * `new` of Foo), else a call with its receiver as written.
 */
const call: Handler<RubyScope> = (ref, x, s) => {
  const node = ref.node();
  const method = field(node, "method");
  if (method === null) return;
  const name = textOf(x, method);
  const receiver = field(node, "receiver");
  const args = field(node, "arguments");
  const arity = args !== null ? namedChildrenOf(args).length : 0;
  if (receiver === null) {
    if (name === "require" || name === "require_relative" || name === "load") {
      const spec = firstString(x, args);
      if (spec === null) return;
      x.addImport({ specifier: name === "require_relative" && !spec.startsWith(".") ? `./${spec}` : spec, names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line: x.lineOf(ref.start) });
      return;
    }
    const owner = enclosingContainer(x);
    if (MIXINS.has(name) && owner !== null && x.current() === owner && args !== null) {
      for (const arg of namedChildrenOf(args)) {
        const text = textOf(x, arg).replace(/\s+/g, "");
        if (!CONSTANT_PATH.test(text)) continue;
        const cut = text.lastIndexOf("::");
        x.addReference("implements", cut === -1 ? text : text.slice(cut + 2), cut > 0 ? text.slice(0, cut) : null, startOf(arg), owner);
      }
      return;
    }
    const accessor = ACCESSORS[name];
    if (accessor !== undefined && owner !== null && x.current() === owner && args !== null) {
      for (const arg of namedChildrenOf(args)) {
        if (arg.type !== "simple_symbol") continue;
        const field = textOf(x, arg).replace(/^:/, "");
        for (const suffix of accessor) {
          x.addSymbol({ kind: "Method", name: `${field}${suffix}`, start: startOf(arg), end: endOf(arg), signature: oneLine(`${name} :${field}`, 200), exported: true, visibility: "public" });
        }
      }
      return;
    }
    const block = field(node, "block");
    if (s.testFile && EXAMPLE_CALLS.has(name) && block !== null) {
      const title = firstString(x, args);
      if (title !== null) {
        x.addSymbol({ kind: "Test", name: oneLine(title, 200), start: ref.start, end: endOf(node), signature: x.signature(ref.start, startOf(block)), visibility: "public" });
        return;
      }
    }
    x.addReference("call", name, null, startOf(method)).arity = arity;
    return;
  }
  const qualifier = oneLine(x.slice(startOf(receiver), Math.min(endOf(receiver), startOf(receiver) + 400)), 120).replace(/\s*(\.|&\.)\s*/g, ".");
  if (name === "new" && CONSTANT_PATH.test(qualifier)) {
    const cut = qualifier.lastIndexOf("::");
    x.addReference("new", cut === -1 ? qualifier : qualifier.slice(cut + 2), cut > 0 ? qualifier.slice(0, cut) : null, startOf(receiver) + (cut === -1 ? 0 : cut + 2)).arity = arity;
    return;
  }
  x.addReference("call", name, qualifier, startOf(method)).arity = arity;
};

/** `x = Foo.new(…)` in a method, `@x = Foo.new(…)` in one: a local or instance variable typed Foo; `NAME = …` in a class or at the top: a constant. */
const assignment: Handler<RubyScope> = (ref, x) => {
  const node = ref.node();
  const left = field(node, "left");
  const right = field(node, "right");
  if (left === null) return;
  const owner = x.current();
  if (left.type === "constant" && (owner === null || CONTAINERS.has(owner.kind))) {
    x.declNames.add(startOf(left));
    x.addSymbol({ kind: "Variable", name: textOf(x, left), start: ref.start, end: endOf(node), signature: x.signature(ref.start, endOf(node)), doc: docAbove(x, ref.start), exported: true, visibility: "public" });
    return;
  }
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
  const created = right !== null && right.type === "call" ? createdClass(x, right) : null;
  if (left.type === "identifier") {
    const name = textOf(x, left);
    x.addLocal(owner, name);
    if (created !== null) x.bindType(owner, name, writtenType(created));
    else x.shadowType(owner, name);
  } else if (left.type === "instance_variable") {
    // `@repo = Repo.new` types the instance variable for every method of the class.
    const cls = enclosingContainer(x);
    if (cls !== null) x.bindType(cls, textOf(x, left), created !== null ? writtenType(created) : null);
  }
};

/** The class `Foo.new(…)` / `Shop::Foo.new` creates, as `Foo` / `Shop.Foo`, or null. */
const createdClass = (x: Extraction, callNode: SyntaxNode): string | null => {
  const method = field(callNode, "method");
  const receiver = field(callNode, "receiver");
  if (method === null || receiver === null || textOf(x, method) !== "new") return null;
  const text = textOf(x, receiver).replace(/\s+/g, "");
  return CONSTANT_PATH.test(text) ? text.replace(/^::/, "").replace(/::/g, ".") : null;
};

const HANDLERS: Record<string, Handler<RubyScope>> = {
  class: classDefinition,
  module: classDefinition,
  method: methodDefinition,
  singleton_method: methodDefinition,
  call,
  assignment,
};

export const rubyTable: LanguageTable<RubyScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: (path) => ({ testFile: TEST_PATH.test(path) }),
};

export const makeRubyExtractor = (path: string): LanguageExtractor => tableExtractor(rubyTable, path);
