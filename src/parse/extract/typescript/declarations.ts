/**
 * Declarations for the TypeScript extractor: functions, classes, interfaces, enums, type
 * aliases, namespaces, class members and module-level variables (with the methods an object
 * literal they hold declares).
 */
import type { SyntaxNode } from "tree-sitter";
import { writtenType, type SymbolKind } from "../../../events/index.js";
import { endOf, firstNamedChildOf, namedChildrenOf, parentOf, startOf } from "../../collectNodes.js";
import { blockDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, type Extraction, type NewSymbol, type SymbolDraft } from "../Extraction.js";
import { field, textOf } from "../LanguageExtractor.js";
import {
  assignmentChain,
  compact,
  FUNCTION_VALUES,
  inNamespaceBody,
  isRequire,
  memberVisibility,
  paramsOf,
  placementOf,
  typeText,
  type Placement,
  type TsFile,
} from "./syntax.js";
import { bindDeclaredLocals, bindModuleVariable, typeFromJsDoc, valueType } from "./typeBinding.js";

/**
 * A function or method symbol: its header (`header` up to the body) is the signature, `fn`'s
 * parameters and return type are its own, `scope` is the range it spans.
 */
export const addFunction = (
  file: TsFile,
  x: Extraction,
  kind: SymbolKind,
  name: string,
  nameNode: SyntaxNode | null,
  header: SyntaxNode,
  fn: SyntaxNode,
  scope: SyntaxNode,
  place: Placement,
  visibility: SymbolDraft["visibility"] = null,
  placed: Pick<NewSymbol, "qualifiedName" | "parent"> = {},
): SymbolDraft => {
  const body = field(fn, "body");
  const paramsNode = field(fn, "parameters") ?? field(fn, "parameter");
  const headerEnd = body !== null ? startOf(body) : endOf(fn);
  const beforeParams = x.slice(startOf(fn), paramsNode !== null ? startOf(paramsNode) : headerEnd);
  if (nameNode !== null) x.declNames.add(startOf(nameNode));
  const symbol = x.addSymbol({
    kind,
    name,
    start: startOf(scope),
    end: endOf(scope),
    signature: x.signature(startOf(header), headerEnd).replace(/\s*(;|=>)$/, ""),
    doc: blockDocAbove(x.text, startOf(place.outer)),
    exported: place.exported,
    visibility,
    async: /(^|\s)async\b/.test(beforeParams),
    params: paramsOf(x, paramsNode),
    ...placed,
  });
  const returnType = field(fn, "return_type");
  if (returnType !== null) {
    symbol.returnsFrom = startOf(returnType);
    symbol.returnsTo = endOf(returnType);
  }
  if (file.javaScript && symbol.doc !== null) typeFromJsDoc(symbol, symbol.doc);
  symbol.ownFunction = startOf(fn);
  // `() => new T()`: the body is what it returns.
  if (returnType === null && fn.type === "arrow_function" && body !== null && body.type !== "statement_block") {
    const type = valueType(x, symbol, body);
    if (type !== false) x.bindReturn(symbol, type);
  }
  return symbol;
};

/** A class, interface or enum declaration. */
export const addTypeLike = (x: Extraction, node: SyntaxNode, kind: SymbolKind): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const place = placementOf(node);
  const body = field(node, "body");
  x.declNames.add(startOf(nameNode));
  x.addSymbol({
    kind,
    name: textOf(x, nameNode),
    start: startOf(node),
    end: endOf(node),
    signature: x.signature(startOf(node), body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, ""),
    doc: blockDocAbove(x.text, startOf(place.outer)),
    exported: place.exported,
  });
};

/** A method of a class, or one an interface declares (also listed in its `members`). */
export const visitMethod = (file: TsFile, x: Extraction, node: SyntaxNode, type: string): void => {
  const owner = x.current();
  const nameNode = field(node, "name");
  if (owner === null || nameNode === null) return;
  const name = textOf(x, nameNode);
  if (owner.kind === "Interface") {
    if (!owner.members.includes(name)) owner.members.push(name);
    // A method an interface declares is what a call through a receiver of that type reaches
    // (`schema.parse()` with `schema: ZodType`), and what "who calls this" asks about.
    if (type === "method_signature") {
      addFunction(file, x, "Method", name, nameNode, node, node, node, { outer: node, exported: false, topLevel: false }, "public");
    }
    return;
  }
  if (owner.kind !== "Class" || type === "method_signature" && parentOf(node)?.type !== "class_body") return;
  addFunction(file, x, "Method", name, nameNode, node, node, node, { outer: node, exported: false, topLevel: false }, memberVisibility(x, node, nameNode, name));
};

