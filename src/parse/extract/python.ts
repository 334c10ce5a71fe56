import type { SyntaxNode } from "tree-sitter";
import type { ImportedName, Param } from "../../events/types/parse.js";
import type { TypeNotation } from "../../events/types/typeNotation.js";
import { writtenType } from "../../events/types/writtenType.js";
import { endOf, namedChildrenOf, parentOf, startOf } from "../collectNodes.js";
import { docstringText } from "./docComments.js";
import { elementTypeOf } from "./elementType.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type SymbolDraft } from "./Extraction.js";
import { field, identifierAt, textOf, type LanguageExtractor } from "./LanguageExtractor.js";
import { splitCallee } from "./splitCallee.js";
import { splitTopLevel } from "./typeLists.js";

const BRANCHES = new Set([
  "if_statement",
  "elif_clause",
  "for_statement",
  "while_statement",
  "except_clause",
  "conditional_expression",
  "case_clause",
  "for_in_clause",
  "if_clause",
  "and",
  "or",
]);

const INTEREST = [
  "function_definition",
  "class_definition",
  "assignment",
  "import_statement",
  "import_from_statement",
  "call",
  "type",
  "global_statement",
  "nonlocal_statement",
  // What a function without a return annotation gives (`return Foo()`, `return self`).
  "return_statement",
  // Other bindings of a name in a function body: loop targets, `with … as x`, `except … as x`,
  // `case … as x`, `(x := …)`.
  "for_statement",
  "as_pattern",
  "named_expression",
  // Names bound in a scope of their own (a comprehension, a lambda): a typed local of the same
  // name is not what they hold.
  "for_in_clause",
  "lambda",
];

/** Names that say nothing about the project's own types. */
const BUILTIN_TYPES = new Set([
  "int", "float", "complex", "str", "bytes", "bytearray", "bool", "None", "object", "list", "dict", "set",
  "frozenset", "tuple", "type", "Any", "Optional", "Union", "List", "Dict", "Set", "FrozenSet", "Tuple",
  "Callable", "Iterable", "Iterator", "Sequence", "Mapping", "MutableMapping", "Generator", "AsyncIterator",
  "AsyncGenerator", "Awaitable", "Coroutine", "Literal", "Type", "ClassVar", "Final", "Self", "NoReturn",
  "Never", "typing", "Annotated", "TypeVar", "Generic",
]);

