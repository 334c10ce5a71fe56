import type { SyntaxNode } from "tree-sitter";
import { writtenType, type TypeNotation } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { lineDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type NewSymbol, type SymbolDraft } from "../Extraction.js";
import { field, identifierAt, textOf } from "../LanguageExtractor.js";
import { paramsOf } from "./params.js";

/** What a Go file's handlers share. */
export interface GoScope {
  readonly testFile: boolean;
  /** Methods whose receiver type is declared later in the file get their parent at the end. */
  readonly methods: { symbol: SymbolDraft; receiver: string }[];
}

const DOC_SKIP = ["//go:", "//nolint", "//lint:"];
const RECEIVER_TYPE = /^\(\s*(?:[\p{L}_][\p{L}\p{N}_]*\s+)?\*?\s*([\p{L}_][\p{L}\p{N}_]*)/u;
export const COMPOSITE = /^([\p{L}_][\p{L}\p{N}_]*)(?:\s*\.\s*([\p{L}_][\p{L}\p{N}_]*))?\s*(?:\[[^\]{}]*\])?\s*\{/u;
export const QUALIFIED = /^([\p{L}_][\p{L}\p{N}_]*)\s*\.\s*([\p{L}_][\p{L}\p{N}_]*)/u;

const isExported = (name: string): boolean => /^\p{Lu}/u.test(name);

/**
 * The type of this package a value of `var _ I = <value>` is, as written: `(*T)(nil)`, `&T{…}`,
 * `T{…}`, `new(T)`, `T(nil)` (type arguments allowed). A call `f(…)` reads as a conversion too:
 * the resolver pairs the name only with a type of the package, never a function.
 */
const ASSERTED_VALUES = [
  /^\(\s*\*\s*([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]]*\])?\s*\)\s*\(\s*nil\s*\)$/u,
  /^new\s*\(\s*([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]]*\])?\s*\)$/u,
  /^&?\s*([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]{}]*\])?\s*\{/u,
  /^([\p{L}_][\p{L}\p{N}_]*)\s*\(/u,
];

const assertedType = (text: string): string | null => {
  for (const pattern of ASSERTED_VALUES) {
    const m = pattern.exec(text);
    if (m !== null) return m[1]!;
  }
  return null;
};

/** A function, a method or a method an interface declares, with its result's range (see `returns`). */
export const addCallable = (
  x: Extraction,
  node: SyntaxNode,
  spec: Pick<NewSymbol, "kind" | "name" | "qualifiedName" | "parent"> & { signatureEnd: number },
): SymbolDraft => {
  const start = startOf(node);
  const symbol = x.addSymbol({
    kind: spec.kind,
    name: spec.name,
    qualifiedName: spec.qualifiedName,
    ...(spec.parent !== undefined ? { parent: spec.parent } : {}),
    start,
    end: endOf(node),
    signature: x.signature(start, spec.signatureEnd),
    doc: lineDocAbove(x.text, start, "//", DOC_SKIP),
    exported: isExported(spec.name),
    visibility: isExported(spec.name) ? "public" : "private",
    params: paramsOf(x, field(node, "parameters")),
  });
  const result = field(node, "result");
  if (result !== null) {
    symbol.returnsFrom = startOf(result);
    symbol.returnsTo = endOf(result);
  }
  return symbol;
};

export const addFunctionLike = (x: Extraction, node: SyntaxNode, method: boolean, s: GoScope): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const name = identifierAt(x.text, startOf(nameNode));
  const body = field(node, "body");
  let receiver: string | null = null;
  let receiverParams: string[] = [];
  if (method) {
    const recv = field(node, "receiver");
    const text = recv !== null ? x.slice(startOf(recv), Math.min(endOf(recv), startOf(recv) + 200)) : "";
    const m = RECEIVER_TYPE.exec(text);
    receiver = m !== null ? m[1]! : null;
    // `func (l *List[T])` declares T for the method body.
    const generic = m !== null ? /^\s*\[([^\]]*)\]/.exec(text.slice(m[0].length)) : null;
    if (generic !== null) receiverParams = generic[1]!.split(",").map((p) => p.trim()).filter((p) => p.length > 0);
  }
  const symbol = addCallable(x, node, {
    kind: !method && s.testFile && /^Test/.test(name) ? "Test" : method ? "Method" : "Function",
    name,
    qualifiedName: receiver !== null ? `${receiver}.${name}` : name,
    parent: null,
    signatureEnd: body !== null ? startOf(body) : endOf(node),
  });
  if (receiver !== null) s.methods.push({ symbol, receiver });
  if (receiverParams.length > 0) symbol.typeParams = new Set(receiverParams);
};

export const visitTypeSpec = (x: Extraction, node: SyntaxNode, alias: boolean): void => {
  // Types declared inside functions are locals.
  if (x.current() !== null) return;
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const nameStart = startOf(nameNode);
  const name = identifierAt(x.text, nameStart);
  x.declNames.add(nameStart);
  const typeNode = field(node, "type");
  const typeKind = typeNode?.type;
  const kind = alias ? "Type" : typeKind === "interface_type" ? "Interface" : typeKind === "struct_type" ? "Class" : "Type";
  const start = startOf(node);
  const bodyStart = kind === "Type" || typeNode === null ? endOf(node) : startOf(typeNode);
  const header = x.slice(start, bodyStart);
  x.addSymbol({
    kind,
    name,
    start,
    end: endOf(node),
    signature: oneLine(`type ${header}${kind === "Interface" ? " interface" : kind === "Class" ? " struct" : ""}`, 200),
    doc: lineDocAbove(x.text, start, "//", DOC_SKIP),
    exported: isExported(name),
    visibility: isExported(name) ? "public" : "private",
  });
};

