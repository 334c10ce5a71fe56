import type { SyntaxNode } from "tree-sitter";
import type { SymbolKind } from "../../../events/types/parse.js";
import { writtenType } from "../../../events/types/writtenType.js";
import { endOf, namedChildrenOf, parentOf, startOf } from "../../collectNodes.js";
import { blockDocAbove, lineDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { field, textOf, unquote } from "../LanguageExtractor.js";
import type { NodeRef } from "../LanguageExtractor.js";
import type { Handler } from "../table/LanguageTable.js";
import { bareCType, declaredName, functionDeclaratorOf, isFunctionPointer, paramsOf, withoutTemplateArguments } from "./declarators.js";

/** What a C or C++ file's handlers share. */
export interface CScope {
  /** A test file by its path (`test/`, `tests/`, `test_x.c`, `x_test.cc`, `x_unittest.cpp`, `XTest.cpp`). */
  readonly testFile: boolean;
  /** Type parameters of a `template <…>`, by the start of the declaration it wraps. */
  readonly templates: Map<number, string[]>;
  /** Starts of anonymous structs a `typedef` already named (`typedef struct { … } Foo;`). */
  readonly named: Set<number>;
  /** Methods defined outside their class (`void A::f()`): their class gets them at the end when it is in this file. */
  readonly outOfLine: { symbol: SymbolDraft; owner: string }[];
}

const TEST_PATH = /(^|\/)(tests?|unittests?|testing)\/|(^|\/)test_[^/]*$|_(unit)?test\.[^/]+$|[^/]Tests?\.[^/.]+$/i;

export const newCScope = (path: string): CScope => ({ testFile: TEST_PATH.test(path), templates: new Map(), named: new Set(), outOfLine: [] });

/** Test macros (GoogleTest, Catch2, doctest, Boost.Test): `TEST(Suite, Name) { … }` parses as a function definition. */
const TEST_MACROS = new Set([
  "TEST", "TEST_F", "TEST_P", "TYPED_TEST", "TYPED_TEST_P", "TEST_CASE", "TEST_CASE_METHOD", "SCENARIO",
  "BOOST_AUTO_TEST_CASE", "BOOST_FIXTURE_TEST_CASE", "CTEST", "CTEST2", "Test", "IGNORE_TEST",
]);

/** Kinds whose body declares members. */
const CLASS_KINDS: ReadonlySet<SymbolKind> = new Set(["Class", "Interface"]);

export const docAbove = (x: Extraction, start: number): string | null => blockDocAbove(x.text, start) ?? lineDocAbove(x.text, start, "//");

/** The enclosing namespaces and classes' qualified name (`ns.A`), or "". */
const enclosingName = (x: Extraction): string => {
  const top = x.current();
  return top !== null && (top.kind === "Namespace" || CLASS_KINDS.has(top.kind)) ? top.qualifiedName : "";
};

const isStatic = (x: Extraction, start: number, nameStart: number): boolean => /\bstatic\b/.test(x.slice(start, Math.min(nameStart, start + 400)));

/** Type parameters `template <…>` gave the declaration starting at `start`. */
const templateParams = (s: CScope, symbol: SymbolDraft, start: number): void => {
  const params = s.templates.get(start);
  if (params !== undefined && params.length > 0) symbol.typeParams = new Set(params);
};

/** A test macro's name for the test: `TEST(Suite, Name)` → `Suite.Name`, `TEST_CASE("adds up")` → `adds up`. */
const testName = (x: Extraction, fn: SyntaxNode): string | null => {
  const list = field(fn, "parameters");
  if (list === null) return null;
  const inner = x.slice(startOf(list) + 1, Math.max(startOf(list) + 1, endOf(list) - 1));
  const quoted = /^\s*"((?:[^"\\]|\\.)*)"/.exec(inner);
  if (quoted !== null) return oneLine(quoted[1]!, 120);
  const names = inner.split(",").map((p) => p.trim()).filter((p) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(p));
  return names.length > 0 ? names.slice(0, 2).join(".") : null;
};

