import type { ArgumentHint, ExtractedSymbol, Reference } from "../../../events/index.js";
import { withoutTypeArguments } from "../../../shared/index.js";
import type { FileScope } from "./FileScope.js";
import { bestOverload, type JavaType } from "./javaOverloads.js";
import type { Resolution } from "./Resolution.js";
import { TYPE_KINDS } from "./Target.js";
import { UNTYPED_LOCAL } from "./TypeInference.js";

type SymbolTarget = { readonly path: string; readonly symbol: ExtractedSymbol };

const NOTHING: ReadonlySet<string> = new Set();

/** A type as written, without generic arguments or spaces; varargs as an array (`T...` → `T[]`). */
const bareType = (written: string): string =>
  withoutTypeArguments(written.replace(/@[\w.]+(\([^()]*\))?\s*/g, "").replace(/\bfinal\s+/g, ""))
    .replace(/\s+/g, "")
    .replace(/\.\.\.$/, "[]");

const keyOf = (target: SymbolTarget): string => `${target.path}#${target.symbol.id}`;

/**
 * Java argument and parameter types as the overload choice compares them (see javaOverloads):
 * read where they are written, through `resolution`, so what they depend on is recorded.
 */
export class JavaArgumentTypes {
  private readonly targets = new Map<string, SymbolTarget>();

  constructor(private readonly resolution: Resolution) {}

  /** A type written in `scope` inside symbol `fromId`. */
  written(scope: FileScope, fromId: string | null, text: string): JavaType {
    const bare = bareType(text);
    const base = bare.replace(/(\[\])+$/, "");
    const name = base.slice(base.lastIndexOf(".") + 1) + bare.slice(base.length);
    const plain = { name, project: null, variable: false, ancestors: NOTHING, open: false };
    // Arrays are told apart by their name only.
    if (base !== bare) return plain;
    if (this.resolution.types.isTypeParameter(scope, fromId, base)) return { ...plain, variable: true };
    const target = this.typeNamed(scope, fromId, base);
    return target !== null ? this.ofProject(target) : plain;
  }

  private typeNamed(scope: FileScope, fromId: string | null, name: string): SymbolTarget | null {
    const target = this.resolution.types.annotatedType(scope, fromId, name);
    return target !== null && target.kind === "symbol" ? target : null;
  }

  /** The class or interface a project type was read from. */
  private projectTarget(type: JavaType | null): SymbolTarget | null {
    return type !== null && type.project !== null ? (this.targets.get(type.project) ?? null) : null;
  }

