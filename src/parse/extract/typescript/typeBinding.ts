/**
 * Type binding for the TypeScript extractor: what each binding a function or class sees tells
 * of its name's type (`Extraction.bindType`), and what a function's own returns give
 * (`Extraction.bindReturn`). The resolver reads these to type a call's receiver.
 */
import type { SyntaxNode } from "tree-sitter";
import { writtenType, type TypeNotation } from "../../../events/index.js";
import { childrenOf, endOf, firstNamedChildOf, namedChildrenOf, parentOf, startOf } from "../../collectNodes.js";
import { elementTypeOf } from "../elementType.js";
import { FUNCTION_KINDS, type Extraction, type SymbolDraft } from "../Extraction.js";
import { jsDocParams, jsDocReturn } from "../jsDocTypes.js";
import { field, textOf } from "../LanguageExtractor.js";
import { boundNames, calleeChain, calleeOf, DOTTED_NAME, FUNCTION_NODES, inCallback, typeText, writtenCallee, type TsFile } from "./syntax.js";

/** What a binding tells of its name's type: a notation, unknown (null), or nothing (`= null`, no value). */
export type BoundType = TypeNotation | null | false;

/** Beyond this many arguments a call's function arguments are not typed by it (see callbackOf). */
const CALLBACK_ARGUMENTS_MAX = 64;

/**
 * The type a value gives the name it is bound to: the class `new T(…)` constructs, the call
 * `f(…)` / `a.b.f(…)` (`Returned`: the resolver takes f's declared return type), or the
 * annotation of the parameter it copies (`this.auth = auth`); `null`/`undefined` say nothing.
 */