const C_TEST_NAME = /^(test_?\w*|\w+_test)$/i;

/**
 * Whether a C function a runner can call as a test: it returns `void` and takes nothing (Unity,
 * CTest) or only cmocka's `void **state`. A helper named like one (`do_test(name)`,
 * `int test_apply(patch)`) is called by the tests and stays a Function.
 */
const runnableAsTest = (x: Extraction, node: SyntaxNode, params: readonly { readonly type: string | null }[]): boolean => {
  const type = field(node, "type");
  // `void *make(void)` returns a pointer: its declarator is a pointer declarator, not the function's.
  if (type === null || textOf(x, type) !== "void" || field(node, "declarator")?.type !== "function_declarator") return false;
  return params.length === 0 || (params.length === 1 && (params[0]?.type ?? "").replace(/\s+/g, "") === "void**");
};

/** `int f(…) { … }`, `void A::f() { … }`, a method in a class body, `TEST(S, N) { … }`. */
export const functionDefinition: Handler<CScope> = (ref, x, s) => {
  const node = ref.node();
  const fn = functionDeclaratorOf(field(node, "declarator"));
  if (fn === null) return;
  const declared = declaredName(x, field(fn, "declarator"));
  if (declared === null) return;
  const start = ref.start;
  const body = field(node, "body");
  const owner = x.current();
  const inClass = owner !== null && CLASS_KINDS.has(owner.kind);
  const signature = x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, "");
  const doc = docAbove(x, start);
  const params = paramsOf(x, fn);
  if (declared.scope.length === 0 && TEST_MACROS.has(declared.name) && !inClass) {
    const name = testName(x, fn) ?? declared.name;
    // The macro's arguments name the test, not types.
    x.skipTypesUntil = endOf(fn);
    x.addSymbol({ kind: "Test", name, qualifiedName: name.replace(/\s+/g, "_"), start, end: endOf(node), signature, doc, visibility: "public" });
    return;
  }
  const isPrivate = !inClass && declared.scope.length === 0 && isStatic(x, start, declared.start);
  const kind: SymbolKind =
    inClass || declared.scope.length > 0
      ? "Method"
      : s.testFile && C_TEST_NAME.test(declared.name) && runnableAsTest(x, node, params)
        ? "Test"
        : "Function";
  const around = enclosingName(x);
  const scopePath = declared.scope.join(".");
  const symbol = x.addSymbol({
    kind,
    name: declared.name,
    ...(declared.scope.length > 0 ? { qualifiedName: [around, scopePath, declared.name].filter((p) => p.length > 0).join(".") } : {}),
    start,
    end: endOf(node),
    signature,
    doc,
    exported: !isPrivate,
    visibility: isPrivate ? "private" : inClass ? visibilityIn(x, owner, start) : "public",
    params,
  });
  x.declNames.add(declared.start);
  const type = field(node, "type");
  if (type !== null) {
    symbol.returnsFrom = startOf(type);
    symbol.returnsTo = endOf(type);
  }
  templateParams(s, symbol, start);
  if (declared.scope.length > 0) s.outOfLine.push({ symbol, owner: [around, scopePath].filter((p) => p.length > 0).join(".") });
};

/** `public:` / `private:` above `start` in the class body, else the class's default (`struct`: public). */
const visibilityIn = (x: Extraction, owner: SymbolDraft, start: number): "public" | "private" | "protected" => {
  const ownerStart = x.lines.lineStart(owner.startLine) + owner.startCol;
  const before = x.slice(Math.max(ownerStart, start - 20000, 0), start);
  let last: RegExpExecArray | null = null;
  const labels = /\b(public|private|protected)\s*:(?!:)/g;
  for (let m = labels.exec(before); m !== null; m = labels.exec(before)) last = m;
  if (last !== null) return last[1] as "public" | "private" | "protected";
  return owner.signature.startsWith("class") || /^template\b.*\bclass\b/.test(owner.signature) ? "private" : "public";
};

/**
 * A declaration inside a class body (`void f();`, `A(int);`, `int (*cb)(int);`, `B* b;`): a
 * method it declares, a field holding a function (what `s->cb()` calls), or a typed field.
 */
