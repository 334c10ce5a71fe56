import type { SyntaxNode } from "tree-sitter";
import { writtenType, type Param, type TypeNotation } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { docstringText } from "../docComments.js";
import { oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";
import { splitTopLevel } from "../typeLists.js";

/** Names that say nothing about the project's own types. */
export const BUILTIN_TYPES = new Set([
  "int", "float", "complex", "str", "bytes", "bytearray", "bool", "None", "object", "list", "dict", "set",
  "frozenset", "tuple", "type", "Any", "Optional", "Union", "List", "Dict", "Set", "FrozenSet", "Tuple",
  "Callable", "Iterable", "Iterator", "Sequence", "Mapping", "MutableMapping", "Generator", "AsyncIterator",
  "AsyncGenerator", "Awaitable", "Coroutine", "Literal", "Type", "ClassVar", "Final", "Self", "NoReturn",
  "Never", "typing", "Annotated", "TypeVar", "Generic",
]);

export const TEST_FILE = /(^|[\\/])(tests?[\\/]|test_[^\\/]*\.py$|[^\\/]*_test\.py$|conftest\.py$)/;
export const DOTTED = /[A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*/g;

export const visibilityOf = (name: string): "public" | "private" =>
  name.startsWith("_") && !(name.startsWith("__") && name.endsWith("__")) ? "private" : "public";

/**
 * Parameters read from the text of `(…)`: `name`, `name: T`, `name: T = v`, `*args`, `**kw`
 * (`/` and bare `*` markers skipped). Text, not nodes: a function has many parameter nodes and
 * each node costs a native call.
 */
export const paramsFromText = (text: string): Param[] => {
  const inner = text.replace(/^\s*\(/, "").replace(/\)\s*$/, "");
  const out: Param[] = [];
  for (const { part } of splitTopLevel(inner, ",")) {
    const withoutDefault = splitTopLevel(part, "=")[0]!.part;
    const colon = splitTopLevel(withoutDefault, ":");
    const name = colon[0]!.part.trim();
    if (name.length === 0 || name === "/" || name === "*") continue;
    const type = colon.length > 1 ? oneLine(withoutDefault.slice(colon[1]!.offset), 200) : "";
    out.push({ name, type: type.length > 0 ? type : null });
  }
  return out;
};

export const paramsOf = (x: Extraction, params: SyntaxNode | null): Param[] => {
  if (params === null) return [];
  const start = startOf(params);
  return paramsFromText(x.slice(start, Math.min(endOf(params), start + 4000)));
};

export const DOCSTRING_START = /[rRuUbBfF]{0,2}("""|\'\'\'|"|')/y;

/** The docstring opening the block at `bodyStart`, read from the text. */
export const docstringAt = (text: string, bodyStart: number): string | null => {
  DOCSTRING_START.lastIndex = bodyStart;
  const m = DOCSTRING_START.exec(text);
  if (m === null) return null;
  const quote = m[1]!;
  const open = bodyStart + m[0].length;
  let close: number;
  if (quote.length === 3) close = text.indexOf(quote, open);
  else {
    close = open;
    while (close < text.length && text[close] !== quote && text[close] !== "\n") close += text[close] === "\\" ? 2 : 1;
    if (text[close] !== quote) return null;
  }
  if (close === -1 || close - open > 20_000) return null;
  return docstringText(text.slice(bodyStart, close + quote.length));
};

export const docstringOf = (x: Extraction, body: SyntaxNode | null): string | null =>
  body !== null ? docstringAt(x.text, startOf(body)) : null;

/** `Base`, `abc.ABC`, `Generic[T]` from the text of a class's argument list. */
export const baseClasses = (text: string): { name: string; qualifier: string | null; offset: number }[] => {
  const out: { name: string; qualifier: string | null; offset: number }[] = [];
  let depth = 0;
  let partStart = 1;
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
    else if ((c === "," && depth === 0) || (c === ")" && depth === 0)) {
      const part = text.slice(partStart, i);
      const m = /^\s*([A-Za-z_][\w.]*)\s*(\[.*)?$/s.exec(part);
      if (m !== null && !part.includes("=")) {
        const dotted = m[1]!;
        const dot = dotted.lastIndexOf(".");
        out.push({
          name: dotted.slice(dot + 1),
          qualifier: dot > 0 ? dotted.slice(0, dot) : null,
          offset: partStart + part.indexOf(dotted) + dot + 1,
        });
      }
      partStart = i + 1;
    }
  }
  return out;
};

/** Names an assignment target binds: `a`, `a, b`, `(a, [b, *c])`; attributes and subscripts bind none. */
export const assignedNames = (x: Extraction, target: SyntaxNode): string[] => {
  switch (target.type) {
    case "identifier":
      return [textOf(x, target)];
    case "pattern_list":
    case "tuple_pattern":
    case "list_pattern":
    case "list_splat_pattern":
      return namedChildrenOf(target).flatMap((part) => assignedNames(x, part));
    default:
      return [];
  }
};

/** What an assignment tells of its target's type: a notation, unknown (null), or nothing (`= None`). */
export type AssignedType = TypeNotation | null | false;

/** A dotted name whose last segment is capitalised, as class names are (PEP 8): `T`, `m.T`, not `self.repo.get`. */
export const CLASS_NAME = /^(?:[A-Za-z_]\w*\.)*_*[A-Z]\w*$/;
export const DOTTED_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;

/**
 * The type an assignment gives its target: the annotation (`x: T = …`), the class a call names
 * (`T(…)`, `m.T(…)`; the resolver keeps it only if it is one), the call itself (`f()`), or the annotation of the
 * parameter it copies (`self.auth = auth`). `None` says nothing: `self.x = None` then `self.x = T()`
 * is the usual lazy start.
 */
export const assignedType = (x: Extraction, owner: SymbolDraft, node: SyntaxNode, annotation: SyntaxNode | null): AssignedType => {
  if (annotation !== null) return writtenType(oneLine(textOf(x, annotation), 200));
  return valueType(x, owner, field(node, "right"));
};

/**
 * A callee as names and calls with the arguments left out (`Factory().create` for
 * `Factory(x).create(y)`), short enough to follow; null for anything else (a subscript, a literal).
 */
export const calleeChain = (x: Extraction, node: SyntaxNode, depth: number): string | null => {
  if (depth > 8) return null;
  if (node.type === "identifier") return textOf(x, node);
  if (node.type === "call") {
    const fn = field(node, "function");
    const head = fn !== null ? calleeChain(x, fn, depth + 1) : null;
    return head !== null ? `${head}()` : null;
  }
  if (node.type !== "attribute") return null;
  const object = field(node, "object");
  const attribute = field(node, "attribute");
  const head = object !== null && attribute !== null ? calleeChain(x, object, depth + 1) : null;
  const text = head !== null ? `${head}.${textOf(x, attribute!)}` : null;
  return text !== null && text.length <= 120 ? text : null;
};

/**
 * The type a value gives: the class a capitalised callee names, a call written `f()` (the
 * resolver takes what f returns), the annotation of a parameter it copies; `None` says nothing.
 */
export const valueType = (x: Extraction, owner: SymbolDraft, right: SyntaxNode | null): AssignedType => {
  if (right === null) return null;
  if (right.type === "none") return false;
  const call = right.type === "await" ? namedChildrenOf(right)[0] ?? right : right;
  if (call.type === "call") {
    const callee = field(call, "function");
    if (callee === null) return null;
    // A dotted name is read from the text alone; only a chain with calls in it walks the nodes
    // (each child looked up is a native call, and most assignments are of plain names).
    const written = callee.type === "identifier" || callee.type === "attribute" ? textOf(x, callee) : "";
    const text = DOTTED_NAME.test(written) ? written : calleeChain(x, callee, 0);
    if (text === null) return null;
    // A capitalised callee is a class; any other is a call: the resolver takes what f returns
    // (its one declared return type, or an instance when f is a class after all).
    return CLASS_NAME.test(text) ? { _tag: "Annotation", text } : { _tag: "Returned", callee: text };
  }
  if (right.type === "identifier") {
    const written = owner.params.find((p) => p.name === textOf(x, right))?.type;
    return written !== undefined && written !== null ? writtenType(written) : null;
  }
  return null;
};
