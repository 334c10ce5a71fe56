import { sameTypeNotation, writtenType, type ExtractedSymbol, type TypeNotation } from "../../../events/index.js";
import type { FileScope } from "./FileScope.js";
import { policyOf } from "./languages/index.js";
import { annotatedTypeName, callbackParameter, splitCallee, tupleElement } from "./receiverText.js";
import type { Resolution } from "./Resolution.js";
import { FUNCTION_LIKE, TYPE_KINDS, type SymbolTarget, type Target } from "./Target.js";

/** The one class a declared return type names once awaited: `Promise<User>` → User, `list[User]` → list. */
const returnedTypeName = (returnType: string): string | null => {
  const awaited = /^(?:Promise|PromiseLike|Awaitable|Coroutine|typing\.Awaitable)\s*[<[](.+)[>\]]$/s.exec(returnType.trim());
  if (awaited === null) return annotatedTypeName(returnType);
  // `Coroutine[Any, Any, T]` yields its last argument.
  const inner = awaited[1]!;
  return annotatedTypeName(returnType.trim().startsWith("Coroutine") ? inner.slice(inner.lastIndexOf(",") + 1) : inner);
};

/** What a module-level variable holds, as its own `typed` entry records it, or null. */
const heldType = (symbol: ExtractedSymbol): TypeNotation | null => symbol.typed?.find((t) => t.name === symbol.name)?.type ?? null;

/** The right-hand side of a TS type alias's signature (`type A<T> = B<T>`). */
const TYPE_ALIAS = /^(?:export\s+)?(?:declare\s+)?type\s+[\w$]+\s*(?:<.*?>)?\s*=\s*(.+?);?$/;

/** See `TypeInference.boundType`. */
export const UNTYPED_LOCAL = Symbol("untyped local");

/**
 * Receiver typing: the class a parameter, local, field or call gives an instance of, read from
 * what the parse recorded (annotations, `ExtractedSymbol.typed`, `returnType`, `returnValue`).
 * Part of one `Resolution`.
 */
export class TypeInference {
  /** Typed bindings whose call is being followed (see typeOfBinding). */
  private readonly bindingsInProgress = new Set<string>();

  constructor(private readonly r: Resolution) {}

  /**
   * The type held by `name` where an enclosing function binds it as a parameter or a typed local
   * (`ExtractedSymbol.typed`, a parameter's annotation): its notation, or null when that binding has none;
   * UNTYPED_LOCAL when the innermost binding is a local of no known type (`resolveName` hides
   * it), undefined when no enclosing function binds the name.
   */
  boundType(scope: FileScope, fromId: string | null, name: string): TypeNotation | null | typeof UNTYPED_LOCAL | undefined {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined && !TYPE_KINDS.has(current.kind)) {
      const param = current.params.find((p) => p.name === name);
      if (param !== undefined) return param.type !== null ? writtenType(param.type) : null;
      const typed = current.typed?.find((t) => t.name === name);
      if (typed !== undefined) return typed.type;
      if (current.locals?.includes(name) === true) return UNTYPED_LOCAL;
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    return undefined;
  }

  /**
   * The class an annotation names when it names exactly one (`User`, `*User`, `Optional[User]`,
   * `User | None`, `ns.User<T>`); collections and unions of several types give null.
   */
  annotatedType(scope: FileScope, fromId: string | null, annotation: string, depth = 0): Target | null {
    const name = annotatedTypeName(annotation);
    if (name === null) return null;
    const dot = name.lastIndexOf(".");
    const target = this.r.resolveQualified(scope, fromId, dot === -1 ? null : name.slice(0, dot), name.slice(dot + 1), "type");
    if (target === null || target.kind !== "symbol") return null;
    if (target.symbol.kind === "Type" && policyOf(scope.family).typeAliases && depth < 4) {
      // `type ZodTypeAny = ZodType<any, any, any>`: an alias of one type stands for it.
      const aliased = TYPE_ALIAS.exec(target.symbol.signature)?.[1];
      const aliasScope = this.r.scope(target.path);
      const head = aliased !== undefined ? annotatedTypeName(aliased)?.split(".")[0] : undefined;
      if (aliased === undefined || aliasScope === null || head === undefined || this.isTypeParameter(aliasScope, target.symbol.id, head)) return null;
      return this.annotatedType(aliasScope, target.symbol.parent, aliased, depth + 1);
    }
    return TYPE_KINDS.has(target.symbol.kind) ? target : null;
  }

