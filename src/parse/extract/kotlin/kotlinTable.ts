import type { SyntaxNode } from "tree-sitter";
import { writtenType, type Param, type SymbolKind } from "../../../events/index.js";
import { withoutTypeArguments } from "../../../shared/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { blockDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { textOf, type LanguageExtractor } from "../LanguageExtractor.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";

/** Kotlin keeps nothing per file beyond the extraction (its package is `packageName`). */
type KotlinScope = null;

const BRANCHES = new Set(["if_expression", "when_entry", "for_statement", "while_statement", "do_while_statement", "catch_block", "elvis_expression", "&&", "||"]);
const TEST_ANNOTATION = /@(?:[\w.]*\.)?(?:Test|ParameterizedTest|RepeatedTest)\b/;
const ACCESS = /\b(public|private|protected|internal)\b/;
const BUILTIN_TYPES = new Set(["Int", "Long", "Short", "Byte", "Double", "Float", "Boolean", "Char", "String", "Unit", "Any", "Nothing", "List", "MutableList", "Map", "MutableMap", "Set", "MutableSet", "Array"]);

const docAbove = (x: Extraction, start: number): string | null => blockDocAbove(x.text, start);

const childOf = (node: SyntaxNode, type: string): SyntaxNode | null => namedChildrenOf(node).find((c) => c.type === type) ?? null;

const visibilityOf = (modifiers: SyntaxNode | null, x: Extraction): "public" | "private" | "protected" => {
  const m = modifiers !== null ? ACCESS.exec(textOf(x, modifiers)) : null;
  return m === null || m[1] === "internal" ? "public" : (m[1] as "public" | "private" | "protected");
};

/** A type as the resolver reads a binding: `Repo?`, `Repo<T>`, `a.b.Repo` → `Repo`, `Repo`, `a.b.Repo`; builtins and function types give null. */
const bareType = (written: string): string | null => {
  const bare = withoutTypeArguments(oneLine(written, 200)).replace(/\?$/, "").replace(/\s+/g, "");
  if (!/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u.test(bare) || BUILTIN_TYPES.has(bare)) return null;
  return bare;
};

const bindTyped = (x: Extraction, owner: SymbolDraft, name: string, written: string, declared: boolean): void => {
  const bare = bareType(written);
  if (bare !== null) x.bindType(owner, name, writtenType(bare), declared);
};

/** `class`, `data class`, `interface`, `enum class`, `object`: named by their type identifier. */
const classDeclaration: Handler<KotlinScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = childOf(node, "type_identifier");
  if (nameNode === null) return;
  const header = x.slice(ref.start, startOf(nameNode));
  const kind: SymbolKind = /\binterface\s*$/.test(header) ? "Interface" : /\benum\s+class\s*$/.test(header) ? "Enum" : "Class";
  const body = childOf(node, "class_body") ?? childOf(node, "enum_class_body");
  const modifiers = childOf(node, "modifiers");
  const visibility = visibilityOf(modifiers, x);
  const symbol = x.addSymbol({
    kind,
    name: textOf(x, nameNode),
    start: ref.start,
    end: endOf(node),
    signature: x.signature(modifiers !== null ? endOf(modifiers) + 1 : ref.start, body !== null ? startOf(body) : endOf(node)),
    doc: docAbove(x, ref.start),
    exported: visibility === "public",
    visibility,
  });
  x.declNames.add(startOf(nameNode));
  const typeParams = childOf(node, "type_parameters");
  if (typeParams !== null) symbol.typeParams = new Set(namedChildrenOf(typeParams).map((p) => textOf(x, childOf(p, "type_identifier") ?? p)));
  // `val repo: Repo` in the primary constructor: a property typed for `repo.find()`.
  const constructor = childOf(node, "primary_constructor");
  for (const p of constructor !== null ? namedChildrenOf(constructor) : []) {
    if (p.type !== "class_parameter" || childOf(p, "binding_pattern_kind") === null) continue;
    const name = childOf(p, "simple_identifier");
    const type = namedChildrenOf(p).find((c) => c.type === "user_type" || c.type === "nullable_type");
    if (name !== null && type !== undefined) bindTyped(x, symbol, textOf(x, name), textOf(x, type), true);
  }
  // `: Base(), Priced`: a constructor call names the superclass, a bare type an interface.
  for (const spec of namedChildrenOf(node)) {
    if (spec.type !== "delegation_specifier") continue;
    const inner = namedChildrenOf(spec)[0];
    if (inner === undefined) continue;
    const type = inner.type === "constructor_invocation" ? childOf(inner, "user_type") : inner.type === "user_type" ? inner : null;
    if (type === null) continue;
    const text = withoutTypeArguments(textOf(x, type)).replace(/\s+/g, "");
    const cut = text.lastIndexOf(".");
    const relation = kind === "Interface" || inner.type === "constructor_invocation" ? "extends" : "implements";
    x.addReference(relation, text.slice(cut + 1), cut === -1 ? null : text.slice(0, cut), startOf(type) + Math.max(0, textOf(x, type).lastIndexOf(text.slice(cut + 1))), symbol);
  }
};

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    if (p.type !== "parameter") continue;
    const name = childOf(p, "simple_identifier");
    const type = namedChildrenOf(p).find((c) => name === null || startOf(c) !== startOf(name));
    out.push({ name: name !== null ? textOf(x, name) : "", type: type !== undefined ? oneLine(textOf(x, type), 200) : null });
  }
  return out;
};

