import type { SyntaxNode } from "tree-sitter";
import type { SymbolKind } from "../../../events/index.js";
import { endOf, startOf } from "../../collectNodes.js";
import type { Extraction } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";
import type { Handler } from "../table/LanguageTable.js";
import { CLASS_KINDS, docAbove, enclosingName, templateParams, visibilityIn, type CScope } from "./cScope.js";
import { declaredName, functionDeclaratorOf, paramsOf } from "./declarators.js";
import { TEST_MACROS, testMacroName } from "./testMacros.js";

const isStatic = (x: Extraction, start: number, nameStart: number): boolean => /\bstatic\b/.test(x.slice(start, Math.min(nameStart, start + 400)));

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
    if (s.macroTests.has(start)) return;
    s.macroTests.add(start);
    const list = field(fn, "parameters");
    const name = (list !== null ? testMacroName(declared.name, x.slice(startOf(list) + 1, Math.max(startOf(list) + 1, endOf(list) - 1))) : null) ?? declared.name;
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
