/**
 * How the TypeScript extractor reads syntax that several of its parts share: callees and call
 * chains, the names a binding pattern introduces, where a declaration sits, parameter lists,
 * `require` calls and assignment chains, and the per-file state the parts keep between nodes.
 */
import type { SyntaxNode } from "tree-sitter";
import type { Param } from "../../../events/index.js";
import { firstNamedChildOf, namedChildrenOf, parentOf, startOf } from "../../collectNodes.js";
import { oneLine, type Extraction } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";

/** What the extractor keeps for one file between the nodes it visits. */
export interface TsFile {
  /** A test file: `describe`/`it` calls with a literal name become Test symbols. */
  readonly testFile: boolean;
  /** A JavaScript file: JSDoc types stand in for annotations. */
  readonly javaScript: boolean;
  /** Local names exported by `export { a, b as c }`, `export default a` or CommonJS assignments. */
  readonly exportedNames: Set<string>;
  /**
   * Ends of the plain `function` callbacks (arguments of a call) inside a class method that
   * enclose the node being visited: their `this` is not the instance (unless bound, which
   * makes the function a `.bind` receiver, not an argument).
   */
  readonly callbackEnds: number[];
}

export const newTsFile = (path: string, testFile: boolean): TsFile => ({
  testFile,
  javaScript: /\.(?:js|jsx|mjs|cjs)$/i.test(path),
  exportedNames: new Set(),
  callbackEnds: [],
});

/** Whether `at` lies inside one of the callbacks `file.callbackEnds` holds (dropping those that ended before it). */
export const inCallback = (file: TsFile, at: number): boolean => {
  const ends = file.callbackEnds;
  while (ends.length > 0 && ends[ends.length - 1]! <= at) ends.pop();
  return ends.length > 0;
};

export const DOTTED_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*(?:\.[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)*$/u;

/** Longest call chain kept as a binding's type (the resolver follows it link by link). */
const CHAIN_MAX = 120;

/**
 * tree-sitter-typescript reads a prefix operator before a call with type arguments as part of
 * the callee: `await f<T>(x)` is parsed as a call of `await f`, `!f<T>()` as a call of `!f`.
 * JavaScript never means that (a prefix operator applies to the whole call), so these nodes
 * stand for their operand wherever a callee is read.
 */
const MISREAD_PREFIXES = new Set(["await_expression", "unary_expression"]);

/** Past this many prefixes a callee is left as the grammar read it. */
const MISREAD_PREFIXES_MAX = 8;

/**
 * A call's callee as written, and whether an operator other than `await` applies to the call
 * (`!f<T>()`, `typeof f<T>()`: the value is then not what the callee returns).
 */
export const writtenCallee = (call: SyntaxNode): { readonly callee: SyntaxNode | null; readonly operated: boolean } => {
  let callee = field(call, "function");
  let operated = false;
  for (let depth = 0; callee !== null && MISREAD_PREFIXES.has(callee.type) && depth < MISREAD_PREFIXES_MAX; depth++) {
    if (callee.type === "unary_expression") operated = true;
    callee = callee.type === "await_expression" ? firstNamedChildOf(callee) : field(callee, "argument");
  }
  return { callee, operated };
};

export const calleeOf = (call: SyntaxNode): SyntaxNode | null => writtenCallee(call).callee;

/**
 * The prefix operators (`await `, `!`, `typeof `…) a callee's text starts with: only a chain
 * whose innermost call was misread (`await f<T>(x).then` is `await (f<T>(x).then(…))`)
 * starts with one, since a member expression never does.
 */
const MISREAD_PREFIX_TEXT = /(?:(?:await|void|typeof|delete)\s+|[!~+-]\s*)+/y;

/** Length of the misread prefix operators at `start` (0 when none). */
export const misreadPrefixAt = (text: string, start: number): number => {
  MISREAD_PREFIX_TEXT.lastIndex = start;
  return MISREAD_PREFIX_TEXT.exec(text)?.[0].length ?? 0;
};

/**
 * A callee as a chain of names and calls with the arguments left out: `z.string().min` for
 * `z.string().min(5, "x")`, `this.repo.find`; null for anything else (an index, a literal).
 */
export const calleeChain = (x: Extraction, node: SyntaxNode, depth: number): string | null => {
  if (depth > 16) return null;
  switch (node.type) {
    case "identifier":
    case "this":
      return textOf(x, node);
    case "member_expression": {
      const object = field(node, "object");
      const property = field(node, "property");
      if (object === null || property === null || property.type !== "property_identifier") return null;
      const head = calleeChain(x, object, depth + 1);
      const text = head !== null ? `${head}.${textOf(x, property)}` : null;
      return text !== null && text.length <= CHAIN_MAX ? text : null;
    }
    case "call_expression": {
      // `!a.f<T>().g`: g is called on a boolean (see writtenCallee).
      const { callee, operated } = writtenCallee(node);
      const head = callee !== null && !operated ? calleeChain(x, callee, depth + 1) : null;
      return head !== null ? `${head}()` : null;
    }
    case "non_null_expression":
    case "parenthesized_expression": {
      const inner = firstNamedChildOf(node);
      return inner !== null ? calleeChain(x, inner, depth + 1) : null;
    }
    default:
      return null;
  }
};

/** Names a declaration target binds: `a`, `{ a, b: c, ...d }`, `[a, , b = 1]`. */
export const boundNames = (x: Extraction, target: SyntaxNode): string[] => {
  switch (target.type) {
    case "identifier":
    case "shorthand_property_identifier_pattern":
      return [textOf(x, target)];
    case "object_pattern":
    case "array_pattern":
      return namedChildrenOf(target).flatMap((part) => boundNames(x, part));
    case "pair_pattern": {
      const value = field(target, "value");
      return value !== null ? boundNames(x, value) : [];
    }
    case "assignment_pattern":
    case "object_assignment_pattern": {
      const left = field(target, "left");
      return left !== null ? boundNames(x, left) : [];
    }
    case "rest_pattern": {
      const inner = firstNamedChildOf(target);
      return inner !== null ? boundNames(x, inner) : [];
    }
    default:
      return [];
  }
};

/** Text without whitespace: `module .exports` and `module.exports` alike. */
export const compact = (text: string): string => text.replace(/\s+/g, "");

/** `foo` for `exports.foo` / `module.exports.foo`, else null. */
export const exportedProperty = (target: string): string | null => {
  const m = /^(?:module\.)?exports\.([\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)$/u.exec(target);
  return m !== null ? m[1]! : null;
};

export const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "function", "generator_function"]);
/** Nodes that are functions: a `return` belongs to the nearest one around it. */
export const FUNCTION_NODES = new Set([...FUNCTION_VALUES, "function_declaration", "generator_function_declaration", "method_definition"]);