/**
 * `fun f()`, a method in a class, object or companion object (the companion's belong to the
 * class), `fun Cart.isEmpty()` (an extension: `Cart.isEmpty`, reached through Cart), `@Test fun`.
 */
const functionDeclaration: Handler<KotlinScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = childOf(node, "simple_identifier");
  if (nameNode === null) return;
  const name = textOf(x, nameNode);
  const owner = x.current();
  const inClass = owner !== null && (owner.kind === "Class" || owner.kind === "Interface" || owner.kind === "Enum");
  const modifiers = childOf(node, "modifiers");
  const children = namedChildrenOf(node);
  const nameAt = children.indexOf(children.find((c) => startOf(c) === startOf(nameNode))!);
  const receiver = children.slice(0, nameAt).find((c) => c.type === "user_type" || c.type === "nullable_type");
  // `fun String.shout()`, `fun List<Int>.total()`: the receiver's name, builtins included.
  const receiverType = receiver !== undefined ? withoutTypeArguments(textOf(x, receiver)).replace(/[\s?]+/g, "") || null : null;
  const body = childOf(node, "function_body");
  const params = childOf(node, "function_value_parameters");
  const visibility = visibilityOf(modifiers, x);
  const isTest = modifiers !== null && TEST_ANNOTATION.test(textOf(x, modifiers));
  if (inClass && owner.kind === "Interface" && !owner.members.includes(name)) owner.members.push(name);
  const symbol = x.addSymbol({
    kind: isTest ? "Test" : inClass || receiverType !== null ? "Method" : "Function",
    name,
    ...(receiverType !== null && !inClass ? { qualifiedName: `${receiverType.slice(receiverType.lastIndexOf(".") + 1)}.${name}` } : {}),
    start: ref.start,
    end: endOf(node),
    signature: x.signature(modifiers !== null && !isTest ? ref.start : modifiers !== null ? endOf(modifiers) + 1 : ref.start, body !== null ? startOf(body) : endOf(node)),
    doc: docAbove(x, ref.start),
    exported: visibility === "public",
    visibility,
    params: paramsOf(x, params),
  });
  x.declNames.add(startOf(nameNode));
  const returnType = params !== null ? children.slice(children.indexOf(children.find((c) => startOf(c) === startOf(params))!) + 1).find((c) => c.type === "user_type" || c.type === "nullable_type") : undefined;
  if (returnType !== undefined) {
    symbol.returnsFrom = startOf(returnType);
    symbol.returnsTo = endOf(returnType);
    const bare = bareType(textOf(x, returnType));
    if (bare !== null) symbol.returns.push(bare.slice(bare.lastIndexOf(".") + 1));
  }
};

/** `val x: T`, `val x = T(…)`: a typed property or local; `val f: (Int) -> Unit` in a class: a method holding a function; a top-level `val`: a variable. */
const propertyDeclaration: Handler<KotlinScope> = (ref, x) => {
  const node = ref.node();
  const declaration = childOf(node, "variable_declaration");
  const nameNode = declaration !== null ? childOf(declaration, "simple_identifier") : null;
  if (declaration === null || nameNode === null) return;
  const name = textOf(x, nameNode);
  const owner = x.current();
  const type = namedChildrenOf(declaration).find((c) => startOf(c) !== startOf(nameNode));
  const value = namedChildrenOf(node).find((c) => c.type === "call_expression" || c.type === "lambda_literal");
  const modifiers = childOf(node, "modifiers");
  if (owner !== null && FUNCTION_KINDS.has(owner.kind)) {
    x.addLocal(owner, name);
    if (type !== undefined) bindTyped(x, owner, name, textOf(x, type), true);
    else if (value !== undefined && value.type === "call_expression") {
      const callee = namedChildrenOf(value)[0];
      const text = callee !== undefined ? textOf(x, callee).replace(/\s+/g, "") : "";
      if (/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u.test(text)) x.bindType(owner, name, { _tag: "Returned", callee: text });
    } else x.shadowType(owner, name);
    return;
  }
  const holdsFunction = (type !== undefined && type.type === "function_type") || (value !== undefined && value.type === "lambda_literal");
  if (owner !== null && holdsFunction) {
    const visibility = visibilityOf(modifiers, x);
    x.addSymbol({ kind: "Method", name, start: ref.start, end: endOf(node), signature: x.signature(ref.start, endOf(node)), doc: docAbove(x, ref.start), exported: visibility === "public", visibility });
    return;
  }
  if (owner !== null) {
    if (type !== undefined) bindTyped(x, owner, name, textOf(x, type), true);
    else if (value !== undefined && value.type === "call_expression") {
      const callee = namedChildrenOf(value)[0];
      if (callee !== undefined && callee.type === "simple_identifier" && /^\p{Lu}/u.test(textOf(x, callee))) bindTyped(x, owner, name, textOf(x, callee), false);
    }
    return;
  }
  const visibility = visibilityOf(modifiers, x);
  x.declNames.add(startOf(nameNode));
  x.addSymbol({ kind: "Variable", name, start: ref.start, end: endOf(node), signature: x.signature(ref.start, value !== undefined ? startOf(value) : endOf(node)).replace(/\s*=\s*$/, ""), doc: docAbove(x, ref.start), exported: visibility === "public", visibility });
};