/**
 * `namespace X { … }` (or `module X`) at the top or inside another namespace: a symbol whose
 * declarations are its members (`X.f()`). `declare module "pkg"` describes another package: not ours.
 */
export const visitNamespace = (x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  if (nameNode === null || nameNode.type === "string") return;
  const owner = x.current();
  if (owner !== null && owner.kind !== "Namespace") return;
  // A namespace that is not exported sits in an expression statement.
  const statement = parentOf(node);
  const place = placementOf(statement !== null && statement.type === "expression_statement" ? statement : node);
  const body = field(node, "body");
  x.declNames.add(startOf(nameNode));
  x.addSymbol({
    kind: "Namespace",
    name: compact(textOf(x, nameNode)),
    start: startOf(node),
    end: endOf(node),
    signature: x.signature(startOf(place.outer), body !== null ? startOf(body) : endOf(node)),
    doc: blockDocAbove(x.text, startOf(place.outer)),
    exported: place.exported,
  });
};

/**
 * A class field whose value is a function: a method whose header is the field's. Annotated with
 * a function type (`fetch: (req: Request) => Response = (request) => …`), the function takes its
 * parameters' types and its return type from the annotation where it writes none itself.
 */
export const visitArrowMethod = (file: TsFile, x: Extraction, node: SyntaxNode, nameNode: SyntaxNode, fn: SyntaxNode): void => {
  const name = textOf(x, nameNode);
  const method = addFunction(file, x, "Method", name, nameNode, node, fn, node, { outer: node, exported: false, topLevel: false }, memberVisibility(x, node, nameNode, name));
  const declared = functionTypeOf(field(node, "type"));
  if (declared === null) return;
  const returnType = field(declared, "return_type");
  if (method.returnsFrom < 0 && returnType !== null) {
    method.returnsFrom = startOf(returnType);
    method.returnsTo = endOf(returnType);
  }
  const ownParams = field(fn, "parameters");
  const declaredParams = field(declared, "parameters");
  if (ownParams === null || declaredParams === null) return;
  const written = namedChildrenOf(declaredParams).filter((p) => p.type !== "comment");
  namedChildrenOf(ownParams)
    .filter((p) => p.type !== "comment")
    .forEach((own, index) => {
      const param = method.params[index];
      const counterpart = written[index];
      if (param === undefined || param.type !== null || counterpart === undefined || !plainParameter(own) || !plainParameter(counterpart)) return;
      method.params[index] = { name: param.name, type: typeText(x, field(counterpart, "type")) };
    });
};

/** The function type an annotation writes (`: (a: A) => R`, parenthesised or not), else null. */
const functionTypeOf = (annotation: SyntaxNode | null): SyntaxNode | null => {
  let type = annotation !== null ? firstNamedChildOf(annotation) : null;
  while (type !== null && type.type === "parenthesized_type") type = firstNamedChildOf(type);
  return type !== null && type.type === "function_type" ? type : null;
};

/** A parameter that binds one name, not a rest parameter or a pattern (whose places do not line up). */
const plainParameter = (param: SyntaxNode): boolean => {
  if (param.type === "identifier") return true;
  if (param.type !== "required_parameter" && param.type !== "optional_parameter") return false;
  return field(param, "pattern")?.type === "identifier";
};

/**
 * A class field (`private auth: Auth`, `auth = new Auth()`) or an interface property
 * (`auth: Auth`): typed by its annotation or value.
 */
export const visitField = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  const nameNode = field(node, "name") ?? field(node, "property");
  if (owner === null || nameNode === null) return;
  if (owner.kind !== (node.type === "property_signature" ? "Interface" : "Class")) return;
  if (nameNode.type !== "property_identifier" && nameNode.type !== "private_property_identifier") return;
  const value = field(node, "value");
  const annotation = typeText(x, field(node, "type"));
  if (owner.kind === "Class" && value !== null && FUNCTION_VALUES.has(value.type)) {
    // `static create = (…): T => …`, `onClick = () => …` and `fetch: Handler = (req) => …` are
    // methods to their callers (`ZodString.create()`, `this.onClick()`, `app.fetch()`), and the
    // calls in their bodies are theirs.
    visitArrowMethod(file, x, node, nameNode, value);
    return;
  }
  const type = annotation !== null ? writtenType(annotation) : valueType(x, owner, value);
  if (type !== false) x.bindType(owner, textOf(x, nameNode), type, annotation !== null);
};

