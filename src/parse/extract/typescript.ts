import type { SyntaxNode } from "tree-sitter";
import type { ImportedName, Param, Reference, SymbolKind } from "../../events/types/parse.js";
import { childrenOf, endOf, firstNamedChildOf, namedChildrenOf, parentOf, startOf } from "../collectNodes.js";
import { blockDocAbove } from "./docComments.js";
import { elementTypeOf } from "./elementType.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type Mutable, type NewSymbol, type SymbolDraft } from "./Extraction.js";
import { jsDocParams, jsDocReturn } from "./jsDocTypes.js";
import { field, identifierAt, textOf, typeNameAt, unquote, type LanguageExtractor } from "./LanguageExtractor.js";

const BRANCHES = new Set([
  "if_statement",
  "for_statement",
  "for_in_statement",
  "while_statement",
  "do_statement",
  "switch_case",
  "catch_clause",
  "ternary_expression",
  "&&",
  "||",
  "??",
]);

const INTEREST = [
  "function_declaration",
  "generator_function_declaration",
  "function_signature",
  "class_declaration",
  "abstract_class_declaration",
  "method_definition",
  "method_signature",
  "abstract_method_signature",
  "interface_declaration",
  "type_alias_declaration",
  "enum_declaration",
  "lexical_declaration",
  "variable_declaration",
  "export_statement",
  "expression_statement",
  "import_statement",
  "call_expression",
  "new_expression",
  "class_heritage",
  "extends_clause",
  "implements_clause",
  "extends_type_clause",
  "type_identifier",
  "nested_type_identifier",
  "type_parameter",
  "internal_module",
  "module",
  "jsx_opening_element",
  "jsx_self_closing_element",
  // Names bound inside a function by something other than a declaration: the parameters of
  // the arrows and function expressions in its body, a catch parameter, a for-in/of variable.
  "arrow_function",
  "function_expression",
  "function",
  "generator_function",
  "catch_clause",
  "for_in_statement",
  // What a function without a written return type gives (`return new T()`, `return this`).
  "return_statement",
  // Class fields and interface properties: their declared type or constructed class types
  // `this.field.m()` / `deps.field.m()`.
  "public_field_definition",
  "field_definition",
  "property_signature",
];

/** What a binding tells of its name's type: a type expression, unknown (null), or nothing (`= null`, no value). */
type BoundType = string | null | false;