export const memberDeclaration: Handler<CScope> = (ref, x, s) => {
  const owner = x.current();
  if (owner === null || !CLASS_KINDS.has(owner.kind)) {
    if (ref.type === "declaration") variableDeclaration(ref, x, s);
    return;
  }
  const node = ref.node();
  const start = ref.start;
  for (const declarator of declaratorsOf(node)) {
    const fn = functionDeclaratorOf(declarator);
    const declared = declaredName(x, declarator);
    if (declared === null) continue;
    x.declNames.add(declared.start);
    if (fn !== null) {
      const pointer = isFunctionPointer(fn);
      if (!pointer && owner.kind === "Interface" && !owner.members.includes(declared.name)) owner.members.push(declared.name);
      const symbol = x.addSymbol({
        kind: "Method",
        name: declared.name,
        start,
        end: endOf(node),
        signature: x.signature(start, endOf(node)).replace(/\s*;$/, ""),
        doc: docAbove(x, start),
        exported: true,
        visibility: visibilityIn(x, owner, start),
        params: paramsOf(x, fn),
      });
      const type = field(node, "type");
      if (type !== null && !pointer) {
        symbol.returnsFrom = startOf(type);
        symbol.returnsTo = endOf(type);
      }
      templateParams(s, symbol, start);
      continue;
    }
    const type = field(node, "type");
    if (type === null) continue;
    const written = textOf(x, type);
    if (holdsFunction(x, written)) {
      // `std::function<void(int)> on_change;`, `compare_fn cmp;`: a field holding a function.
      x.addSymbol({ kind: "Method", name: declared.name, start, end: endOf(node), signature: x.signature(start, endOf(node)).replace(/\s*;$/, ""), doc: docAbove(x, start), exported: true, visibility: visibilityIn(x, owner, start) });
      continue;
    }
    bindTyped(x, owner, declared.name, written);
  }
};

/** A type whose values are functions: `std::function<…>`, or a typedef of a function pointer declared in this file. */
const holdsFunction = (x: Extraction, written: string): boolean => {
  if (/^(?:std\s*::\s*)?function\s*</.test(written)) return true;
  if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(written)) return false;
  return x.symbols.some((s) => s.kind === "Type" && s.name === written && /\(\s*\*|\bfunction\s*</.test(s.signature));
};

/** The declarators of a declaration (`int a, *b = 0;` has two). */
const declaratorsOf = (node: SyntaxNode): SyntaxNode[] => {
  const type = field(node, "type");
  return namedChildrenOf(node).filter(
    (c) =>
      (type === null || startOf(c) !== startOf(type) || c.type !== type.type) &&
      c.type !== "storage_class_specifier" &&
      c.type !== "type_qualifier" &&
      c.type !== "attribute_specifier" &&
      c.type !== "attribute_declaration" &&
      c.type !== "virtual" &&
      c.type !== "comment" &&
      !c.type.endsWith("_literal") &&
      c.type !== "number_literal" &&
      c.type !== "bitfield_clause" &&
      c.type !== "initializer_list",
  );
};

const PRIMITIVE = /^(?:(?:unsigned|signed|short|long|int|char|float|double|void|bool|_Bool|auto|wchar_t|size_t|ssize_t|u?int\d+_t|u?intptr_t)\b\s*)+$/;

const bindTyped = (x: Extraction, owner: SymbolDraft, name: string, written: string): void => {
  const bare = withoutTemplateArguments(bareCType(written));
  if (bare.length === 0 || PRIMITIVE.test(bare) || !/^[\p{L}_][\p{L}\p{N}_:]*$/u.test(bare)) return;
  x.bindType(owner, name, writtenType(bare.replace(/::/g, ".")), true);
};

/**
 * A declaration outside a class: a global variable (`int counter = 0;`; not `extern`, not a
 * prototype), or inside a function a local typed by its declaration (`A a;`, `A* p = new A();`).
 */
