import type { SyntaxNode } from "tree-sitter";
import { writtenType, type ImportedName, type TypeNotation } from "../../../events/index.js";
import { endOf, namedChildrenOf, parentOf, startOf } from "../../collectNodes.js";
import { elementTypeOf } from "../elementType.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { field, identifierAt, textOf } from "../LanguageExtractor.js";
import { splitCallee } from "../splitCallee.js";
import {
  type AssignedType,
  BUILTIN_TYPES,
  DOTTED,
  DOTTED_NAME,
  assignedNames,
  assignedType,
  baseClasses,
  calleeChain,
  docstringOf,
  paramsOf,
  valueType,
  visibilityOf,
} from "./syntax.js";

/** What a Python file's handlers share. */
export interface PythonScope {
  readonly testFile: boolean;
  /** Classes deriving from `Protocol`: their methods are the members an implementation must have. */
  readonly protocols: Set<SymbolDraft>;
  /** Names a function declares `global` or `nonlocal`: assigning them binds no local. */
  readonly declaredOuter: Map<SymbolDraft, Set<string>>;
}

export const visitReturn = (x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind) || owner.returnsFrom >= 0) return;
  const value = namedChildrenOf(node)[0] ?? null;
  if (value === null) return;
  const self = owner.kind === "Method" ? owner.params[0]?.name : undefined;
  if (value.type === "identifier") {
    const name = textOf(x, value);
    if (name === self && (self === "self" || self === "cls")) x.bindReturn(owner, { _tag: "This" });
    else x.returnName(owner, name);
    return;
  }
  // `return cls(…)` in a classmethod builds an instance of the class it is called on.
  const callee = value.type === "call" ? field(value, "function") : null;
  if (callee !== null && callee.type === "identifier" && self === "cls" && textOf(x, callee) === "cls") return x.bindReturn(owner, { _tag: "This" });
  const type = valueType(x, owner, value);
  if (type !== false) x.bindReturn(owner, type);
};

export const visitOuterDeclaration = (s: PythonScope, x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  if (owner === null) return;
  let names = s.declaredOuter.get(owner);
  if (names === undefined) s.declaredOuter.set(owner, (names = new Set()));
  for (const part of namedChildrenOf(node)) if (part.type === "identifier") names.add(textOf(x, part));
};

export const visitFunction = (s: PythonScope, x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const start = startOf(node);
  const name = identifierAt(x.text, startOf(nameNode));
  const owner = x.current();
  const inClass = owner !== null && owner.kind === "Class";
  const isTest = name.startsWith("test") && (s.testFile || (inClass && owner.name.startsWith("Test")));
  const body = field(node, "body");
  const signatureEnd = body !== null ? startOf(body) : endOf(node);
  const symbol = x.addSymbol({
    kind: isTest ? "Test" : inClass ? "Method" : "Function",
    name,
    start,
    end: endOf(node),
    signature: x.signature(start, signatureEnd).replace(/\s*:$/, ""),
    doc: docstringOf(x, body),
    exported: owner === null && visibilityOf(name) === "public",
    visibility: visibilityOf(name),
    async: x.text.startsWith("async", start),
    params: paramsOf(x, field(node, "parameters")),
  });
  const returnType = field(node, "return_type");
  if (returnType !== null) {
    symbol.returnsFrom = startOf(returnType);
    symbol.returnsTo = endOf(returnType);
  }
  if (inClass && s.protocols.has(owner) && !owner.members.includes(name)) owner.members.push(name);
};