/**
 * `const a = …, b = …` / `let` / `var`: at module level (or directly in a namespace) each
 * declarator becomes a function, class or variable symbol; inside a function its names are
 * locals (`bindDeclaredLocals`); inside any other symbol nothing.
 */
export const visitDeclaration = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  if (owner !== null && !(owner.kind === "Namespace" && inNamespaceBody(node))) {
    if (FUNCTION_KINDS.has(owner.kind)) bindDeclaredLocals(x, owner, node);
    return;
  }
  const place = placementOf(node);
  if (owner === null && !place.topLevel) return;
  let first = true;
  for (const declarator of namedChildrenOf(node)) {
    if (declarator.type !== "variable_declarator") continue;
    const nameNode = field(declarator, "name");
    if (nameNode === null || nameNode.type !== "identifier") continue;
    const name = textOf(x, nameNode);
    const value = field(declarator, "value");
    const header = first ? node : declarator;
    first = false;
    // `const x = require('./m')` binds a module, like an import: the import records it.
    if (value !== null && isRequire(x, value)) continue;
    // `var app = exports = module.exports = {}`: the module exports `app` as a whole.
    if (value !== null && value.type === "assignment_expression" && assignmentChain(x, value).targets.includes("module.exports")) {
      x.exportsWhole = name;
    }
    if (value !== null && FUNCTION_VALUES.has(value.type)) {
      addFunction(file, x, "Function", name, nameNode, header, value, declarator, place);
      continue;
    }
    x.declNames.add(startOf(nameNode));
    const isClass = value !== null && value.type === "class";
    const body = isClass ? field(value, "body") : null;
    const symbol = x.addSymbol({
      kind: isClass ? "Class" : "Variable",
      name,
      start: startOf(declarator),
      end: endOf(declarator),
      signature: x.signature(startOf(header), body !== null ? startOf(body) : endOf(declarator)),
      doc: blockDocAbove(x.text, startOf(place.outer)),
      exported: place.exported,
    });
    if (!isClass) bindModuleVariable(x, symbol, node, declarator, value);
    if (value !== null) addObjectMethods(file, x, symbol, value);
  }
};

/**
 * `const api = { get(id) {…}, post: (x) => … }`: the functions an object literal holds are
 * methods of the variable (`api.get()` reaches them; the calls in their bodies are theirs).
 */
export const addObjectMethods = (file: TsFile, x: Extraction, owner: SymbolDraft, value: SyntaxNode): void => {
  let object: SyntaxNode | null = value;
  // `{…} as const`, `{…} satisfies Api`, `({…})`.
  while (object !== null && (object.type === "as_expression" || object.type === "satisfies_expression" || object.type === "parenthesized_expression")) {
    object = firstNamedChildOf(object);
  }
  if (object === null || object.type !== "object") return;
  const place = { exported: false, topLevel: false };
  for (const part of namedChildrenOf(object)) {
    if (part.type === "method_definition") {
      const key = field(part, "name");
      if (key === null || key.type !== "property_identifier") continue;
      addFunction(file, x, "Method", textOf(x, key), key, part, part, part, { outer: part, ...place }, "public", { parent: owner });
    } else if (part.type === "pair") {
      const key = field(part, "key");
      const fn = field(part, "value");
      if (key === null || fn === null || key.type !== "property_identifier" || !FUNCTION_VALUES.has(fn.type)) continue;
      addFunction(file, x, "Method", textOf(x, key), key, part, fn, part, { outer: part, ...place }, "public", { parent: owner });
    }
  }
};

/** `<T>`: a name that is not a reference, and a type parameter of the symbol it belongs to. */
export const visitTypeParameter = (x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  const owner = x.current();
  if (nameNode === null) return;
  x.declNames.add(startOf(nameNode));
  if (owner !== null) (owner.typeParams ??= new Set()).add(textOf(x, nameNode));
};

/** `function f() {}`, `function* g() {}` and an overload signature `function f(): T;`. */
export const visitFunctionDeclaration = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const place = placementOf(node);
  addFunction(file, x, "Function", textOf(x, nameNode), nameNode, node, node, node, place);
};

/** `type A<T> = …`: its whole text is its signature (the resolver reads an alias of one type through it). */
export const visitTypeAlias = (x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const place = placementOf(node);
  x.declNames.add(startOf(nameNode));
  x.addSymbol({
    kind: "Type",
    name: textOf(x, nameNode),
    start: startOf(node),
    end: endOf(node),
    signature: x.signature(startOf(node), endOf(node)).replace(/\s*;$/, ""),
    doc: blockDocAbove(x.text, startOf(place.outer)),
    exported: place.exported,
  });
};