const DOTTED_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*(?:\.[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)*$/u;

/** Longest call chain kept as a binding's type (the resolver follows it link by link). */
const CHAIN_MAX = 120;

/** Beyond this many arguments a call's function arguments are not typed by it (see callbackOf). */
const CALLBACK_ARGUMENTS_MAX = 64;

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
const writtenCallee = (call: SyntaxNode): { readonly callee: SyntaxNode | null; readonly operated: boolean } => {
  let callee = field(call, "function");
  let operated = false;
  for (let depth = 0; callee !== null && MISREAD_PREFIXES.has(callee.type) && depth < MISREAD_PREFIXES_MAX; depth++) {
    if (callee.type === "unary_expression") operated = true;
    callee = callee.type === "await_expression" ? firstNamedChildOf(callee) : field(callee, "argument");
  }
  return { callee, operated };
};

const calleeOf = (call: SyntaxNode): SyntaxNode | null => writtenCallee(call).callee;

/**
 * The prefix operators (`await `, `!`, `typeof `…) a callee's text starts with: only a chain
 * whose innermost call was misread (`await f<T>(x).then` is `await (f<T>(x).then(…))`)
 * starts with one, since a member expression never does.
 */
const MISREAD_PREFIX_TEXT = /(?:(?:await|void|typeof|delete)\s+|[!~+-]\s*)+/y;

/** Length of the misread prefix operators at `start` (0 when none). */
const misreadPrefixAt = (text: string, start: number): number => {
  MISREAD_PREFIX_TEXT.lastIndex = start;
  return MISREAD_PREFIX_TEXT.exec(text)?.[0].length ?? 0;
};

/**
 * A callee as a chain of names and calls with the arguments left out: `z.string().min` for
 * `z.string().min(5, "x")`, `this.repo.find`; null for anything else (an index, a literal).
 */
const calleeChain = (x: Extraction, node: SyntaxNode, depth: number): string | null => {
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

/**
 * The type a value gives the name it is bound to: the class `new T(…)` constructs, the call
 * `f(…)` / `a.b.f(…)` (written `f()`: the resolver takes f's declared return type), or the
 * annotation of the parameter it copies (`this.auth = auth`); `null`/`undefined` say nothing.
 */
const valueType = (x: Extraction, owner: SymbolDraft, value: SyntaxNode | null, awaited = false): BoundType => {
  if (value === null) return false;
  switch (value.type) {
    case "await_expression":
      return awaited ? null : valueType(x, owner, firstNamedChildOf(value), true);
    case "call_expression": {
      const { callee, operated } = writtenCallee(value);
      if (operated) return null;
      // `f()()` calls what f returns: a function, whose own return type is not known here.
      const chain = callee !== null && callee.type !== "call_expression" ? calleeChain(x, callee, 0) : null;
      return chain !== null ? `${chain}()` : null;
    }
    case "null":
    case "undefined":
      return false;
    case "this":
      return "this";
    case "new_expression": {
      const ctor = field(value, "constructor");
      const text = ctor !== null ? textOf(x, ctor) : "";
      return DOTTED_NAME.test(text) ? text : null;
    }
    case "identifier": {
      const name = textOf(x, value);
      return owner.params.find((p) => p.name === name)?.type ?? null;
    }
    default:
      return null;
  }
};

/**
 * `[a, , b]`: each plain name at its place in the tuple (holes count, `""` for a place that binds
 * no plain name); null for anything but an array pattern.
 */
const unpackedNames = (x: Extraction, target: SyntaxNode): string[] | null => {
  if (target.type !== "array_pattern") return null;
  const places = [""];
  for (const part of childrenOf(target)) {
    if (part.type === ",") places.push("");
    else if (part.type === "identifier") places[places.length - 1] = textOf(x, part);
  }
  return places;
};

/** Names a declaration target binds: `a`, `{ a, b: c, ...d }`, `[a, , b = 1]`. */
const boundNames = (x: Extraction, target: SyntaxNode): string[] => {
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
const compact = (text: string): string => text.replace(/\s+/g, "");

/** `foo` for `exports.foo` / `module.exports.foo`, else null. */
const exportedProperty = (target: string): string | null => {
  const m = /^(?:module\.)?exports\.([\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)$/u.exec(target);
  return m !== null ? m[1]! : null;
};

const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "function", "generator_function"]);
/** Nodes that are functions: a `return` belongs to the nearest one around it. */
const FUNCTION_NODES = new Set([...FUNCTION_VALUES, "function_declaration", "generator_function_declaration", "method_definition"]);
const TEST_CALLEES = new Set(["describe", "it", "test", "suite", "context", "specify", "bench"]);
const TEST_PATH = /(^|[\\/])(__tests__|tests?|specs?)[\\/]|\.(test|spec)\.[cm]?[jt]sx?$/;

export const isTestPath = (path: string): boolean => TEST_PATH.test(path);

const TRAILING_NAME = /([\p{ID_Continue}$#\u200c\u200d]+)\s*$/u;

/**
 * `this.auth.login` → name `login`, qualifier `this.auth`; read from the member expression's
 * text so no further tree navigation is needed. Null when it does not end in a plain name.
 */
export const splitCallee = (text: string): { name: string; qualifier: string | null; nameOffset: number } | null => {
  const m = TRAILING_NAME.exec(text);
  if (m === null) return null;
  const name = m[1]!;
  const nameOffset = m.index;
  let i = nameOffset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== ".") return { name, qualifier: null, nameOffset };
  i--;
  if (text[i] === "?") i--;
  const qualifier = text.slice(0, i + 1).trim();
  return { name, qualifier: qualifier.length > 0 ? qualifier : null, nameOffset };
};

interface Placement {
  /** The node that carries leading comments (the `export` statement when exported). */
  outer: SyntaxNode;
  exported: boolean;
  /** Directly in the program (possibly through `export` / `declare`). */
  topLevel: boolean;
}

/** Directly in a namespace's body (through `export` or not), not in a block nested in it. */
const inNamespaceBody = (node: SyntaxNode): boolean => {
  let parent = parentOf(node);
  if (parent !== null && parent.type === "export_statement") parent = parentOf(parent);
  const owner = parent !== null && parent.type === "statement_block" ? parentOf(parent) : null;
  return owner !== null && (owner.type === "internal_module" || owner.type === "module");
};

const placementOf = (node: SyntaxNode): Placement => {
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
const memberVisibility = (x: Extraction, node: SyntaxNode, nameNode: SyntaxNode, name: string): "private" | "protected" | "public" => {
  const access = /\b(private|protected|public)\b/.exec(x.slice(startOf(node), startOf(nameNode)));
  return access !== null ? (access[1] as "private" | "protected" | "public") : name.startsWith("#") ? "private" : "public";
};

const typeText = (x: Extraction, annotation: SyntaxNode | null): string | null => {
  if (annotation === null) return null;
  const raw = textOf(x, annotation).replace(/^\s*[:?]\s*/, "");
  return raw.length > 0 ? oneLine(raw, 200) : null;
};

const paramsOf = (x: Extraction, params: SyntaxNode | null): Param[] => {
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

/**
 * A JavaScript function's JSDoc types where nothing else is written: `@param {T} name` types
 * the parameter, `@returns {T}` the result (the TypeScript checker reads a JS file so).
 */
const typeFromJsDoc = (symbol: SymbolDraft, doc: string): void => {
  if (!doc.includes("@")) return;
  const params = jsDocParams(doc);
  if (params.size > 0) symbol.params = symbol.params.map((p) => (p.type === null && params.has(p.name) ? { name: p.name, type: params.get(p.name)! } : p));
  if (symbol.returnsFrom < 0) symbol.docReturnType = jsDocReturn(doc);
};

/** Creates a per-file extractor for TypeScript, TSX and JavaScript (JSX included). */
export const makeTypeScriptExtractor = (path: string): LanguageExtractor => {
  const testFile = isTestPath(path);
  const javaScript = /\.(?:js|jsx|mjs|cjs)$/i.test(path);
  /** Local names exported by `export { a, b as c }` or `export default a`. */
  const exportedNames = new Set<string>();

  const addFunction = (
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
    if (javaScript && symbol.doc !== null) typeFromJsDoc(symbol, symbol.doc);
    symbol.ownFunction = startOf(fn);
    // `() => new T()`: the body is what it returns.
    if (returnType === null && fn.type === "arrow_function" && body !== null && body.type !== "statement_block") {
      const type = valueType(x, symbol, body);
      if (type !== false) x.bindReturn(symbol, type);
    }
    return symbol;
  };

  /** A `return` of the symbol's own function (not of a callback inside it) tells what it gives. */
  const visitReturn = (x: Extraction, node: SyntaxNode): void => {
    const owner = x.current();
    if (owner === null || owner.ownFunction < 0 || owner.returnsFrom >= 0) return;
    let fn = parentOf(node);
    while (fn !== null && !FUNCTION_NODES.has(fn.type)) fn = parentOf(fn);
    if (fn === null || startOf(fn) !== owner.ownFunction) return;
    const value = firstNamedChildOf(node);
    if (value !== null && value.type === "identifier") return x.returnName(owner, textOf(x, value));
    const type = value !== null ? valueType(x, owner, value) : false;
    if (type !== false) x.bindReturn(owner, type);
  };

  const addTypeLike = (x: Extraction, node: SyntaxNode, kind: SymbolKind): void => {
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

  const visitMethod = (x: Extraction, node: SyntaxNode, type: string): void => {
    const owner = x.current();
    const nameNode = field(node, "name");
    if (owner === null || nameNode === null) return;
    const name = textOf(x, nameNode);
    if (owner.kind === "Interface") {
      if (!owner.members.includes(name)) owner.members.push(name);
      // A method an interface declares is what a call through a receiver of that type reaches
      // (`schema.parse()` with `schema: ZodType`), and what "who calls this" asks about.
      if (type === "method_signature") {
        addFunction(x, "Method", name, nameNode, node, node, node, { outer: node, exported: false, topLevel: false }, "public");
      }
      return;
    }
    if (owner.kind !== "Class" || type === "method_signature" && parentOf(node)?.type !== "class_body") return;
    addFunction(x, "Method", name, nameNode, node, node, node, { outer: node, exported: false, topLevel: false }, memberVisibility(x, node, nameNode, name));
  };

  /**
   * `namespace X { … }` (or `module X`) at the top or inside another namespace: a symbol whose
   * declarations are its members (`X.f()`). `declare module "pkg"` describes another package: not ours.
   */
  const visitNamespace = (x: Extraction, node: SyntaxNode): void => {
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

  /** A class field whose value is a function: a method whose header is the field's. */
  const visitArrowMethod = (x: Extraction, node: SyntaxNode, nameNode: SyntaxNode, fn: SyntaxNode): void => {
    const name = textOf(x, nameNode);
    addFunction(x, "Method", name, nameNode, node, fn, node, { outer: node, exported: false, topLevel: false }, memberVisibility(x, node, nameNode, name));
  };

  /**
   * The names `target` binds become locals of the function being visited (see `visitDeclaration`);
   * a lone name is given `type`, names in a pattern an unknown type.
   */
  const bindLocals = (x: Extraction, target: SyntaxNode | null, type: BoundType = null, declared = false): void => {
    const owner = x.current();
    if (owner === null || target === null || !FUNCTION_KINDS.has(owner.kind)) return;
    const lone = target.type === "identifier";
    // Its own parameters hide outer names already (an arrow that is the symbol's value lists them again).
    for (const name of boundNames(x, target)) {
      if (owner.params.some((p) => p.name === name)) continue;
      x.addLocal(owner, name);
      if (type !== false) x.bindType(owner, name, lone ? type : null, declared && lone);
    }
  };

  /**
   * What `for (const x of <iterable>)` binds x to, when the iterable is a parameter, an
   * annotated local or a `this` field declared with a collection type (`items: Item[]`).
   */
  const iteratedType = (x: Extraction, iterable: SyntaxNode): BoundType => {
    const owner = x.current();
    if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return null;
    let declared: string | null = null;
    if (iterable.type === "identifier") declared = x.declaredTypeIn(owner, textOf(x, iterable));
    else if (iterable.type === "member_expression") {
      const found = thisField(x, owner, iterable);
      if (found !== null) declared = x.declaredTypeIn(found.cls, found.name);
    }
    return declared !== null ? elementTypeOf(declared) : null;
  };

  /** `this.x` in a method: the method's class and the field's name. */
  const thisField = (x: Extraction, owner: SymbolDraft, member: SyntaxNode): { cls: SymbolDraft; name: string } | null => {
    const object = field(member, "object");
    const property = field(member, "property");
    if (object === null || object.type !== "this" || property === null) return null;
    const cls = x.classOfMethod(owner);
    return cls !== null ? { cls, name: textOf(x, property) } : null;
  };

  /**
   * A class field (`private auth: Auth`, `auth = new Auth()`) or an interface property
   * (`auth: Auth`): typed by its annotation or value.
   */
  const visitField = (x: Extraction, node: SyntaxNode): void => {
    const owner = x.current();
    const nameNode = field(node, "name") ?? field(node, "property");
    if (owner === null || nameNode === null) return;
    if (owner.kind !== (node.type === "property_signature" ? "Interface" : "Class")) return;
    if (nameNode.type !== "property_identifier" && nameNode.type !== "private_property_identifier") return;
    const value = field(node, "value");
    const annotation = typeText(x, field(node, "type"));
    if (owner.kind === "Class" && annotation === null && value !== null && FUNCTION_VALUES.has(value.type)) {
      // `static create = (…): T => …` and `onClick = () => …` are methods to their callers
      // (`ZodString.create()`, `this.onClick()`), and the calls in their bodies are theirs.
      visitArrowMethod(x, node, nameNode, value);
      return;
    }
    const type = annotation ?? valueType(x, owner, value);
    if (type !== false) x.bindType(owner, textOf(x, nameNode), type, annotation !== null);
  };

  /** `this.x = …` in a method types a field of its class; `x = …` a local declared before. */
  const visitAssignmentIn = (x: Extraction, owner: SymbolDraft, node: SyntaxNode): void => {
    const expr = firstNamedChildOf(node);
    if (expr === null || expr.type !== "assignment_expression") return;
    const left = field(expr, "left");
    if (left === null) return;
    if (left.type === "identifier") {
      const name = textOf(x, left);
      if (owner.locals.includes(name)) {
        const type = valueType(x, owner, field(expr, "right"));
        if (type !== false) x.bindType(owner, name, type);
      }
      return;
    }
    if (left.type !== "member_expression") return;
    const found = thisField(x, owner, left);
    if (found === null || inCallback(startOf(node))) return;
    const type = valueType(x, owner, field(expr, "right"));
    if (type !== false) x.bindType(found.cls, found.name, type);
  };

  /** Parameters of an arrow or function expression inside a function: locals of that function. */
  const visitInnerFunction = (x: Extraction, node: SyntaxNode): void => {
    const owner = x.current();
    if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
    if (owner.kind === "Method" && node.type !== "arrow_function" && parentOf(node)?.type === "arguments") {
      inCallback(startOf(node));
      callbackEnds.push(endOf(node));
    }
    // An unannotated parameter of a callback takes the type the callee declares for it. Looked
    // up only for a plain name (most functions here take none, and each look is native calls).
    let callback: string | null | undefined;
    const contextual = (target: SyntaxNode | null, index: number): string | null => {
      if (target === null || target.type !== "identifier") return null;
      if (callback === undefined) callback = callbackOf(x, node);
      return callback !== null ? `${callback} ${index}` : null;
    };
    const single = field(node, "parameter");
    if (single !== null) return bindLocals(x, single, contextual(single, 0));
    const list = field(node, "parameters");
    if (list === null) return;
    namedChildrenOf(list).forEach((p, index) => {
      const typed = p.type === "required_parameter" || p.type === "optional_parameter";
      const annotation = typed ? typeText(x, field(p, "type")) : null;
      const target = typed ? field(p, "pattern") : p;
      bindLocals(x, target, annotation ?? contextual(target, index), annotation !== null);
    });
  };

  /**
   * A function passed as an argument, as its parameters' typed bindings name it: `callback
   * <argument index> of <callee> param` (`schema.superRefine((val, ctx) => …)` types ctx
   * `callback 0 of schema.superRefine param 1`); null for a function passed nowhere.
   */
  const callbackOf = (x: Extraction, node: SyntaxNode): string | null => {
    const list = parentOf(node);
    const call = list !== null && list.type === "arguments" ? parentOf(list) : null;
    const callee = call !== null && call.type === "call_expression" ? calleeOf(call) : null;
    const chain = callee !== null ? calleeChain(x, callee, 0) : null;
    if (list === null || chain === null) return null;
    const args = namedChildrenOf(list);
    // A generated call with thousands of function arguments would cost a scan per function.
    if (args.length > CALLBACK_ARGUMENTS_MAX) return null;
    const index = args.filter((a) => a.type !== "comment").findIndex((a) => startOf(a) === startOf(node));
    return index === -1 ? null : `callback ${index} of ${chain} param`;
  };

  const visitDeclaration = (x: Extraction, node: SyntaxNode): void => {
    // Inside any symbol a declaration is a local; only module-level ones become symbols.
    // A function's locals are kept by name: they hide imports and module-level names.
    const owner = x.current();
    if (owner !== null && !(owner.kind === "Namespace" && inNamespaceBody(node))) {
      if (!FUNCTION_KINDS.has(owner.kind)) return;
      for (const declarator of namedChildrenOf(node)) {
        const target = declarator.type === "variable_declarator" ? field(declarator, "name") : null;
        if (target === null) continue;
        const annotation = typeText(x, field(declarator, "type"));
        const type = annotation ?? valueType(x, owner, field(declarator, "value"));
        const lone = target.type === "identifier";
        const unpacked = annotation === null && typeof type === "string" && type.endsWith("()") ? unpackedNames(x, target) : null;
        for (const name of boundNames(x, target)) {
          x.addLocal(owner, name);
          // `const [a, b] = f()`: each name is element i of the tuple f returns (`f()[i]`).
          const element = unpacked?.indexOf(name) ?? -1;
          if (element !== -1) x.bindType(owner, name, `${type as string}[${element}]`);
          else if (type !== false) x.bindType(owner, name, lone ? type : null, lone && annotation !== null);
        }
      }
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
        addFunction(x, "Function", name, nameNode, header, value, declarator, place);
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
      if (value !== null) addObjectMethods(x, symbol, value);
    }
  };

  /**
   * `const api = { get(id) {…}, post: (x) => … }`: the functions an object literal holds are
   * methods of the variable (`api.get()` reaches them; the calls in their bodies are theirs).
   */
  const addObjectMethods = (x: Extraction, owner: SymbolDraft, value: SyntaxNode): void => {
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
        addFunction(x, "Method", textOf(x, key), key, part, part, part, { outer: part, ...place }, "public", { parent: owner });
      } else if (part.type === "pair") {
        const key = field(part, "key");
        const fn = field(part, "value");
        if (key === null || fn === null || key.type !== "property_identifier" || !FUNCTION_VALUES.has(fn.type)) continue;
        addFunction(x, "Method", textOf(x, key), key, part, fn, part, { outer: part, ...place }, "public", { parent: owner });
      }
    }
  };

  /**
   * What a module-level variable holds, recorded as its own typed name: the annotation, the
   * class `new` names, the call it is the result of (`z.string().min()`), or `typeof X` for the
   * name it copies (`const stringType = ZodString.create`: calling it calls ZodString.create).
   * Only `const` (or an annotation) says it for good: a `let` may be reassigned anywhere.
   */
  const bindModuleVariable = (x: Extraction, symbol: SymbolDraft, node: SyntaxNode, declarator: SyntaxNode, value: SyntaxNode | null): void => {
    const annotation = typeText(x, field(declarator, "type"));
    if (annotation !== null) return x.bindType(symbol, symbol.name, annotation, true);
    if (value === null || !/^\s*const\b/.test(x.slice(startOf(node), startOf(declarator)))) return;
    if (value.type === "identifier" || value.type === "member_expression") {
      const text = textOf(x, value);
      if (DOTTED_NAME.test(text)) x.bindType(symbol, symbol.name, `typeof ${text}`, true);
      return;
    }
    const type = valueType(x, symbol, value);
    if (type !== false && type !== null) x.bindType(symbol, symbol.name, type, true);
  };

  const requireNames = (x: Extraction, call: SyntaxNode): { names: ImportedName[]; kind: "require" | "reexport" } => {
    const parent = parentOf(call);
    if (parent !== null && parent.type === "assignment_expression" && field(parent, "right")?.id === call.id) {
      // `module.exports = require('./m')` takes m's exports whole; `exports.a = require('./a')`
      // re-exports module a under the name `a`.
      const left = field(parent, "left");
      const target = left !== null ? compact(textOf(x, left)) : "";
      if (target === "module.exports") {
        x.exportsWhole = "module.exports";
        return { names: [{ name: "*", alias: "module.exports" }], kind: "require" };
      }
      const name = exportedProperty(target);
      if (name !== null && parentOf(parent)?.type === "expression_statement" && x.current() === null) {
        return { names: [{ name: "*", alias: name }], kind: "reexport" };
      }
      return { names: [], kind: "require" };
    }
    return { names: plainRequireNames(x, call), kind: "require" };
  };

  const plainRequireNames = (x: Extraction, call: SyntaxNode): ImportedName[] => {
    const parent = parentOf(call);
    if (parent === null) return [];
    if (parent.type === "member_expression") {
      // `const b = require('./m').a` binds `b` to m's `a`.
      const property = field(parent, "property");
      if (property === null) return [];
      const name = textOf(x, property);
      // Anywhere else (`require('./m').a.b`, `f(require('./m').a)`) it binds no name.
      const declarator = parentOf(parent);
      const target = declarator !== null && declarator.type === "variable_declarator" ? field(declarator, "name") : null;
      if (target === null || target.type !== "identifier") return [];
      const local = textOf(x, target);
      return [{ name, alias: local !== name ? local : null }];
    }
    if (parent.type !== "variable_declarator") return [];
    const target = field(parent, "name");
    if (target === null) return [];
    if (target.type === "identifier") return [{ name: "*", alias: textOf(x, target) }];
    if (target.type !== "object_pattern") return [];
    const names: ImportedName[] = [];
    for (const part of namedChildrenOf(target)) {
      if (part.type === "shorthand_property_identifier_pattern") names.push({ name: textOf(x, part), alias: null });
      else if (part.type === "pair_pattern") {
        const key = field(part, "key");
        const value = field(part, "value");
        if (key !== null) {
          const local = value !== null && value.type === "identifier" ? textOf(x, value) : null;
          const exported = textOf(x, key);
          names.push({ name: exported, alias: local !== null && local !== exported ? local : null });
        }
      }
    }
    return names;
  };

  const literalArg = (call: SyntaxNode): SyntaxNode | null => {
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

  /**
   * Ends of the plain `function` callbacks (arguments of a call) inside a class method that
   * enclose the node being visited: their `this` is not the instance (unless bound, which
   * makes the function a `.bind` receiver, not an argument).
   */
  const callbackEnds: number[] = [];
  const inCallback = (at: number): boolean => {
    while (callbackEnds.length > 0 && callbackEnds[callbackEnds.length - 1]! <= at) callbackEnds.pop();
    return callbackEnds.length > 0;
  };
  const markUnboundThis = (reference: Mutable<Reference>, at: number): void => {
    if (reference.qualifier !== null && /^this\b/.test(reference.qualifier) && inCallback(at)) reference.unboundThis = true;
  };

  const visitCall = (x: Extraction, node: SyntaxNode): void => {
    const fn = calleeOf(node);
    if (fn === null) return;
    const fnType = fn.type;
    if (fnType === "identifier") {
      const start = startOf(fn);
      const name = identifierAt(x.text, start);
      if (name === "require") {
        const arg = literalArg(node);
        if (arg !== null) {
          const { names, kind } = requireNames(x, node);
          x.addImport({ specifier: unquote(textOf(x, arg)), names, kind, typeOnly: false, line: x.lineOf(start) });
          return;
        }
      }
      if (testFile && TEST_CALLEES.has(name) && addTest(x, node, name)) return;
      x.addReference("call", name, null, start);
      return;
    }
    if (fnType === "member_expression") {
      const start = startOf(fn) + misreadPrefixAt(x.text, startOf(fn));
      const callee = splitCallee(x.text.slice(start, Math.min(endOf(fn), start + 400)));
      if (callee === null) return;
      if (testFile && callee.qualifier !== null && TEST_CALLEES.has(callee.qualifier) && addTest(x, node, `${callee.qualifier}.${callee.name}`)) return;
      const reference = x.addReference("call", callee.name, oneLine(callee.qualifier ?? "", 120) || null, start + callee.nameOffset);
      markUnboundThis(reference, start);
      return;
    }
    if (fnType === "import") {
      const arg = literalArg(node);
      if (arg !== null) {
        x.addImport({ specifier: unquote(textOf(x, arg)), names: [], kind: "dynamic", typeOnly: false, line: x.lineOf(startOf(node)) });
      }
    }
  };

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

  const visitNew = (x: Extraction, node: SyntaxNode): void => {
    const ctor = field(node, "constructor");
    if (ctor === null) return;
    if (ctor.type === "identifier") x.addReference("new", textOf(x, ctor), null, startOf(ctor));
    else if (ctor.type === "member_expression") {
      const property = field(ctor, "property");
      const object = field(ctor, "object");
      if (property !== null && object !== null) {
        markUnboundThis(x.addReference("new", textOf(x, property), x.qualifier(startOf(object), endOf(object)), startOf(property)), startOf(ctor));
      }
    }
  };

  /** `extends`/`implements` targets: identifiers, `a.B`, `B<T>`. */
  const heritage = (x: Extraction, kind: "extends" | "implements", target: SyntaxNode): void => {
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

  const visitImport = (x: Extraction, node: SyntaxNode): void => {
    const line = x.lineOf(startOf(node));
    const head = x.slice(startOf(node), Math.min(endOf(node), startOf(node) + 64));
    let typeOnly = /^import\s+type\s+(?!from\b)/.test(head);
    let specifier: string | null = null;
    const names: ImportedName[] = [];
    let kind: "import" | "require" = "import";
    let typeSpecifiers = 0;
    for (const child of namedChildrenOf(node)) {
      switch (child.type) {
        case "string":
          specifier = unquote(textOf(x, child));
          break;
        case "import_require_clause": {
          kind = "require";
          const source = field(child, "source");
          if (source !== null) specifier = unquote(textOf(x, source));
          const local = firstNamedChildOf(child);
          if (local !== null && local.type === "identifier") names.push({ name: "*", alias: textOf(x, local) });
          break;
        }
        case "import_clause":
          for (const part of namedChildrenOf(child)) {
            if (part.type === "identifier") names.push({ name: "default", alias: textOf(x, part) });
            else if (part.type === "namespace_import") {
              const local = firstNamedChildOf(part);
              names.push({ name: "*", alias: local !== null ? textOf(x, local) : null });
            } else if (part.type === "named_imports") {
              for (const spec of namedChildrenOf(part)) {
                if (spec.type !== "import_specifier") continue;
                const name = field(spec, "name");
                const alias = field(spec, "alias");
                if (name === null) continue;
                if (/^type\s/.test(textOf(x, spec))) typeSpecifiers++;
                names.push({ name: unquote(textOf(x, name)), alias: alias !== null ? textOf(x, alias) : null });
              }
            }
          }
          break;
      }
    }
    if (specifier === null) return;
    if (typeSpecifiers > 0 && typeSpecifiers === names.length) typeOnly = true;
    x.addImport({ specifier, names, kind, typeOnly, line });
  };

  const visitExport = (x: Extraction, node: SyntaxNode): void => {
    const source = field(node, "source");
    const head = x.slice(startOf(node), Math.min(endOf(node), startOf(node) + 64));
    if (source !== null) {
      const names: ImportedName[] = [];
      for (const child of namedChildrenOf(node)) {
        if (child.type === "export_clause") {
          for (const spec of namedChildrenOf(child)) {
            if (spec.type !== "export_specifier") continue;
            const name = field(spec, "name");
            const alias = field(spec, "alias");
            if (name !== null) names.push({ name: unquote(textOf(x, name)), alias: alias !== null ? unquote(textOf(x, alias)) : null });
          }
        } else if (child.type === "namespace_export") {
          const local = firstNamedChildOf(child);
          names.push({ name: "*", alias: local !== null ? unquote(textOf(x, local)) : null });
        }
      }
      if (names.length === 0) names.push({ name: "*", alias: null });
      x.addImport({
        specifier: unquote(textOf(x, source)),
        names,
        kind: "reexport",
        typeOnly: /^export\s+type\b/.test(head),
        line: x.lineOf(startOf(node)),
      });
      return;
    }
    const value = field(node, "value");
    if (value === null && /^export\s+default\b/.test(head)) {
      // `export default class X {}` / `export default function X() {}`: the declaration's name.
      const declared = field(node, "declaration");
      const name = declared !== null ? field(declared, "name") : null;
      if (name !== null) x.defaultExport = textOf(x, name);
    }
    if (value !== null) {
      if (value.type === "identifier") {
        exportedNames.add(textOf(x, value));
        x.defaultExport = textOf(x, value);
      } else if (FUNCTION_VALUES.has(value.type)) {
        const nameNode = field(value, "name");
        const name = nameNode !== null ? textOf(x, nameNode) : "default";
        x.defaultExport = name;
        addFunction(x, "Function", name, nameNode, value, value, value, { outer: node, exported: true, topLevel: true });
      } else if (value.type === "class") {
        const nameNode = field(value, "name");
        const body = field(value, "body");
        x.defaultExport = nameNode !== null ? textOf(x, nameNode) : "default";
        x.addSymbol({
          kind: "Class",
          name: nameNode !== null ? textOf(x, nameNode) : "default",
          start: startOf(value),
          end: endOf(value),
          signature: x.signature(startOf(value), body !== null ? startOf(body) : endOf(value)),
          doc: blockDocAbove(x.text, startOf(node)),
          exported: true,
        });
      }
      return;
    }
    for (const child of namedChildrenOf(node)) {
      if (child.type !== "export_clause") continue;
      for (const spec of namedChildrenOf(child)) {
        const name = spec.type === "export_specifier" ? field(spec, "name") : null;
        if (name === null) continue;
        exportedNames.add(textOf(x, name));
        const alias = field(spec, "alias");
        if (alias === null) continue;
        const exported = unquote(textOf(x, alias));
        if (exported === "default") x.defaultExport = textOf(x, name);
        else if (exported !== textOf(x, name)) x.exportAliases.push({ name: textOf(x, name), alias: exported });
      }
    }
  };

  /** `a = b = value`: the targets as written (whitespace removed), their nodes, and the value. */
  const assignmentChain = (x: Extraction, node: SyntaxNode): { targets: string[]; lefts: SyntaxNode[]; value: SyntaxNode | null } => {
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
  const isRequire = (x: Extraction, value: SyntaxNode): boolean => {
    if (value.type === "member_expression") {
      const object = field(value, "object");
      const property = field(value, "property");
      return object !== null && object.type === "call_expression" && property !== null && property.type === "property_identifier" && isRequire(x, object);
    }
    if (value.type !== "call_expression") return false;
    const fn = field(value, "function");
    return fn !== null && fn.type === "identifier" && textOf(x, fn) === "require" && literalArg(value) !== null;
  };

  /**
   * A function or class assigned as a property (`exports.a = function …`, `app.init = function init() …`):
   * a symbol named by the property, under `qualifiedName`, never bound as a bare name.
   */
  const addAssigned = (
    x: Extraction,
    kind: "Function" | "Method",
    nameNode: SyntaxNode,
    assignment: SyntaxNode,
    value: SyntaxNode,
    statement: SyntaxNode,
    exported: boolean,
    placed: { qualifiedName: string; parent: SymbolDraft | null },
  ): void => {
    const name = textOf(x, nameNode);
    const place = { outer: statement, exported, topLevel: true };
    if (FUNCTION_VALUES.has(value.type) || value.type === "method_definition") {
      addFunction(x, kind, name, nameNode, assignment, value, assignment, place, null, placed);
      return;
    }
    if (value.type !== "class" || kind !== "Function") return;
    const body = field(value, "body");
    x.addSymbol({
      kind: "Class",
      name,
      start: startOf(assignment),
      end: endOf(assignment),
      signature: x.signature(startOf(assignment), body !== null ? startOf(body) : endOf(value)),
      doc: blockDocAbove(x.text, startOf(statement)),
      exported,
      ...placed,
    });
  };

  /** `module.exports = value`: what the module exports as a whole. */
  const exportWhole = (x: Extraction, value: SyntaxNode, assignment: SyntaxNode, statement: SyntaxNode): void => {
    if (value.type === "identifier") {
      const name = textOf(x, value);
      x.exportsWhole = name;
      exportedNames.add(name);
      return;
    }
    if (FUNCTION_VALUES.has(value.type) || value.type === "class") {
      // Named or not, a function expression binds no module-level name: the symbol is `module.exports`.
      const own = field(value, "name");
      addAssigned(x, "Function", own ?? assignment, assignment, value, statement, true, { qualifiedName: "module.exports", parent: null });
      const symbol = x.symbols[x.symbols.length - 1];
      if (symbol !== undefined && symbol.qualifiedName === "module.exports") {
        if (own === null) symbol.name = "module.exports";
        x.exportsWhole = "module.exports";
      }
      return;
    }
    if (value.type !== "object") return;
    // `module.exports = { a, b: function () {}, c() {} }`: the names it lists.
    for (const part of namedChildrenOf(value)) {
      if (part.type === "shorthand_property_identifier") exportedNames.add(textOf(x, part));
      else if (part.type === "pair") {
        const key = field(part, "key");
        const v = field(part, "value");
        if (key === null || v === null || key.type !== "property_identifier") continue;
        const name = textOf(x, key);
        if (v.type === "identifier" && textOf(x, v) === name) exportedNames.add(name);
        else if (v.type === "identifier") x.exportAliases.push({ name: textOf(x, v), alias: name });
        else addAssigned(x, "Function", key, part, v, statement, true, { qualifiedName: `exports.${name}`, parent: null });
      } else if (part.type === "method_definition") {
        const key = field(part, "name");
        if (key !== null && key.type === "property_identifier") {
          addAssigned(x, "Function", key, part, part, statement, true, { qualifiedName: `exports.${textOf(x, key)}`, parent: null });
        }
      }
    }
  };

  /**
   * Module-level CommonJS assignments: `module.exports = …`, `exports.a = …`, `obj.a = function …`;
   * inside a function, assignments that type a field or a local (see `visitAssignmentIn`).
   */
  const visitStatement = (x: Extraction, node: SyntaxNode): void => {
    const within = x.current();
    if (within !== null) {
      if (FUNCTION_KINDS.has(within.kind)) visitAssignmentIn(x, within, node);
      return;
    }
    if (parentOf(node)?.type !== "program") return;
    const expr = firstNamedChildOf(node);
    if (expr === null || expr.type !== "assignment_expression") return;
    const { targets, lefts, value } = assignmentChain(x, expr);
    if (value === null) return;
    if (targets.includes("module.exports")) {
      exportWhole(x, value, expr, node);
      return;
    }
    // `exports.a = exports.b = f` names one function twice: left out rather than split.
    if (targets.length !== 1 || lefts[0]!.type !== "member_expression") return;
    const left = lefts[0]!;
    const object = field(left, "object");
    const property = field(left, "property");
    if (object === null || property === null || property.type !== "property_identifier") return;
    const name = textOf(x, property);
    if (exportedProperty(targets[0]!) !== null) {
      if (value.type === "identifier" && textOf(x, value) === name) exportedNames.add(name);
      // `exports.Router = Router` under another name: `exports.application = proto`.
      else if (value.type === "identifier") x.exportAliases.push({ name: textOf(x, value), alias: name });
      else addAssigned(x, "Function", property, expr, value, node, true, { qualifiedName: `exports.${name}`, parent: null });
      return;
    }
    // `app.init = function init() …` on a module-level variable: a method of that object.
    if (object.type !== "identifier" || !FUNCTION_VALUES.has(value.type)) return;
    const objectName = textOf(x, object);
    const owner = x.symbols.findLast((s) => s.parent === null && s.kind === "Variable" && s.name === objectName);
    if (owner === undefined) return;
    addAssigned(x, "Method", property, expr, value, node, false, { qualifiedName: `${owner.qualifiedName}.${name}`, parent: owner });
  };

  const visitTypeParameter = (x: Extraction, node: SyntaxNode): void => {
    const nameNode = field(node, "name");
    const owner = x.current();
    if (nameNode === null) return;
    x.declNames.add(startOf(nameNode));
    if (owner !== null) (owner.typeParams ??= new Set()).add(textOf(x, nameNode));
  };

  const visitJsx = (x: Extraction, node: SyntaxNode): void => {
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

  return {
    branches: BRANCHES,
    interest: INTEREST,
    visit(ref, x) {
      const type = ref.type;
      if (type === "type_identifier") {
        typeNameAt(x, ref.start);
        return;
      }
      const node = ref.node();
      switch (type) {
        case "call_expression":
          visitCall(x, node);
          return;
        case "new_expression":
          visitNew(x, node);
          return;
        case "jsx_opening_element":
        case "jsx_self_closing_element":
          visitJsx(x, node);
          return;
        case "nested_type_identifier": {
          const start = startOf(node);
          if (start < x.skipTypesUntil) return;
          const name = field(node, "name");
          const module = field(node, "module");
          if (name !== null) x.typeUse(textOf(x, name), module !== null ? x.qualifier(startOf(module), endOf(module)) : null, start);
          x.skipTypesUntil = endOf(node);
          return;
        }
        case "function_declaration":
        case "generator_function_declaration":
        case "function_signature": {
          const nameNode = field(node, "name");
          if (nameNode === null) return;
          const place = placementOf(node);
          addFunction(x, "Function", textOf(x, nameNode), nameNode, node, node, node, place);
          return;
        }
        case "method_definition":
        case "method_signature":
        case "abstract_method_signature":
          visitMethod(x, node, type);
          return;
        case "class_declaration":
        case "abstract_class_declaration":
          addTypeLike(x, node, "Class");
          return;
        case "interface_declaration":
          addTypeLike(x, node, "Interface");
          return;
        case "internal_module":
        case "module":
          visitNamespace(x, node);
          return;
        case "enum_declaration":
          addTypeLike(x, node, "Enum");
          return;
        case "type_alias_declaration": {
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
          return;
        }
        case "lexical_declaration":
        case "variable_declaration":
          visitDeclaration(x, node);
          return;
        case "arrow_function":
        case "function_expression":
        case "function":
        case "generator_function":
          visitInnerFunction(x, node);
          return;
        case "catch_clause":
          bindLocals(x, field(node, "parameter"));
          return;
        case "return_statement":
          visitReturn(x, node);
          return;
        case "for_in_statement": {
          // `for (const x of …)` declares; `for (x of …)` assigns a name bound elsewhere.
          if (field(node, "kind") === null) return;
          const left = field(node, "left");
          const right = field(node, "right");
          const iterates = left !== null && right !== null && /\bof\s*$/.test(x.slice(endOf(left), startOf(right)));
          bindLocals(x, left, iterates ? iteratedType(x, right) : null);
          return;
        }
        case "import_statement":
          visitImport(x, node);
          return;
        case "export_statement":
          visitExport(x, node);
          return;
        case "expression_statement":
          visitStatement(x, node);
          return;
        case "public_field_definition":
        case "field_definition":
        case "property_signature":
          visitField(x, node);
          return;
        case "type_parameter":
          visitTypeParameter(x, node);
          return;
        case "class_heritage": {
          // JavaScript puts the superclass expression directly here; TypeScript wraps it in clauses.
          const target = firstNamedChildOf(node);
          if (target !== null && target.type !== "extends_clause" && target.type !== "implements_clause") {
            heritage(x, "extends", target);
          }
          return;
        }
        case "extends_clause": {
          const value = field(node, "value");
          if (value !== null) heritage(x, "extends", value);
          return;
        }
        case "implements_clause":
        case "extends_type_clause": {
          const kind = type === "implements_clause" ? "implements" : "extends";
          for (const target of namedChildrenOf(node)) heritage(x, kind, target);
          x.skipTypesUntil = endOf(node);
          return;
        }
      }
    },
    finish(x) {
      if (exportedNames.size === 0) return;
      for (const symbol of x.symbols) {
        if (symbol.parent === null && exportedNames.has(symbol.name)) symbol.exported = true;
      }
    },
  };
};