export interface Placement {
  /** The node that carries leading comments (the `export` statement when exported). */
  outer: SyntaxNode;
  exported: boolean;
  /** Directly in the program (possibly through `export` / `declare`). */
  topLevel: boolean;
}

/** Directly in a namespace's body (through `export` or not), not in a block nested in it. */
export const inNamespaceBody = (node: SyntaxNode): boolean => {
  let parent = parentOf(node);
  if (parent !== null && parent.type === "export_statement") parent = parentOf(parent);
  const owner = parent !== null && parent.type === "statement_block" ? parentOf(parent) : null;
  return owner !== null && (owner.type === "internal_module" || owner.type === "module");
};

export const placementOf = (node: SyntaxNode): Placement => {
  let outer = node;
  let exported = false;
  for (let depth = 0; depth < 3; depth++) {
    const parent = parentOf(outer);
    if (parent === null) return { outer, exported, topLevel: false };
    const type = parent.type;
    if (type === "program") return { outer, exported, topLevel: true };
    if (type === "export_statement") exported = true;
    else if (type !== "ambient_declaration") return { outer, exported, topLevel: false };
    outer = parent;
  }
  return { outer, exported, topLevel: false };
};

/** A class member's declared access; `#name` is private, anything else public. */
export const memberVisibility = (x: Extraction, node: SyntaxNode, nameNode: SyntaxNode, name: string): "private" | "protected" | "public" => {
  const access = /\b(private|protected|public)\b/.exec(x.slice(startOf(node), startOf(nameNode)));
  return access !== null ? (access[1] as "private" | "protected" | "public") : name.startsWith("#") ? "private" : "public";
};

export const typeText = (x: Extraction, annotation: SyntaxNode | null): string | null => {
  if (annotation === null) return null;
  const raw = textOf(x, annotation).replace(/^\s*[:?]\s*/, "");
  return raw.length > 0 ? oneLine(raw, 200) : null;
};

export const paramsOf = (x: Extraction, params: SyntaxNode | null): Param[] => {
  if (params === null) return [];
  if (params.type === "identifier") return [{ name: textOf(x, params), type: null }];
  const out: Param[] = [];
  for (const p of namedChildrenOf(params)) {
    switch (p.type) {
      case "required_parameter":
      case "optional_parameter": {
        const pattern = field(p, "pattern");
        out.push({
          name: pattern !== null ? oneLine(textOf(x, pattern), 80) : oneLine(textOf(x, p), 80),
          type: typeText(x, field(p, "type")),
        });
        break;
      }
      case "assignment_pattern": {
        const left = field(p, "left");
        out.push({ name: oneLine(textOf(x, left ?? p), 80), type: null });
        break;
      }
      case "comment":
      case "decorator":
        break;
      default:
        out.push({ name: oneLine(textOf(x, p), 80), type: null });
    }
  }
  return out;
};

/** A call's first argument when it is a string literal (`require('./m')`, `it("works")`), else null. */
export const literalArg = (call: SyntaxNode): SyntaxNode | null => {
  const args = field(call, "arguments");
  const first = args !== null ? firstNamedChildOf(args) : null;
  if (first === null) return null;
  if (first.type === "string") return first;
  if (first.type === "template_string" && first.namedChildCount <= 1) {
    const only = firstNamedChildOf(first);
    return only === null || only.type === "string_fragment" ? first : null;
  }
  return null;
};

/** `a = b = value`: the targets as written (whitespace removed), their nodes, and the value. */
export const assignmentChain = (x: Extraction, node: SyntaxNode): { targets: string[]; lefts: SyntaxNode[]; value: SyntaxNode | null } => {
  const targets: string[] = [];
  const lefts: SyntaxNode[] = [];
  let current: SyntaxNode | null = node;
  while (current !== null && current.type === "assignment_expression") {
    const left = field(current, "left");
    if (left === null) return { targets, lefts, value: null };
    lefts.push(left);
    targets.push(compact(textOf(x, left)));
    current = field(current, "right");
  }
  return { targets, lefts, value: current };
};

/** `require('./m')` or `require('./m').a`: what a `require` import binds. */
export const isRequire = (x: Extraction, value: SyntaxNode): boolean => {
  if (value.type === "member_expression") {
    const object = field(value, "object");
    const property = field(value, "property");
    return object !== null && object.type === "call_expression" && property !== null && property.type === "property_identifier" && isRequire(x, object);
  }
  if (value.type !== "call_expression") return false;
  const fn = field(value, "function");
  return fn !== null && fn.type === "identifier" && textOf(x, fn) === "require" && literalArg(value) !== null;
};