export const visitClass = (s: PythonScope, x: Extraction, node: SyntaxNode): void => {
  const nameNode = field(node, "name");
  if (nameNode === null) return;
  const start = startOf(node);
  const name = identifierAt(x.text, startOf(nameNode));
  const body = field(node, "body");
  const owner = x.current();
  const symbol = x.addSymbol({
    kind: "Class",
    name,
    start,
    end: endOf(node),
    signature: x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*:$/, ""),
    doc: docstringOf(x, body),
    exported: owner === null && visibilityOf(name) === "public",
    visibility: visibilityOf(name),
  });
  const supers = field(node, "superclasses");
  if (supers === null) return;
  const superStart = startOf(supers);
  for (const base of baseClasses(x.slice(superStart, Math.min(endOf(supers), superStart + 2000)))) {
    if (base.name === "Protocol") s.protocols.add(symbol);
    x.addReference("extends", base.name, base.qualifier, superStart + base.offset, symbol);
  }
};

/**
 * Binds the names in `target` as locals of the function being visited, if any; a lone name
 * is given `type` (see `assignedType`), names bound any other way an unknown type.
 */
export const bindLocals = (s: PythonScope, x: Extraction, target: SyntaxNode | null, type: AssignedType = null, declared = false): void => {
  const owner = x.current();
  if (owner === null || target === null || !FUNCTION_KINDS.has(owner.kind)) return;
  const outer = s.declaredOuter.get(owner);
  const lone = target.type === "identifier";
  for (const name of assignedNames(x, target)) {
    if (outer !== undefined && outer.has(name)) continue;
    x.addLocal(owner, name);
    if (type !== false) x.bindType(owner, name, lone ? type : null, declared && lone);
  }
};

/**
 * `a, b = f()` (or `(a, b) = await f()`): each name is typed as element i of the tuple f
 * declares it returns. False when the assignment is not of that shape (the caller binds it).
 */
export const bindUnpacked = (s: PythonScope, x: Extraction, left: SyntaxNode, assignment: SyntaxNode): boolean => {
  if (left.type !== "pattern_list" && left.type !== "tuple_pattern") return false;
  const right = field(assignment, "right");
  if (right === null) return false;
  const type = valueType(x, x.current()!, right);
  const targets = namedChildrenOf(left);
  if (type === false || type === null || type._tag !== "Returned" || !targets.every((t) => t.type === "identifier")) return false;
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return false;
  const outer = s.declaredOuter.get(owner);
  targets.forEach((target, index) => {
    const name = textOf(x, target);
    if (outer !== undefined && outer.has(name)) return;
    x.addLocal(owner, name);
    x.bindType(owner, name, { _tag: "TupleElement", callee: type.callee, index });
  });
  return true;
};

/** Names a comprehension or lambda binds inside the function being visited: their type is unknown there. */
export const shadow = (x: Extraction, targets: readonly SyntaxNode[]): void => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
  for (const target of targets) {
    const named = target.type === "identifier" ? target : (field(target, "name") ?? namedChildrenOf(target)[0] ?? null);
    if (named === null) continue;
    for (const name of assignedNames(x, named)) x.shadowType(owner, name);
  }
};

/**
 * What `for x in <iterable>` binds x to, when the iterable is a parameter, an annotated local
 * or a `self` field declared with a collection type (`items: list[Item]`): its element type.
 */
export const iteratedType = (x: Extraction, iterable: SyntaxNode | null): AssignedType => {
  const owner = x.current();
  if (owner === null || iterable === null || !FUNCTION_KINDS.has(owner.kind)) return null;
  let declared: string | null = null;
  if (iterable.type === "identifier") declared = x.declaredTypeIn(owner, textOf(x, iterable));
  else if (iterable.type === "attribute") {
    const found = selfField(x, owner, iterable);
    if (found !== null) declared = x.declaredTypeIn(found.cls, found.name);
  }
  const element = declared !== null ? elementTypeOf(declared) : null;
  return element !== null ? writtenType(element) : null;
};

/** `self.x` in a method (`self` being its first parameter): the method's class and the field's name. */
export const selfField = (x: Extraction, owner: SymbolDraft, attributeNode: SyntaxNode): { cls: SymbolDraft; name: string } | null => {
  const object = field(attributeNode, "object");
  const attribute = field(attributeNode, "attribute");
  const self = owner.params[0]?.name;
  if (object === null || attribute === null || object.type !== "identifier" || self === undefined || textOf(x, object) !== self) return null;
  const cls = x.classOfMethod(owner);
  return cls !== null ? { cls, name: textOf(x, attribute) } : null;
};

