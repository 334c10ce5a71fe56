/**
 * References for the TypeScript extractor: calls, `new`, JSX elements, `extends`/`implements`
 * targets and qualified type names; in a test file, the Test symbols `describe`/`it` calls declare.
 */
import type { SyntaxNode } from "tree-sitter";
import type { Reference } from "../../../events/index.js";
import { endOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction, type Mutable } from "../Extraction.js";
import { field, identifierAt, textOf, unquote } from "../LanguageExtractor.js";
import { splitCallee } from "../splitCallee.js";
import { addDynamicImport, addRequire } from "./modules.js";
import { calleeOf, inCallback, literalArg, misreadPrefixAt, type TsFile } from "./syntax.js";

const TEST_CALLEES = new Set(["describe", "it", "test", "suite", "context", "specify", "bench"]);
/** Paths of test files: under `tests/`, `__tests__/`, `spec/`…, or named `*.test.ts` / `*.spec.js`. */
const TEST_PATH = /(^|[\\/])(__tests__|tests?|specs?)[\\/]|\.(test|spec)\.[cm]?[jt]sx?$/;

/** Whether `path` is a test file (its `describe`/`it` calls declare tests). */
export const isTestFile = (path: string): boolean => TEST_PATH.test(path);

/** `this.x()` inside a plain `function` callback of a method: its `this` is not the instance. */
const markUnboundThis = (file: TsFile, reference: Mutable<Reference>, at: number): void => {
  if (reference.qualifier !== null && /^this\b/.test(reference.qualifier) && inCallback(file, at)) reference.unboundThis = true;
};

/** A call: a reference to its callee, an import (`require`, `import()`), or a test (`it("…", …)` in a test file). */
export const visitCall = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  const fn = calleeOf(node);
  if (fn === null) return;
  const fnType = fn.type;
  if (fnType === "identifier") {
    const start = startOf(fn);
    const name = identifierAt(x.text, start);
    if (name === "require" && addRequire(x, node, start)) return;
    if (file.testFile && TEST_CALLEES.has(name) && addTest(x, node, name)) return;
    x.addReference("call", name, null, start);
    return;
  }
  if (fnType === "member_expression") {
    const start = startOf(fn) + misreadPrefixAt(x.text, startOf(fn));
    const callee = splitCallee(x.text.slice(start, Math.min(endOf(fn), start + 400)));
    if (callee === null) return;
    if (file.testFile && callee.qualifier !== null && TEST_CALLEES.has(callee.qualifier) && addTest(x, node, `${callee.qualifier}.${callee.name}`)) return;
    const reference = x.addReference("call", callee.name, oneLine(callee.qualifier ?? "", 120) || null, start + callee.nameOffset);
    markUnboundThis(file, reference, start);
    return;
  }
  if (fnType === "import") addDynamicImport(x, node);
};

/** `describe("name", …)`: a Test symbol named by the literal; false when the first argument is no literal. */
const addTest = (x: Extraction, call: SyntaxNode, callee: string): boolean => {
  const arg = literalArg(call);
  if (arg === null) return false;
  const literal = textOf(x, arg);
  x.addSymbol({
    kind: "Test",
    name: oneLine(unquote(literal), 200),
    start: startOf(call),
    end: endOf(call),
    signature: oneLine(`${callee}(${literal})`, 200),
    doc: null,
  });
  return true;
};

/** `new T(…)` / `new a.T(…)`: a reference to the class constructed. */
export const visitNew = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  const ctor = field(node, "constructor");
  if (ctor === null) return;
  if (ctor.type === "identifier") x.addReference("new", textOf(x, ctor), null, startOf(ctor));
  else if (ctor.type === "member_expression") {
    const property = field(ctor, "property");
    const object = field(ctor, "object");
    if (property !== null && object !== null) {
      markUnboundThis(file, x.addReference("new", textOf(x, property), x.qualifier(startOf(object), endOf(object)), startOf(property)), startOf(ctor));
    }
  }
};

/** `extends`/`implements` targets: identifiers, `a.B`, `B<T>`. */
export const heritage = (x: Extraction, kind: "extends" | "implements", target: SyntaxNode): void => {
  switch (target.type) {
    case "identifier":
    case "type_identifier":
      x.declNames.add(startOf(target));
      x.addReference(kind, textOf(x, target), null, startOf(target));
      return;
    case "member_expression":
    case "nested_type_identifier":
    case "nested_identifier": {
      const text = x.qualifier(startOf(target), endOf(target));
      const dot = text.lastIndexOf(".");
      x.addReference(kind, text.slice(dot + 1), dot > 0 ? text.slice(0, dot) : null, startOf(target));
      return;
    }
    case "generic_type": {
      const name = field(target, "name");
      if (name !== null) heritage(x, kind, name);
      return;
    }
  }
};

/** `<Comp …>` / `<ns.Comp …>`: a call of the component (a lower-case tag is an HTML element). */
export const visitJsx = (x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const text = textOf(x, nameNode);
  const dot = text.lastIndexOf(".");
  if (dot === -1) {
    if (/^[A-Z]/.test(text)) x.addReference("call", text, null, startOf(nameNode));
    return;
  }
  x.addReference("call", text.slice(dot + 1), text.slice(0, dot), startOf(nameNode));
};

/** `a.B` as a type: one use of B qualified by a, and no separate use of the parts inside it. */
export const visitNestedType = (x: Extraction, node: SyntaxNode): void => {
  const start = startOf(node);
  if (start < x.skipTypesUntil) return;
  const name = field(node, "name");
  const module = field(node, "module");
  if (name !== null) x.typeUse(textOf(x, name), module !== null ? x.qualifier(startOf(module), endOf(module)) : null, start);
  x.skipTypesUntil = endOf(node);
};