const typeAlias: Handler<KotlinScope> = (ref, x) => {
  const node = ref.node();
  const nameNode = childOf(node, "type_identifier");
  if (nameNode === null) return;
  x.declNames.add(startOf(nameNode));
  x.addSymbol({ kind: "Type", name: textOf(x, nameNode), start: ref.start, end: endOf(node), signature: x.signature(ref.start, endOf(node)), doc: docAbove(x, ref.start), exported: true, visibility: "public" });
};

/** `f(…)`, `a.b.f(…)`, `a?.f(…)`, `Cart(…)` (a constructor: a call of the class), with its number of arguments. */
const callExpression: Handler<KotlinScope> = (ref, x) => {
  const node = ref.node();
  const callee = namedChildrenOf(node)[0];
  const suffix = childOf(node, "call_suffix");
  if (callee === undefined || suffix === null) return;
  const args = childOf(suffix, "value_arguments");
  const arity = (args !== null ? namedChildrenOf(args).length : 0) + (childOf(suffix, "annotated_lambda") !== null ? 1 : 0);
  if (callee.type === "simple_identifier") {
    x.addReference("call", textOf(x, callee), null, startOf(callee)).arity = arity;
    return;
  }
  if (callee.type !== "navigation_expression") return;
  const parts = namedChildrenOf(callee);
  const last = parts[parts.length - 1];
  const nameNode = last !== undefined && last.type === "navigation_suffix" ? childOf(last, "simple_identifier") : null;
  if (nameNode === null || last === undefined) return;
  const qualifier = oneLine(x.slice(startOf(callee), startOf(last)), 120).replace(/\s*\?\.\s*|\s*\.\s*|!!\./g, ".").replace(/!!$/, "");
  if (qualifier.length === 0) return;
  x.addReference("call", textOf(x, nameNode), qualifier, startOf(nameNode)).arity = arity;
};

const packageHeader: Handler<KotlinScope> = (ref, x) => {
  const id = childOf(ref.node(), "identifier");
  if (id !== null) x.packageName = textOf(x, id).replace(/\s+/g, "");
};

/** `import a.b.C`, `import a.b.C as D`, `import a.b.*`. */
const importHeader: Handler<KotlinScope> = (ref, x) => {
  const node = ref.node();
  const id = childOf(node, "identifier");
  if (id === null) return;
  const path = textOf(x, id).replace(/\s+/g, "");
  const line = x.lineOf(ref.start);
  if (childOf(node, "wildcard_import") !== null) {
    x.addImport({ specifier: path, names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line });
    return;
  }
  const alias = childOf(node, "import_alias");
  const aliasName = alias !== null ? namedChildrenOf(alias)[0] : undefined;
  const last = path.slice(path.lastIndexOf(".") + 1);
  x.addImport({ specifier: path, names: [{ name: last, alias: aliasName !== undefined ? textOf(x, aliasName) : null }], kind: "import", typeOnly: false, line });
};

const HANDLERS: Record<string, Handler<KotlinScope>> = {
  package_header: packageHeader,
  import_header: importHeader,
  class_declaration: classDeclaration,
  object_declaration: classDeclaration,
  function_declaration: functionDeclaration,
  property_declaration: propertyDeclaration,
  type_alias: typeAlias,
  call_expression: callExpression,
};

export const kotlinTable: LanguageTable<KotlinScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: () => null,
};

export const makeKotlinExtractor = (path: string): LanguageExtractor => tableExtractor(kotlinTable, path);