  /** One of the project's classes or interfaces, with everything it extends or implements. */
  ofProject(target: SymbolTarget): JavaType {
    const ancestors = new Set<string>();
    let open = false;
    const seen = new Set([keyOf(target)]);
    const queue: SymbolTarget[] = [target];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const scope = this.resolution.scope(next.path);
      for (const ref of scope?.heritage.get(next.symbol.id) ?? []) {
        const base = this.resolution.resolveQualified(scope!, next.symbol.parent, ref.qualifier, ref.name, "type");
        if (base === null || base.kind !== "symbol" || !TYPE_KINDS.has(base.symbol.kind)) {
          ancestors.add(ref.name);
          open = true;
          continue;
        }
        const key = keyOf(base);
        if (seen.has(key)) continue;
        seen.add(key);
        ancestors.add(key);
        queue.push(base);
      }
    }
    const key = keyOf(target);
    this.targets.set(key, target);
    return { name: target.symbol.name, project: key, variable: false, ancestors, open };
  }

  /** The type of an argument from its hint (`Reference.args`), null when nothing says. */
  argument(scope: FileScope, fromId: string | null, hint: ArgumentHint | null): JavaType | null {
    return hint !== null ? this.hinted(scope, fromId, hint, 0) : null;
  }

  private hinted(scope: FileScope, fromId: string | null, hint: ArgumentHint, depth: number): JavaType | null {
    if (depth > 6) return null;
    switch (hint._tag) {
      case "NullLiteral":
        return { name: "null", project: null, variable: false, ancestors: NOTHING, open: false };
      case "Written":
        return this.written(scope, fromId, hint.type);
      case "Value":
        return this.valueType(scope, fromId, hint.path, depth);
      case "Returned":
        return this.returnedBy(scope, fromId, hint.callee);
    }
  }

  /** The type of a value written `x`, `this`, `this.f`, `a.f` or `Type.CONSTANT`, as its dotted path. */
  private valueType(scope: FileScope, fromId: string | null, path: readonly string[], depth: number): JavaType | null {
    if (path.length === 1 && path[0] === "this") {
      const cls = this.resolution.enclosingClass(scope, fromId);
      return cls !== null ? this.ofProject({ path: scope.file.path, symbol: cls }) : null;
    }
    if (path.length > 1) {
      // `this.f`, `a.f`, `Type.CONSTANT`: a field of what the head is, else a static one of the type it names.
      const head = path.slice(0, -1);
      const owner = this.projectTarget(this.hinted(scope, fromId, { _tag: "Value", path: head }, depth + 1)) ?? this.typeNamed(scope, fromId, head.join("."));
      return owner !== null ? this.field(owner, path[path.length - 1]!) : null;
    }
    const value = path[0]!;
    const bound = this.resolution.types.boundType(scope, fromId, value);
    if (bound === UNTYPED_LOCAL || bound === null) return null;
    if (bound !== undefined) {
      // `var x = a.b()`: typed by the call; any other Java binding by the type written.
      if (bound._tag === "Returned") return depth + 1 > 6 ? null : this.returnedBy(scope, fromId, bound.callee);
      return bound._tag === "Annotation" ? this.written(scope, fromId, bound.text) : null;
    }
    // A bare name that no enclosing method binds: a field of the class, or of a class around it.
    for (let cls = this.resolution.enclosingClass(scope, fromId); cls !== null; cls = this.resolution.enclosingClass(scope, cls.parent)) {
      const found = this.field({ path: scope.file.path, symbol: cls }, value);
      if (found !== null) return found;
    }
    return null;
  }

  /** What `callee()` declares it returns. */
  private returnedBy(scope: FileScope, fromId: string | null, callee: string): JavaType | null {
    const target = this.resolution.types.calledFunction(scope, fromId, callee);
    if (target === null || target.symbol.returnType === undefined) return null;
    const calleeScope = this.resolution.scope(target.path);
    return calleeScope !== null ? this.written(calleeScope, target.symbol.id, target.symbol.returnType) : null;
  }

  /** The declared type of field `name` that `cls` has or inherits. */
  private field(cls: SymbolTarget, name: string, seen: Set<string> = new Set()): JavaType | null {
    const key = keyOf(cls);
    if (seen.has(key)) return null;
    seen.add(key);
    const scope = this.resolution.scope(cls.path);
    if (scope === null) return null;
    const typed = cls.symbol.typed?.find((t) => t.name === name);
    // A Java field is typed by its declaration alone: an annotation.
    if (typed !== undefined) return typed.type._tag === "Annotation" ? this.written(scope, cls.symbol.id, typed.type.text) : null;
    for (const base of this.resolution.basesOf(cls.path, cls.symbol, "extends")) {
      const inherited = this.field(base, name, seen);
      if (inherited !== null) return inherited;
    }
    return null;
  }

  /**
   * Among overloads that take the call's argument count, the one its arguments fit best; null
   * when the arguments cannot tell them apart.
   */
  choose(scope: FileScope, ref: Reference, path: string, overloads: readonly ExtractedSymbol[], variadic: (s: ExtractedSymbol) => boolean): ExtractedSymbol | null {
    if (ref.args === undefined) return null;
    const args = ref.args.map((hint) => this.argument(scope, ref.from, hint));
    const calleeScope = this.resolution.scope(path);
    if (calleeScope === null || args.every((a) => a === null)) return null;
    const params = overloads.map((s) =>
      // A varargs parameter's element type is not compared (see bestOverload).
      (variadic(s) ? s.params.slice(0, -1) : s.params).map((p) => (p.type !== null ? this.written(calleeScope, s.id, p.type) : null)),
    );
    const best = bestOverload(args, params);
    return best !== null ? overloads[best]! : null;
  }
}