/**
 * The type a value gives the name it is bound to: the struct a composite literal builds
 * (`T{}`, `&pkg.T{}`), or the call `f()` / `pkg.F()` (the resolver takes f's result type).
 */
const valueType = (x: Extraction, value: SyntaxNode | null): TypeNotation | null => {
  if (value === null) return null;
  const inner = value.type === "unary_expression" && x.text.startsWith("&", startOf(value)) ? field(value, "operand") : value;
  if (inner === null) return null;
  if (inner.type === "composite_literal") {
    const type = field(inner, "type");
    return type !== null && (type.type === "type_identifier" || type.type === "qualified_type") ? writtenType(textOf(x, type)) : null;
  }
  if (inner.type === "call_expression") {
    const fn = field(inner, "function");
    const text = fn !== null && (fn.type === "identifier" || fn.type === "selector_expression") ? textOf(x, fn) : "";
    return /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u.test(text) ? { _tag: "Returned", callee: text } : null;
  }
  return null;
};

/** Names on the left of `:=` / `var … =` in a function, typed pairwise by the values (`x, err := f()` types x). */
export const bindValues = (x: Extraction, names: readonly SyntaxNode[], values: readonly SyntaxNode[], declared: string | null): void => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
  names.forEach((nameNode, i) => {
    if (nameNode.type !== "identifier") return;
    const name = textOf(x, nameNode);
    if (name === "_") return;
    if (declared !== null) x.bindType(owner, name, writtenType(declared), true);
    else if (values.length === names.length) x.bindType(owner, name, valueType(x, values[i]!));
    else x.bindType(owner, name, i === 0 && values.length === 1 && values[0]!.type === "call_expression" ? valueType(x, values[0]!) : null);
  });
};

export const visitValueSpec = (x: Extraction, node: SyntaxNode): void => {
  if (x.current() !== null) {
    if (node.type !== "var_spec") return;
    const type = field(node, "type");
    const value = field(node, "value");
    bindValues(x, namedChildrenOf(node).filter((c) => c.type === "identifier"), value !== null ? namedChildrenOf(value) : [], type !== null ? textOf(x, type) : null);
    return;
  }
  const start = startOf(node);
  // A package-level `var` keeps the one type Go gives it: declared, or its value's.
  const declared = node.type === "var_spec" ? field(node, "type") : null;
  const valueList = node.type === "var_spec" ? field(node, "value") : null;
  const values = valueList !== null ? namedChildrenOf(valueList) : [];
  const names = namedChildrenOf(node).filter((c) => c.type === "identifier");
  for (const [i, child] of names.entries()) {
    const name = textOf(x, child);
    if (name === "_") {
      if (declared !== null && values.length === names.length) visitAssertion(x, declared, values[i]!);
      continue;
    }
    x.declNames.add(startOf(child));
    const symbol = x.addSymbol({
      kind: "Variable",
      name,
      start,
      end: endOf(node),
      signature: x.signature(start, endOf(node)),
      doc: lineDocAbove(x.text, start, "//", DOC_SKIP),
      exported: isExported(name),
      visibility: isExported(name) ? "public" : "private",
    });
    const type = declared !== null ? writtenType(textOf(x, declared)) : values.length === names.length ? valueType(x, values[i]!) : null;
    if (type !== null) x.bindType(symbol, name, type, true);
  }
};

/**
 * `var _ I = (*T)(nil)`: the compiler checks that T implements I, so the source declares it
 * (gin's `var _ IRouter = (*RouterGroup)(nil)`). An `implements` reference to I that names T.
 */
export const visitAssertion = (x: Extraction, declared: SyntaxNode, value: SyntaxNode): void => {
  const start = startOf(value);
  const implementor = assertedType(x.slice(start, Math.min(endOf(value), start + 200)));
  const iface = declared.type === "generic_type" ? field(declared, "type") : declared;
  if (implementor === null || iface === null) return;
  if (iface.type === "type_identifier") {
    const at = startOf(iface);
    x.declNames.add(at);
    x.addReference("implements", identifierAt(x.text, at), null, at).implementor = implementor;
  } else if (iface.type === "qualified_type") {
    const q = QUALIFIED.exec(x.slice(startOf(iface), startOf(iface) + 200));
    if (q === null) return;
    x.addReference("implements", q[2]!, q[1]!, startOf(iface) + q[0].lastIndexOf(q[2]!)).implementor = implementor;
    x.skipTypesUntil = startOf(iface) + q[0].length;
  }
};

export const embedded = (x: Extraction, start: number, kind: "extends"): void => {
  const text = x.slice(start, start + 200).replace(/^\*\s*/, "");
  const offset = x.text.slice(start, start + 200).length - text.length;
  const q = QUALIFIED.exec(text);
  if (q !== null) {
    x.addReference(kind, q[2]!, q[1]!, start + offset + q[0].lastIndexOf(q[2]!));
    x.skipTypesUntil = start + offset + q[0].length;
    return;
  }
  const name = identifierAt(text, 0);
  if (name.length === 0) return;
  x.addReference(kind, name, null, start + offset);
  x.skipTypesUntil = start + offset + name.length;
};