  /**
   * `this.x` / `self.x`: typed where the class (or a class it extends) declares or assigns the
   * field (`ExtractedSymbol.typed`), else by the constructor parameter of that name.
   */
  fieldType(cls: Target, field: string, seen: Set<string> = new Set()): Target | null {
    if (cls.kind !== "symbol" || !TYPE_KINDS.has(cls.symbol.kind)) return null;
    const key = `${cls.path}#${cls.symbol.id}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const scope = this.r.scope(cls.path);
    if (scope === null) return null;
    const typed = cls.symbol.typed?.find((t) => t.name === field);
    if (typed !== undefined) return this.typeOfBinding(scope, cls.symbol.id, field, typed.type);
    for (const base of this.r.basesOf(cls.path, cls.symbol, "extends")) {
      const inherited = this.fieldType({ kind: "symbol", path: base.path, symbol: base.symbol }, field, seen);
      if (inherited !== null) return inherited;
    }
    return this.constructorParamType(cls, field);
  }

  /** The type of field `name` of the innermost enclosing class that has (or inherits) it. */
  enclosingField(scope: FileScope, fromId: string | null, name: string): Target | null {
    let cls = this.r.enclosingClass(scope, fromId);
    while (cls !== null) {
      const found = this.fieldType({ kind: "symbol", path: scope.file.path, symbol: cls }, name);
      if (found !== null) return found;
      cls = this.r.enclosingClass(scope, cls.parent);
    }
    return null;
  }

  /**
   * The class a typed binding (`ExtractedSymbol.typed`) holds an instance of: the type its
   * annotation names, or what its call returns (`make()`, `self.repo.get()`: the callee's one
   * declared return type, or the class called). A binding whose call goes back to itself
   * (`x = x.next()`) has none.
   */
  typeOfBinding(scope: FileScope, fromId: string | null, name: string, notation: TypeNotation): Target | null {
    // Guarded whatever the type: an annotation can lead back too (Go `func(flag *flag.Flag)`
    // names the package `flag` beside a parameter `flag`).
    const key = `${scope.file.path}\u0000${fromId ?? ""}\u0000${name}`;
    if (this.bindingsInProgress.has(key)) {
      this.r.lookup.taint();
      return null;
    }
    this.bindingsInProgress.add(key);
    try {
      switch (notation._tag) {
        case "ValueOf": {
          // The value a name denotes (`typeof ZodString.create`, `typeof Auth`): itself, not an instance.
          const dot = notation.name.lastIndexOf(".");
          return this.valueOf(this.r.resolveQualified(scope, fromId, dot === -1 ? null : notation.name.slice(0, dot), notation.name.slice(dot + 1)));
        }
        case "TupleElement":
          return this.unpackedType(scope, fromId, notation.callee, notation.index);
        case "CallbackParameter":
          return this.callbackParameterType(scope, fromId, notation.callee, notation.argument, notation.parameter);
        case "Returned": {
          const callee = splitCallee(notation.callee);
          return this.instanceOf(this.r.resolveQualified(scope, fromId, callee.qualifier, callee.name));
        }
        case "This":
          // `const self = this`: read as an annotation naming `this`, which denotes nothing of ours.
          return this.annotatedType(scope, fromId, "this");
        case "Annotation":
          return this.annotatedType(scope, fromId, notation.text);
      }
    } finally {
      this.bindingsInProgress.delete(key);
    }
  }

  /**
   * An unannotated parameter of a function passed as argument `argument` of `callee`: the type
   * the callee's parameter declares for it (`superRefine(fn: (v: T, ctx: Ctx) => void)` gives
   * the second parameter Ctx), unless that is one of the callee's type parameters.
   */
  private callbackParameterType(scope: FileScope, fromId: string | null, callee: string, argument: number, parameter: number): Target | null {
    const target = this.calledFunction(scope, fromId, callee);
    const annotation = target?.symbol.params[argument]?.type;
    const written = annotation !== undefined && annotation !== null ? callbackParameter(annotation, parameter) : null;
    return target !== null && written !== null ? this.signatureType(target, written, target.symbol.id) : null;
  }

  /** `a, b = f()`: element `index` of the tuple type f declares it returns. */
  private unpackedType(scope: FileScope, fromId: string | null, callee: string, index: number): Target | null {
    const target = this.calledFunction(scope, fromId, callee);
    const returnType = target?.symbol.returnType;
    if (target === null || returnType === undefined) return null;
    // Overloads (Python `@overload`, TS signatures) that return different tuples: which one is meant is not known here.
    const overloads = this.r.scope(target.path)?.declared.get(target.symbol.parent ?? "")?.get(target.symbol.name) ?? [];
    if (overloads.some((s) => s !== target.symbol && FUNCTION_LIKE.has(s.kind) && s.returnType !== returnType)) return null;
    const element = tupleElement(returnType, index);
    return element !== null ? this.signatureType(target, element, target.symbol.parent) : null;
  }

  /** The function or method a callee written `a.b.f` / `a::f` calls, when it is one of ours. */
  calledFunction(scope: FileScope, fromId: string | null, callee: string): SymbolTarget | null {
    const split = splitCallee(callee);
    const target = this.r.modules.callee(this.r.resolveQualified(scope, fromId, split.qualifier, split.name));
    return target !== null && target.kind === "symbol" && FUNCTION_LIKE.has(target.symbol.kind) ? target : null;
  }

  /**
   * A type written in the signature of `fn` (read from `fromId` in its file), unless it names one
   * of fn's type parameters (`map<T>(f: (x: T) => void)`: T is no class of ours).
   */
  private signatureType(fn: SymbolTarget, written: string, fromId: string | null): Target | null {
    const scope = this.r.scope(fn.path);
    const name = annotatedTypeName(written);
    if (scope === null || name === null || this.isTypeParameter(scope, fn.symbol.id, name.split(".")[0]!)) return null;
    return this.annotatedType(scope, fromId, written);
  }

  /** Whether `name` is a type parameter of symbol `fromId` or of a symbol around it. */
  isTypeParameter(scope: FileScope, fromId: string | null, name: string): boolean {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined) {
      if (current.typeParams?.includes(name) === true) return true;
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    return false;
  }

  /**
   * What a module-level variable holds when its declaration says (its own `typed` entry: an
   * instance of a class, or the function or class it copies); any other target as it is.
   */
  valueOf(target: Target | null): Target | null {
    if (target === null || target.kind !== "symbol" || target.symbol.kind !== "Variable") return target;
    const symbol = target.symbol;
    const held = heldType(symbol);
    if (held === null) return target;
    const scope = this.r.scope(target.path);
    if (scope === null) return null;
    // Assigned again in the module (Python `x = A()` … `x = B()`): only one type for all will do.
    const same = scope.declared.get(symbol.parent ?? "")?.get(symbol.name) ?? [];
    if (same.some((s) => s !== symbol && s.kind === "Variable" && !sameTypeNotation(heldType(s), held))) return null;
    return this.typeOfBinding(scope, symbol.parent, symbol.name, held);
  }

  /** `this.x` / `self.x` typed by the constructor parameter it is usually assigned from. */
  private constructorParamType(cls: SymbolTarget, field: string): Target | null {
    const family = this.r.scope(cls.path)?.family;
    const ctorName = family !== undefined ? policyOf(family).constructorName : null;
    if (ctorName === null) return null;
    const ctor = this.r.methodOf(cls.path, cls.symbol, ctorName, new Set());
    if (ctor === null || ctor.kind !== "symbol") return null;
    const param = ctor.symbol.params.find((p) => p.name === field);
    const ctorScope = this.r.scope(ctor.path);
    if (param === undefined || param.type === null || ctorScope === null) return null;
    return this.annotatedType(ctorScope, ctor.symbol.parent, param.type);
  }

  /**
   * A method read without a call that stands for its value: a TS getter (`get conn(): Conn`),
   * a Python method (read so, it is a `@property`: a bound method has no attributes of ours).
   */
  isAccessor(member: Target | null): boolean {
    if (member === null || member.kind !== "symbol" || member.symbol.kind !== "Method") return false;
    const family = this.r.scope(member.path)?.family;
    return family !== undefined && policyOf(family).isAccessor(member.symbol);
  }

  /**
   * What calling a target gives, when its declaration says: a class gives an instance of
   * itself; a function or method gives the one class or interface its return type names.
   */
  instanceOf(target: Target | null): Target | null {
    if (target === null || target.kind !== "symbol") return null;
    const symbol = target.symbol;
    if (symbol.kind === "Class") return target;
    if (symbol.kind === "Variable") {
      // Calling a variable calls what it copies (`const stringType = ZodString.create`).
      const held = heldType(symbol);
      return held !== null && held._tag === "ValueOf" ? this.instanceOf(this.valueOf(target)) : null;
    }
    if (symbol.kind !== "Function" && symbol.kind !== "Method") return null;
    const scope = this.r.scope(target.path);
    if (scope === null) return null;
    if (symbol.returnType !== undefined && policyOf(scope.family).readsReturnType) {
      // The type as written: `list[Item]` / `Item[]` / `List<Item>` give a collection, not an Item.
      const name = returnedTypeName(symbol.returnType);
      if (name === null) return null;
      // PHP's `static` and `self` as return types: the class (as declared; late static binding is not followed).
      if (name === "Self" || name === "this" || name === "typing.Self" || name === "static" || name === "self") {
        const cls = this.r.enclosingClass(scope, symbol.parent);
        return cls !== null ? { kind: "symbol", path: target.path, symbol: cls } : null;
      }
      const dot = name.lastIndexOf(".");
      const type = this.r.resolveQualified(scope, symbol.parent, dot === -1 ? null : name.slice(0, dot), name.slice(dot + 1), "type");
      return type !== null && type.kind === "symbol" && TYPE_KINDS.has(type.symbol.kind) ? type : null;
    }
    if (symbol.returnValue !== undefined) {
      // No return type written: what its returns agree on, read inside the function.
      if (symbol.returnValue._tag === "This") {
        // A method's `this` is what it belongs to: its class, or the object (`api.a().b()`).
        const owner = symbol.kind === "Method" && symbol.parent !== null ? scope.byId.get(symbol.parent) : undefined;
        return owner !== undefined ? { kind: "symbol", path: target.path, symbol: owner } : null;
      }
      return this.typeOfBinding(scope, symbol.id, "\u0000return", symbol.returnValue);
    }
    let found: Target | null = null;
    for (const name of symbol.returns) {
      const type =
        name === "Self" || name === "this"
          ? (() => {
              const cls = this.r.enclosingClass(scope, symbol.parent);
              return cls !== null ? ({ kind: "symbol", path: target.path, symbol: cls } as const) : null;
            })()
          : this.r.resolveQualified(scope, symbol.parent, null, name, "type");
      if (type === null || type.kind !== "symbol" || !TYPE_KINDS.has(type.symbol.kind)) continue;
      if (found !== null && found.kind === "symbol" && found.symbol !== type.symbol) return null;
      found = type;
    }
    return found;
  }
}