/** `self.x = …` in a method: a field of its class. */
export const bindSelfField = (x: Extraction, owner: SymbolDraft, left: SyntaxNode, type: AssignedType, declared: boolean): void => {
  const found = selfField(x, owner, left);
  if (found !== null && type !== false) x.bindType(found.cls, found.name, type, declared);
};

/**
 * What `with f(…) as x` binds x to: what the context manager's `__enter__` (`__aenter__` for
 * `async with`) returns: a call of `f().__enter__` (a class `C(…)` gives `C().__enter__`).
 * Null for an `as` of `except` or `case`, or a value that is no call.
 */
export const enteredType = (x: Extraction, node: SyntaxNode): TypeNotation | null => {
  const item = parentOf(node);
  const statement = item !== null && item.type === "with_item" ? parentOf(parentOf(item) ?? item) : null;
  if (statement === null) return null;
  const value = namedChildrenOf(node)[0];
  const fn = value !== undefined && value.type === "call" ? field(value, "function") : null;
  const chain = fn !== null ? calleeChain(x, fn, 0) : null;
  if (chain === null) return null;
  const method = x.text.startsWith("async", startOf(statement)) ? "__aenter__" : "__enter__";
  return { _tag: "Returned", callee: `${chain}().${method}` };
};

/** The target an `as` binds: `as_pattern_target` wraps it in `with`; `except`/`case` name it directly. */
export const asTarget = (node: SyntaxNode): SyntaxNode | null => {
  const alias = field(node, "alias");
  if (alias === null) return null;
  return alias.type === "as_pattern_target" ? namedChildrenOf(alias)[0] ?? null : alias;
};

export const visitAssignment = (s: PythonScope, x: Extraction, node: SyntaxNode): void => {
  const owner = x.current();
  if (owner !== null) {
    const left = field(node, "left");
    if (left === null) return;
    // Only a lone name or `self.x` takes a type: the value is read for those alone (most
    // assignments in a large repository are neither, and reading costs native calls).
    const self = owner.params[0]?.name;
    const typed =
      left.type === "identifier" ||
      (left.type === "attribute" && FUNCTION_KINDS.has(owner.kind) && self !== undefined && x.text.startsWith(`${self}.`, startOf(left)));
    const annotation = typed ? field(node, "type") : null;
    const type = typed ? assignedType(x, owner, node, annotation) : null;
    // An annotation declares the type (`x: T = …`): later assignments do not change it.
    const declared = annotation !== null;
    if (left.type === "attribute") {
      if (typed) bindSelfField(x, owner, left, type, declared);
    } else if (owner.kind === "Class") {
      // A class-body annotation or assignment (`x: T`, dataclass fields): a field of the class.
      if (left.type === "identifier" && type !== false) x.bindType(owner, textOf(x, left), type, declared);
    } else if (!bindUnpacked(s, x, left, node)) {
      // A name assigned anywhere in a function is local to all of it: it hides the module's
      // (unless declared `global` or `nonlocal` there first, as Python requires).
      bindLocals(s, x, left, type, declared);
    }
    return;
  }
  const statement = parentOf(node);
  if (statement === null || statement.type !== "expression_statement" || parentOf(statement)?.type !== "module") return;
  const left = field(node, "left");
  if (left === null || left.type !== "identifier") return;
  const name = textOf(x, left);
  const right = field(node, "right");
  const start = startOf(node);
  const lambda = right !== null && right.type === "lambda";
  const symbol = x.addSymbol({
    kind: lambda ? "Function" : "Variable",
    name,
    start,
    end: endOf(node),
    signature: x.signature(start, endOf(node)),
    exported: visibilityOf(name) === "public",
    visibility: visibilityOf(name),
    params: lambda ? paramsOf(x, field(right, "parameters")) : [],
  });
  if (!lambda) bindModuleVariable(x, symbol, node, right);
};