export const variableDeclaration: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const owner = x.current();
  const start = ref.start;
  const type = field(node, "type");
  if (owner !== null && FUNCTION_KINDS.has(owner.kind)) {
    for (const declarator of declaratorsOf(node)) {
      const declared = declaredName(x, declarator);
      if (declared === null || functionDeclaratorOf(declarator) !== null) continue;
      x.addLocal(owner, declared.name);
      const value = declarator.type === "init_declarator" ? field(declarator, "value") : null;
      const written = type !== null ? textOf(x, type) : "";
      if (value !== null && value.type === "new_expression" && /\bauto\b/.test(written)) {
        const created = field(value, "type");
        if (created !== null) bindTyped(x, owner, declared.name, textOf(x, created));
      } else if (type !== null) bindTyped(x, owner, declared.name, written);
    }
    return;
  }
  if (owner !== null && owner.kind !== "Namespace") return;
  const header = x.slice(start, type !== null ? startOf(type) : start);
  if (/\bextern\b/.test(header)) return;
  for (const declarator of declaratorsOf(node)) {
    if (functionDeclaratorOf(declarator) !== null) continue;
    const declared = declaredName(x, declarator);
    if (declared === null || declared.scope.length > 0) continue;
    x.declNames.add(declared.start);
    const isPrivate = /\bstatic\b/.test(header);
    const symbol = x.addSymbol({
      kind: "Variable",
      name: declared.name,
      start,
      end: endOf(node),
      signature: x.signature(start, endOf(node)).replace(/\s*;$/, ""),
      doc: docAbove(x, start),
      exported: !isPrivate,
      visibility: isPrivate ? "private" : "public",
    });
    if (type !== null) bindTyped(x, symbol, declared.name, textOf(x, type));
  }
};

/** `struct S { … }`, `union U { … }`, `class A : public B { … }`: a class when it has a body and a name. */
export const recordSpecifier =
  (kind: SymbolKind): Handler<CScope> =>
  (ref, x, s) => {
    const node = ref.node();
    const body = field(node, "body");
    const nameNode = field(node, "name");
    if (body === null || nameNode === null || s.named.has(ref.start)) return;
    const declared = declaredName(x, nameNode);
    if (declared === null) return;
    x.declNames.add(declared.start);
    addRecord(x, s, node, kind, declared.name, ref.start, endOf(node), startOf(body));
  };

const addRecord = (x: Extraction, s: CScope, node: SyntaxNode, kind: SymbolKind, name: string, start: number, end: number, bodyStart: number, signature?: string): void => {
  const symbol = x.addSymbol({
    kind,
    name,
    start,
    end,
    signature: signature ?? x.signature(start, bodyStart),
    doc: docAbove(x, start),
    exported: true,
    visibility: "public",
  });
  templateParams(s, symbol, start);
  // `class A : public B, private ns::C<T>`: what A extends.
  const bases = namedChildrenOf(node).find((c) => c.type === "base_class_clause");
  if (bases !== undefined) {
    for (const base of namedChildrenOf(bases)) {
      if (base.type === "access_specifier" || base.type === "virtual") continue;
      const text = withoutTemplateArguments(oneLine(textOf(x, base), 200)).replace(/\s+/g, "");
      const parts = text.split("::").filter((p) => p.length > 0);
      const baseName = parts.pop();
      if (baseName === undefined || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(baseName)) continue;
      x.addReference("extends", baseName, parts.length > 0 ? parts.join("::") : null, startOf(base) + textOf(x, base).lastIndexOf(baseName), symbol);
    }
    x.skipTypesUntil = endOf(bases);
  }
};

/**
 * `typedef A B;`, `typedef int (*fp)(int);`, `typedef struct { … } Foo;` (a class named by its
 * typedef), `typedef struct node { … } node_t;` (the struct, then the type from its name on).
 */