export const valueType = (x: Extraction, owner: SymbolDraft, value: SyntaxNode | null, awaited = false): BoundType => {
  if (value === null) return false;
  switch (value.type) {
    case "await_expression":
      return awaited ? null : valueType(x, owner, firstNamedChildOf(value), true);
    case "call_expression": {
      const { callee, operated } = writtenCallee(value);
      if (operated) return null;
      // `f()()` calls what f returns: a function, whose own return type is not known here.
      const chain = callee !== null && callee.type !== "call_expression" ? calleeChain(x, callee, 0) : null;
      return chain !== null ? { _tag: "Returned", callee: chain } : null;
    }
    case "null":
    case "undefined":
      return false;
    case "this":
      return { _tag: "This" };
    case "new_expression": {
      const ctor = field(value, "constructor");
      const text = ctor !== null ? textOf(x, ctor) : "";
      return DOTTED_NAME.test(text) ? { _tag: "Annotation", text } : null;
    }
    case "identifier": {
      const name = textOf(x, value);
      const written = owner.params.find((p) => p.name === name)?.type;
      return written !== undefined && written !== null ? writtenType(written) : null;
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

/**
 * A JavaScript function's JSDoc types where nothing else is written: `@param {T} name` types
 * the parameter, `@returns {T}` the result (the TypeScript checker reads a JS file so).
 */
export const typeFromJsDoc = (symbol: SymbolDraft, doc: string): void => {
  if (!doc.includes("@")) return;
  const params = jsDocParams(doc);
  if (params.size > 0) symbol.params = symbol.params.map((p) => (p.type === null && params.has(p.name) ? { name: p.name, type: params.get(p.name)! } : p));
  if (symbol.returnsFrom < 0) symbol.docReturnType = jsDocReturn(doc);
};

/** A `return` of the symbol's own function (not of a callback inside it) tells what it gives. */
export const visitReturn = (x: Extraction, node: SyntaxNode): void => {
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

/**
 * The names `target` binds become locals of the function being visited (see `bindDeclaredLocals`);
 * a lone name is given `type`, names in a pattern an unknown type.
 */
export const bindLocals = (x: Extraction, target: SyntaxNode | null, type: BoundType = null, declared = false): void => {
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
export const iteratedType = (x: Extraction, iterable: SyntaxNode): BoundType => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return null;
  let declared: string | null = null;
  if (iterable.type === "identifier") declared = x.declaredTypeIn(owner, textOf(x, iterable));
  else if (iterable.type === "member_expression") {
    const found = thisField(x, owner, iterable);
    if (found !== null) declared = x.declaredTypeIn(found.cls, found.name);
  }
  const element = declared !== null ? elementTypeOf(declared) : null;
  return element !== null ? writtenType(element) : null;
};

/** `this.x` in a method: the method's class and the field's name. */
const thisField = (x: Extraction, owner: SymbolDraft, member: SyntaxNode): { cls: SymbolDraft; name: string } | null => {
  const object = field(member, "object");
  const property = field(member, "property");
  if (object === null || object.type !== "this" || property === null) return null;
  const cls = x.classOfMethod(owner);
  return cls !== null ? { cls, name: textOf(x, property) } : null;
};

/** `this.x = …` in a method types a field of its class; `x = …` a local declared before. */
export const visitAssignmentIn = (file: TsFile, x: Extraction, owner: SymbolDraft, node: SyntaxNode): void => {
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
  if (found === null || inCallback(file, startOf(node))) return;
  const type = valueType(x, owner, field(expr, "right"));
  if (type !== false) x.bindType(found.cls, found.name, type);
};

/** Parameters of an arrow or function expression inside a function: locals of that function. */
export const visitInnerFunction = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
  if (owner.kind === "Method" && node.type !== "arrow_function" && parentOf(node)?.type === "arguments") {
    inCallback(file, startOf(node));
    file.callbackEnds.push(endOf(node));
  }
  // An unannotated parameter of a callback takes the type the callee declares for it. Looked
  // up only for a plain name (most functions here take none, and each look is native calls).
  let callback: Callback | null | undefined;
  const contextual = (target: SyntaxNode | null, parameter: number): TypeNotation | null => {
    if (target === null || target.type !== "identifier") return null;
    if (callback === undefined) callback = callbackOf(x, node);
    return callback !== null ? { _tag: "CallbackParameter", callee: callback.callee, argument: callback.argument, parameter } : null;
  };
  const single = field(node, "parameter");
  if (single !== null) return bindLocals(x, single, contextual(single, 0));
  const list = field(node, "parameters");
  if (list === null) return;
  namedChildrenOf(list).forEach((p, index) => {
    const typed = p.type === "required_parameter" || p.type === "optional_parameter";
    const annotation = typed ? typeText(x, field(p, "type")) : null;
    const target = typed ? field(p, "pattern") : p;
    bindLocals(x, target, annotation !== null ? writtenType(annotation) : contextual(target, index), annotation !== null);
  });
};

/** A function passed as an argument: the callee written as a chain, and which argument it is. */
interface Callback {
  readonly callee: string;
  readonly argument: number;
}

/**
 * The call a function is passed to, for its parameters' typed bindings
 * (`schema.superRefine((val, ctx) => …)` types ctx as parameter 1 of argument 0 of
 * `schema.superRefine`); null for a function passed nowhere.
 */
const callbackOf = (x: Extraction, node: SyntaxNode): Callback | null => {
  const list = parentOf(node);
  const call = list !== null && list.type === "arguments" ? parentOf(list) : null;
  const callee = call !== null && call.type === "call_expression" ? calleeOf(call) : null;
  const chain = callee !== null ? calleeChain(x, callee, 0) : null;
  if (list === null || chain === null) return null;
  const args = namedChildrenOf(list);
  // A generated call with thousands of function arguments would cost a scan per function.
  if (args.length > CALLBACK_ARGUMENTS_MAX) return null;
  const index = args.filter((a) => a.type !== "comment").findIndex((a) => startOf(a) === startOf(node));
  return index === -1 ? null : { callee: chain, argument: index };
};

/**
 * A declaration inside a function: the names it binds become locals of `owner` (they hide
 * imports and module-level names), each typed by its annotation or value.
 */
export const bindDeclaredLocals = (x: Extraction, owner: SymbolDraft, node: SyntaxNode): void => {
  for (const declarator of namedChildrenOf(node)) {
    const target = declarator.type === "variable_declarator" ? field(declarator, "name") : null;
    if (target === null) continue;
    const annotation = typeText(x, field(declarator, "type"));
    const type = annotation !== null ? writtenType(annotation) : valueType(x, owner, field(declarator, "value"));
    const lone = target.type === "identifier";
    const called = annotation === null && type !== false && type !== null && type._tag === "Returned" ? type.callee : null;
    const unpacked = called !== null ? unpackedNames(x, target) : null;
    for (const name of boundNames(x, target)) {
      x.addLocal(owner, name);
      // `const [a, b] = f()`: each name is element i of the tuple f returns.
      const element = unpacked?.indexOf(name) ?? -1;
      if (element !== -1) x.bindType(owner, name, { _tag: "TupleElement", callee: called!, index: element });
      else if (type !== false) x.bindType(owner, name, lone ? type : null, lone && annotation !== null);
    }
  }
};

/**
 * What a module-level variable holds, recorded as its own typed name: the annotation, the
 * class `new` names, the call it is the result of (`z.string().min()`), or `typeof X` for the
 * name it copies (`const stringType = ZodString.create`: calling it calls ZodString.create).
 * Only `const` (or an annotation) says it for good: a `let` may be reassigned anywhere.
 */
export const bindModuleVariable = (x: Extraction, symbol: SymbolDraft, node: SyntaxNode, declarator: SyntaxNode, value: SyntaxNode | null): void => {
  const annotation = typeText(x, field(declarator, "type"));
  if (annotation !== null) return x.bindType(symbol, symbol.name, writtenType(annotation), true);
  if (value === null || !/^\s*const\b/.test(x.slice(startOf(node), startOf(declarator)))) return;
  if (value.type === "identifier" || value.type === "member_expression") {
    const text = textOf(x, value);
    if (DOTTED_NAME.test(text)) x.bindType(symbol, symbol.name, { _tag: "ValueOf", name: text }, true);
    return;
  }
  const type = valueType(x, symbol, value);
  if (type !== false && type !== null) x.bindType(symbol, symbol.name, type, true);
};