const TEST_FILE = /(^|[\\/])(tests?[\\/]|test_[^\\/]*\.py$|[^\\/]*_test\.py$|conftest\.py$)/;
const DOTTED = /[A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*/g;

const visibilityOf = (name: string): "public" | "private" =>
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

const paramsOf = (x: Extraction, params: SyntaxNode | null): Param[] => {
  if (params === null) return [];
  const start = startOf(params);
  return paramsFromText(x.slice(start, Math.min(endOf(params), start + 4000)));
};

const DOCSTRING_START = /[rRuUbBfF]{0,2}("""|\'\'\'|"|')/y;

/** The docstring opening the block at `bodyStart`, read from the text. */
const docstringAt = (text: string, bodyStart: number): string | null => {
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

const docstringOf = (x: Extraction, body: SyntaxNode | null): string | null =>
  body !== null ? docstringAt(x.text, startOf(body)) : null;

/** `Base`, `abc.ABC`, `Generic[T]` from the text of a class's argument list. */
const baseClasses = (text: string): { name: string; qualifier: string | null; offset: number }[] => {
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
const assignedNames = (x: Extraction, target: SyntaxNode): string[] => {
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
type AssignedType = TypeNotation | null | false;

/** A dotted name whose last segment is capitalised, as class names are (PEP 8): `T`, `m.T`, not `self.repo.get`. */
const CLASS_NAME = /^(?:[A-Za-z_]\w*\.)*_*[A-Z]\w*$/;
const DOTTED_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;

/**
 * The type an assignment gives its target: the annotation (`x: T = …`), the class a call names
 * (`T(…)`, `m.T(…)`; the resolver keeps it only if it is one), the call itself (`f()`), or the annotation of the
 * parameter it copies (`self.auth = auth`). `None` says nothing: `self.x = None` then `self.x = T()`
 * is the usual lazy start.
 */
const assignedType = (x: Extraction, owner: SymbolDraft, node: SyntaxNode, annotation: SyntaxNode | null): AssignedType => {
  if (annotation !== null) return writtenType(oneLine(textOf(x, annotation), 200));
  return valueType(x, owner, field(node, "right"));
};

/**
 * A callee as names and calls with the arguments left out (`Factory().create` for
 * `Factory(x).create(y)`), short enough to follow; null for anything else (a subscript, a literal).
 */
const calleeChain = (x: Extraction, node: SyntaxNode, depth: number): string | null => {
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
const valueType = (x: Extraction, owner: SymbolDraft, right: SyntaxNode | null): AssignedType => {
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

export const makePythonExtractor = (path: string): LanguageExtractor => {
  const testFile = TEST_FILE.test(path);
  const protocols = new Set<SymbolDraft>();
  /** Names a function declares `global` or `nonlocal`: assigning them binds no local. */
  const declaredOuter = new Map<SymbolDraft, Set<string>>();

  /** A `return` of a function with no return annotation tells what it gives (lambdas have none). */
  const visitReturn = (x: Extraction, node: SyntaxNode): void => {
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

  const visitOuterDeclaration = (x: Extraction, node: SyntaxNode): void => {
    const owner = x.current();
    if (owner === null) return;
    let names = declaredOuter.get(owner);
    if (names === undefined) declaredOuter.set(owner, (names = new Set()));
    for (const part of namedChildrenOf(node)) if (part.type === "identifier") names.add(textOf(x, part));
  };

  const visitFunction = (x: Extraction, node: SyntaxNode): void => {
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const start = startOf(node);
    const name = identifierAt(x.text, startOf(nameNode));
    const owner = x.current();
    const inClass = owner !== null && owner.kind === "Class";
    const isTest = name.startsWith("test") && (testFile || (inClass && owner.name.startsWith("Test")));
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
    if (inClass && protocols.has(owner) && !owner.members.includes(name)) owner.members.push(name);
  };

  const visitClass = (x: Extraction, node: SyntaxNode): void => {
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
      if (base.name === "Protocol") protocols.add(symbol);
      x.addReference("extends", base.name, base.qualifier, superStart + base.offset, symbol);
    }
  };

  /**
   * Binds the names in `target` as locals of the function being visited, if any; a lone name
   * is given `type` (see `assignedType`), names bound any other way an unknown type.
   */
  const bindLocals = (x: Extraction, target: SyntaxNode | null, type: AssignedType = null, declared = false): void => {
    const owner = x.current();
    if (owner === null || target === null || !FUNCTION_KINDS.has(owner.kind)) return;
    const outer = declaredOuter.get(owner);
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
  const bindUnpacked = (x: Extraction, left: SyntaxNode, assignment: SyntaxNode): boolean => {
    if (left.type !== "pattern_list" && left.type !== "tuple_pattern") return false;
    const right = field(assignment, "right");
    if (right === null) return false;
    const type = valueType(x, x.current()!, right);
    const targets = namedChildrenOf(left);
    if (type === false || type === null || type._tag !== "Returned" || !targets.every((t) => t.type === "identifier")) return false;
    const owner = x.current();
    if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return false;
    const outer = declaredOuter.get(owner);
    targets.forEach((target, index) => {
      const name = textOf(x, target);
      if (outer !== undefined && outer.has(name)) return;
      x.addLocal(owner, name);
      x.bindType(owner, name, { _tag: "TupleElement", callee: type.callee, index });
    });
    return true;
  };

  /** Names a comprehension or lambda binds inside the function being visited: their type is unknown there. */
  const shadow = (x: Extraction, targets: readonly SyntaxNode[]): void => {
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
  const iteratedType = (x: Extraction, iterable: SyntaxNode | null): AssignedType => {
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
  const selfField = (x: Extraction, owner: SymbolDraft, attributeNode: SyntaxNode): { cls: SymbolDraft; name: string } | null => {
    const object = field(attributeNode, "object");
    const attribute = field(attributeNode, "attribute");
    const self = owner.params[0]?.name;
    if (object === null || attribute === null || object.type !== "identifier" || self === undefined || textOf(x, object) !== self) return null;
    const cls = x.classOfMethod(owner);
    return cls !== null ? { cls, name: textOf(x, attribute) } : null;
  };

  /** `self.x = …` in a method: a field of its class. */
  const bindSelfField = (x: Extraction, owner: SymbolDraft, left: SyntaxNode, type: AssignedType, declared: boolean): void => {
    const found = selfField(x, owner, left);
    if (found !== null && type !== false) x.bindType(found.cls, found.name, type, declared);
  };

  /**
   * What `with f(…) as x` binds x to: what the context manager's `__enter__` (`__aenter__` for
   * `async with`) returns: a call of `f().__enter__` (a class `C(…)` gives `C().__enter__`).
   * Null for an `as` of `except` or `case`, or a value that is no call.
   */
  const enteredType = (x: Extraction, node: SyntaxNode): TypeNotation | null => {
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
  const asTarget = (node: SyntaxNode): SyntaxNode | null => {
    const alias = field(node, "alias");
    if (alias === null) return null;
    return alias.type === "as_pattern_target" ? namedChildrenOf(alias)[0] ?? null : alias;
  };

  const visitAssignment = (x: Extraction, node: SyntaxNode): void => {
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
      } else if (!bindUnpacked(x, left, node)) {
        // A name assigned anywhere in a function is local to all of it: it hides the module's
        // (unless declared `global` or `nonlocal` there first, as Python requires).
        bindLocals(x, left, type, declared);
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
  const bindModuleVariable = (x: Extraction, symbol: SymbolDraft, node: SyntaxNode, right: SyntaxNode | null): void => {
    const annotation = field(node, "type");
    if (annotation === null && right !== null && (right.type === "identifier" || right.type === "attribute")) {
      const text = textOf(x, right);
      if (DOTTED_NAME.test(text)) x.bindType(symbol, symbol.name, { _tag: "ValueOf", name: text }, true);
      return;
    }
    const type = assignedType(x, symbol, node, annotation);
    if (type !== false && type !== null) x.bindType(symbol, symbol.name, type, true);
  };

  const visitImport = (x: Extraction, node: SyntaxNode, from: boolean): void => {
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

  const visitCall = (x: Extraction, node: SyntaxNode): void => {
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

  const visitType = (x: Extraction, start: number, node: SyntaxNode): void => {
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

  return {
    branches: BRANCHES,
    interest: INTEREST,
    visit(ref, x) {
      const type = ref.type;
      const node = ref.node();
      switch (type) {
        case "call":
          visitCall(x, node);
          return;
        case "type":
          visitType(x, ref.start, node);
          return;
        case "function_definition":
          visitFunction(x, node);
          return;
        case "class_definition":
          visitClass(x, node);
          return;
        case "assignment":
          visitAssignment(x, node);
          return;
        case "global_statement":
        case "nonlocal_statement":
          visitOuterDeclaration(x, node);
          return;
        case "return_statement":
          visitReturn(x, node);
          return;
        case "for_statement":
          bindLocals(x, field(node, "left"), iteratedType(x, field(node, "right")));
          return;
        case "as_pattern":
          bindLocals(x, asTarget(node), enteredType(x, node));
          return;
        case "named_expression":
          bindLocals(x, field(node, "name"));
          return;
        case "for_in_clause": {
          const left = field(node, "left");
          if (left !== null) shadow(x, [left]);
          return;
        }
        case "lambda": {
          const params = field(node, "parameters");
          if (params !== null) shadow(x, namedChildrenOf(params));
          return;
        }
        case "import_statement":
          visitImport(x, node, false);
          return;
        case "import_from_statement":
          visitImport(x, node, true);
          return;
      }
    },
  };
};