export const typeDefinition: Handler<CScope> = (ref, x, s) => {
  const node = ref.node();
  const type = field(node, "type");
  const start = ref.start;
  const body = type !== null ? field(type, "body") : null;
  const record = type !== null && (type.type === "struct_specifier" || type.type === "union_specifier" || type.type === "class_specifier" || type.type === "enum_specifier");
  const head = type !== null ? oneLine(x.slice(startOf(type), body !== null ? startOf(body) : endOf(type)), 120) : "";
  for (const declarator of namedChildrenOf(node).filter((c) => c.type !== "type_qualifier" && (type === null || startOf(c) !== startOf(type)))) {
    const declared = declaredName(x, declarator);
    if (declared === null) continue;
    x.declNames.add(declared.start);
    if (record && body !== null && field(type!, "name") === null && type!.type !== "enum_specifier") {
      s.named.add(startOf(type!));
      addRecord(x, s, type!, "Class", declared.name, start, endOf(node), startOf(body), `typedef ${head} ${declared.name}`);
      continue;
    }
    // A typedef of a record with a body starts after it, so the record is not inside the type.
    const from = record && body !== null ? startOf(declarator) : start;
    x.addSymbol({
      kind: "Type",
      name: declared.name,
      start: from,
      end: endOf(node),
      signature: record && body !== null ? oneLine(`typedef ${head} ${textOf(x, declarator)}`, 200) : x.signature(start, endOf(node)).replace(/\s*;$/, ""),
      doc: from === start ? docAbove(x, start) : null,
      exported: true,
      visibility: "public",
    });
  }
};

/** `enum E { … }` with a body. */
export const enumSpecifier: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const body = field(node, "body");
  const nameNode = field(node, "name");
  if (body === null || nameNode === null) return;
  const declared = declaredName(x, nameNode);
  if (declared === null) return;
  x.declNames.add(declared.start);
  x.addSymbol({ kind: "Enum", name: declared.name, start: ref.start, end: endOf(node), signature: x.signature(ref.start, startOf(body)), doc: docAbove(x, ref.start), exported: true, visibility: "public" });
};

/** `#define N 10` (a variable) and `#define MAX(a, b) …` (a function): what code written with them calls. */
export const macroDefinition: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const name = textOf(x, nameNode);
  const paramsNode = field(node, "parameters");
  const value = field(node, "value");
  const params = paramsNode !== null ? namedChildrenOf(paramsNode).map((p) => ({ name: textOf(x, p), type: null })) : [];
  x.declNames.add(startOf(nameNode));
  x.addSymbol({
    kind: ref.type === "preproc_function_def" ? "Function" : "Variable",
    name,
    start: ref.start,
    end: value !== null ? endOf(value) : endOf(nameNode),
    signature: x.signature(ref.start, value !== null ? endOf(value) : endOf(nameNode)),
    doc: docAbove(x, ref.start),
    exported: true,
    visibility: "public",
    ...(paramsNode !== null ? { params } : {}),
  });
};

/** `#include "a/b.h"` (specifier `a/b.h`) and `#include <vector>` (specifier `<vector>`): everything the header declares comes in. */
export const include: Handler<CScope> = (ref, x) => {
  const path = field(ref.node(), "path");
  if (path === null) return;
  const text = textOf(x, path).trim();
  const specifier = path.type === "system_lib_string" ? text : unquote(text);
  if (specifier.length === 0) return;
  x.addImport({ specifier, names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line: x.lineOf(ref.start) });
};