/**
 * What a module-level variable holds, recorded as its own typed name: the annotation, the
 * class or call it is the result of, or `typeof X` for the name it copies (`get = _default.get`:
 * calling it calls that). A name assigned again at module level is another symbol; the
 * resolver trusts the type only when they all agree.
 */
export const bindModuleVariable = (x: Extraction, symbol: SymbolDraft, node: SyntaxNode, right: SyntaxNode | null): void => {
  const annotation = field(node, "type");
  if (annotation === null && right !== null && (right.type === "identifier" || right.type === "attribute")) {
    const text = textOf(x, right);
    if (DOTTED_NAME.test(text)) x.bindType(symbol, symbol.name, { _tag: "ValueOf", name: text }, true);
    return;
  }
  const type = assignedType(x, symbol, node, annotation);
  if (type !== false && type !== null) x.bindType(symbol, symbol.name, type, true);
};

export const visitImport = (x: Extraction, node: SyntaxNode, from: boolean): void => {
  const line = x.lineOf(startOf(node));
  if (!from) {
    for (const part of namedChildrenOf(node)) {
      if (part.type === "dotted_name") {
        x.addImport({ specifier: textOf(x, part), names: [{ name: "*", alias: null }], kind: "import", typeOnly: false, line });
      } else if (part.type === "aliased_import") {
        const name = field(part, "name");
        const alias = field(part, "alias");
        if (name === null) continue;
        x.addImport({
          specifier: textOf(x, name),
          names: [{ name: "*", alias: alias !== null ? textOf(x, alias) : null }],
          kind: "import",
          typeOnly: false,
          line,
        });
      }
    }
    return;
  }
  const moduleNode = field(node, "module_name");
  if (moduleNode === null) return;
  const names: ImportedName[] = [];
  const moduleStart = startOf(moduleNode);
  for (const part of namedChildrenOf(node)) {
    if (startOf(part) === moduleStart) continue;
    if (part.type === "dotted_name") names.push({ name: textOf(x, part), alias: null });
    else if (part.type === "aliased_import") {
      const name = field(part, "name");
      const alias = field(part, "alias");
      if (name !== null) names.push({ name: textOf(x, name), alias: alias !== null ? textOf(x, alias) : null });
    } else if (part.type === "wildcard_import") names.push({ name: "*", alias: null });
  }
  x.addImport({ specifier: textOf(x, moduleNode).replace(/\s+/g, ""), names, kind: "import", typeOnly: false, line });
};

export const visitCall = (x: Extraction, node: SyntaxNode): void => {
  const fn = field(node, "function");
  if (fn === null) return;
  const start = startOf(fn);
  if (fn.type === "identifier") {
    x.addReference("call", identifierAt(x.text, start), null, start);
  } else if (fn.type === "attribute") {
    const callee = splitCallee(x.text.slice(start, Math.min(endOf(fn), start + 400)));
    if (callee !== null) x.addReference("call", callee.name, callee.qualifier !== null ? oneLine(callee.qualifier, 120) : null, start + callee.nameOffset);
  }
};

export const visitType = (x: Extraction, start: number, node: SyntaxNode): void => {
  if (start < x.skipTypesUntil) return;
  const end = endOf(node);
  x.skipTypesUntil = end;
  const text = x.slice(start, Math.min(end, start + 1000));
  DOTTED.lastIndex = 0;
  for (let m = DOTTED.exec(text); m !== null; m = DOTTED.exec(text)) {
    const dotted = m[0].replace(/\s+/g, "");
    const dot = dotted.lastIndexOf(".");
    const name = dotted.slice(dot + 1);
    if (BUILTIN_TYPES.has(name) || (dot > 0 && dotted.startsWith("typing."))) continue;
    x.typeUse(name, dot > 0 ? dotted.slice(0, dot) : null, start + m.index + m[0].lastIndexOf(name));
  }
};
