import type { SyntaxNode } from "tree-sitter";
import { endOf, namedChildrenOf, parentOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction } from "../Extraction.js";
import { field, textOf, type NodeRef } from "../LanguageExtractor.js";
import type { Handler } from "../table/LanguageTable.js";
import type { CScope } from "./cScope.js";
import { withoutTemplateArguments } from "./declarators.js";
import { addMacroTest, balancedMacroTest, holdsTests, TEST_MACROS } from "./testMacros.js";

const CASTS = /^(?:static|const|dynamic|reinterpret)_cast$/;
const CALLEE = /^(.*?)\s*(::|\.|->)\s*(~?[\p{L}_][\p{L}\p{N}_]*)$/su;
const PLAIN = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** `f(…)`, `a.b->f(…)`, `ns::f(…)`, `A::s(…)`, `f<int>(…)`: a call with its number of arguments (for overloads). */
export const call: Handler<CScope> = (ref, x, s) => {
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
    if (TEST_MACROS.has(text) && (s.macroTests.has(ref.start) || (holdsTests(x.current()) && testMacroBody(ref, x, s, node, text)))) return;
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
 * `TEST_CASE("name") { … }`, and `TEST(Suite, Name) { … }` in C: tree-sitter reads a call
 * followed by a block, which is a test from the call to the end of the block.
 */
const testMacroBody = (ref: NodeRef, x: Extraction, s: CScope, node: SyntaxNode, macro: string): boolean => {
  let statement = parentOf(node);
  if (statement === null || statement.type !== "expression_statement") return false;
  // `[[noreturn]] TEST_CASE("…") { … }`: the block follows the attributed statement.
  const attributed = parentOf(statement);
  if (attributed !== null && attributed.type === "attributed_statement") statement = attributed;
  const body = statement.nextNamedSibling;
  const args = field(node, "arguments");
  if (args === null) return false;
  // `TEMPLATE_PRODUCT_TEST_CASE("t", "[x]", (std::vector, Foo), (int, float))`: types as arguments
  // break the call, which then may swallow the tests below it; the text knows where it ends.
  if (node.hasError) return balancedMacroTest(x, s.macroTests, macro, ref.start, startOf(args));
  if (body === null || body.type !== "compound_statement") return false;
  addMacroTest(x, s.macroTests, macro, ref.start, startOf(args), endOf(args), endOf(body));
  // The macro's arguments name the test, not types.
  x.skipTypesUntil = endOf(args);
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