const CASTS = /^(?:static|const|dynamic|reinterpret)_cast$/;
const CALLEE = /^(.*?)\s*(::|\.|->)\s*(~?[\p{L}_][\p{L}\p{N}_]*)$/su;
const PLAIN = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** `f(…)`, `a.b->f(…)`, `ns::f(…)`, `A::s(…)`, `f<int>(…)`: a call with its number of arguments (for overloads). */
export const call: Handler<CScope> = (ref, x) => {
  const node = ref.node();
  const fn = field(node, "function");
  if (fn === null) return;
  const fnStart = startOf(fn);
  const raw = x.slice(fnStart, Math.min(endOf(fn), fnStart + 400));
  // `static_cast<T*>(p)->f()` calls f on p; the cast itself is no call.
  const text = withoutTemplateArguments(raw).trim().replace(/^(?:static|const|dynamic|reinterpret)_cast\s*\((.*)\)(?=\s*(?:\.|->))/s, "$1");
  if (CASTS.test(text)) return;
  const args = field(node, "arguments");
  const arity = args !== null ? namedChildrenOf(args).filter((c) => c.type !== "comment").length : 0;
  if (PLAIN.test(text)) {
    if (TEST_MACROS.has(text) && x.current() === null && testMacroBody(ref, x, node, fn)) return;
    x.addReference("call", text, null, fnStart).arity = arity;
    return;
  }
  const m = CALLEE.exec(text);
  if (m === null || m[1]!.length === 0) return;
  const name = m[3]!;
  // `a->b.c` reads as `a.b.c`; a `::` path keeps its separators (`ns::util`).
  const qualifier = oneLine(m[2] === "::" ? m[1]!.replace(/\s+/g, "") : m[1]!.replace(/\s*->\s*/g, ".").replace(/\s*\.\s*/g, "."), 120);
  const reference = x.addReference("call", name, qualifier, fnStart + raw.lastIndexOf(name));
  reference.arity = arity;
  if (m[2] === "::") reference.path = true;
};

/**
 * `TEST(Suite, Name) { … }` in C, which tree-sitter-c reads as a call followed by a block: a
 * test from the call to the end of the block.
 */
const testMacroBody = (ref: NodeRef, x: Extraction, node: SyntaxNode, fn: SyntaxNode): boolean => {
  const statement = parentOf(node);
  const body = statement !== null && statement.type === "expression_statement" ? statement.nextNamedSibling : null;
  if (body === null || body.type !== "compound_statement") return false;
  const args = field(node, "arguments");
  const inner = args !== null ? x.slice(startOf(args) + 1, Math.max(startOf(args) + 1, endOf(args) - 1)) : "";
  const quoted = /^\s*"((?:[^"\\]|\\.)*)"/.exec(inner);
  const names = inner.split(",").map((p) => p.trim()).filter((p) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(p));
  const name = quoted !== null ? oneLine(quoted[1]!, 120) : names.length > 0 ? names.slice(0, 2).join(".") : textOf(x, fn);
  x.skipTypesUntil = endOf(node);
  x.addSymbol({ kind: "Test", name, qualifiedName: name.replace(/\s+/g, "_"), start: ref.start, end: endOf(body), signature: oneLine(x.slice(ref.start, endOf(node)), 200), doc: docAbove(x, ref.start), visibility: "public" });
  return true;
};

/** `new A(…)`, `new ns::A<T>{…}`: the class constructed. */
export const newExpression: Handler<CScope> = (ref, x) => {
  const type = field(ref.node(), "type");
  if (type === null) return;
  const text = withoutTemplateArguments(oneLine(textOf(x, type), 200)).replace(/\s+/g, "");
  const parts = text.split("::").filter((p) => p.length > 0);
  const name = parts.pop();
  if (name === undefined || !PLAIN.test(name)) return;
  const reference = x.addReference("new", name, parts.length > 0 ? parts.join("::") : null, startOf(type) + textOf(x, type).lastIndexOf(name));
  if (parts.length > 0) reference.path = true;
  x.skipTypesUntil = endOf(type);
};

/** Out-of-line methods whose class is in this file become its methods (HAS_METHOD). */
export const finishOutOfLine = (x: Extraction, s: CScope): void => {
  if (s.outOfLine.length === 0) return;
  const classes = new Map<string, SymbolDraft>();
  for (const symbol of x.symbols) if (CLASS_KINDS.has(symbol.kind) || symbol.kind === "Namespace") classes.set(symbol.qualifiedName, symbol);
  for (const { symbol, owner } of s.outOfLine) {
    const cls = classes.get(owner) ?? classes.get(owner.slice(owner.lastIndexOf(".") + 1));
    if (cls !== undefined && cls.kind !== "Namespace") {
      symbol.parent = cls.id;
    } else if (cls !== undefined) {
      // `void ns::f() { … }`: a function of the namespace.
      symbol.kind = "Function";
      symbol.parent = cls.id;
    }
  }
};
