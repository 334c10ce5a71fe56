import type { ExtractedSymbol, FileParsed } from "../../../events/index.js";
import { scopeOf, type FileScope } from "./FileScope.js";
import { policyOf } from "./languages/index.js";
import type { Lookup } from "./Lookup.js";
import { ModuleResolver } from "./ModuleResolver.js";
import { first, pick, type Space } from "./pickSymbol.js";
import { chainSegments } from "./receiverText.js";
import { FUNCTION_LIKE, MAX_DEPTH, TYPE_KINDS, type SharedExports, type Target } from "./Target.js";
import { TypeInference, UNTYPED_LOCAL } from "./TypeInference.js";

/**
 * Name resolution across files for one `resolve` call: scopes, members and bases, and
 * qualified names (`a.b.f`, `this.repo.find`) followed segment by segment. Where imports lead
 * is `modules`' part, what type a receiver holds `types`'; what a language does its own way is
 * its policy (`languages/`). All reads go through `lookup`, so the dependencies of the answer
 * are known; memo tables live only as long as this object.
 */
export class Resolution {
  readonly modules: ModuleResolver;
  readonly types: TypeInference;
  private readonly qualifiedMemo = new Map<FileScope, Map<string, Map<string, Map<string, Target | null>>>>();

  constructor(
    readonly lookup: Lookup,
    shared: SharedExports = new Map(),
  ) {
    this.modules = new ModuleResolver(this, shared);
    this.types = new TypeInference(this);
  }

  scope(path: string): FileScope | null {
    const file = this.lookup.file(path);
    return file === undefined ? null : scopeOf(file);
  }

  /** A file's scope read through other reads than this lookup's own (a memoised answer's, recordedReads.ts). */
  scopeOfFile(file: FileParsed): FileScope {
    return scopeOf(file);
  }

  /** `name` looked up inside a module, package or class target. */
  memberOf(target: Target, name: string, depth = 0, space: Space = "value"): Target | null {
    if (depth > MAX_DEPTH) {
      this.lookup.taint();
      return null;
    }
    switch (target.kind) {
      case "module":
        return this.modules.exportOf(target.path, name, depth + 1, space);
      case "package":
        return this.modules.packageMember(target.files, name, space);
      case "external":
        return target;
      case "symbol": {
        const scope = this.scope(target.path);
        // Where a function's declarations are local to it, they are no property of it.
        if (scope !== null && !policyOf(scope.family).functionMembers && FUNCTION_LIKE.has(target.symbol.kind)) return null;
        const method = this.methodOf(target.path, target.symbol, name, new Set(), depth + 1);
        if (method !== null) return method;
        const nested = first(scope?.declared.get(target.symbol.id)?.get(name), () => true);
        return nested !== null ? { kind: "symbol", path: target.path, symbol: nested } : null;
      }
    }
  }

  /** A method of a class or of its ancestors (first base first, depth first). */
  methodOf(path: string, cls: ExtractedSymbol, name: string, seen: Set<string>, depth = 0): Target | null {
    const key = `${path}#${cls.id}`;
    if (seen.has(key)) return null;
    if (depth > MAX_DEPTH) {
      this.lookup.taint();
      return null;
    }
    seen.add(key);
    const scope = this.scope(path);
    if (scope === null) return null;
    const policy = policyOf(scope.family);
    if (policy.methodOf !== undefined) return policy.methodOf(this, path, cls, name, seen, depth);
    const own = first(scope.declared.get(cls.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Function");
    if (own !== null) return { kind: "symbol", path, symbol: own };
    for (const base of this.basesOf(path, cls, "extends")) {
      const found = this.methodOf(base.path, base.symbol, name, seen, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }

  /** Classes/interfaces named in a class's `extends` (or `implements`) clauses that resolve. */
  basesOf(path: string, cls: ExtractedSymbol, kind: "extends" | "implements"): { path: string; symbol: ExtractedSymbol }[] {
    const scope = this.scope(path);
    const refs = scope?.heritage.get(cls.id);
    if (scope === null || refs === undefined) return [];
    const out: { path: string; symbol: ExtractedSymbol }[] = [];
    for (const ref of refs) {
      if (ref.kind !== kind) continue;
      const target = this.resolveQualified(scope, cls.parent, ref.qualifier, ref.name, "type");
      if (target !== null && target.kind === "symbol" && TYPE_KINDS.has(target.symbol.kind)) {
        out.push({ path: target.path, symbol: target.symbol });
      }
    }
    return out;
  }

  /** A bare name as seen from inside symbol `fromId` of `scope`'s file. */
  resolveName(scope: FileScope, fromId: string | null, name: string, space: Space = "value"): Target | null {
    const path = scope.file.path;
    const policy = policyOf(scope.family);
    // A parameter names a value; it hides a type only where values and types share one
    // namespace, and nothing where variables live apart (Java: a bare name reaching here is a call).
    const paramsHide = !policy.variablesApart && (space === "value" || !policy.valuesAndTypesApart);
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined) {
      if (!TYPE_KINDS.has(current.kind)) {
        if (paramsHide && current.params.some((p) => p.name === name)) return null;
        const local = pick(scope.declared.get(current.id)?.get(name), space, scope.family);
        if (local !== null) return { kind: "symbol", path, symbol: local };
      }
      // A local variable or type parameter of this scope: not a declaration we index. (Java
      // keeps variables and methods apart: `reader(s)` calls the method beside a local `reader`.)
      if ((!policy.variablesApart && current.locals?.includes(name) === true) || current.typeParams?.includes(name) === true) return null;
      if (TYPE_KINDS.has(current.kind) && policy.classScopeName !== undefined) {
        const member = policy.classScopeName(this, scope, current, name, space);
        if (member !== null) return member;
      }
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    const top = pick(policy.bareNames(scope.declared.get("")?.get(name)), space, scope.family);
    if (top !== null) return { kind: "symbol", path, symbol: top };
    const binding = scope.bindings.get(name);
    if (binding !== undefined) return this.modules.binding(scope, binding, 0, space);
    const sibling = policy.samePackageName?.(this, scope, name, space) ?? null;
    if (sibling !== null) return sibling;
    return this.modules.throughStars(scope, name, 0, space, true);
  }

  /** The class enclosing symbol `fromId` (the innermost one). */
  enclosingClass(scope: FileScope, fromId: string | null): ExtractedSymbol | null {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined) {
      if (TYPE_KINDS.has(current.kind)) return current;
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    return null;
  }

  /** Whether `fromId` is (or sits in) a plain function that itself sits inside a class. */
  inNestedFunction(scope: FileScope, fromId: string | null): boolean {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    let sawFunction = false;
    while (current !== undefined) {
      if (TYPE_KINDS.has(current.kind)) return sawFunction;
      if (current.kind === "Function") sawFunction = true;
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    return false;
  }

  /** The enclosing method, for Go receivers and Rust `self`. */
  enclosingMethod(scope: FileScope, fromId: string | null): ExtractedSymbol | null {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined) {
      if (current.kind === "Method") return current;
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    return null;
  }

  /** What the first segment of a qualifier denotes: `this`, `self`, `super`, a receiver, or a name. */
  private qualifierHead(scope: FileScope, fromId: string | null, head: string, rustPath = false): Target | "super" | null {
    const policy = policyOf(scope.family);
    if (policy.isSelf(head)) return policy.selfTarget(this, scope, fromId);
    if (policy.isSuper(head)) return "super";
    const own = policy.qualifierHead?.(this, scope, fromId, head, rustPath);
    if (own !== undefined) return own;
    const bound = this.types.boundType(scope, fromId, head);
    // Where variables live apart, a local names a variable only (its type unknown here); elsewhere resolveName hides it.
    if (bound === UNTYPED_LOCAL) return policy.variablesApart ? null : this.resolveName(scope, fromId, head);
    if (bound !== undefined) return bound !== null ? this.types.typeOfBinding(scope, fromId, head, bound) : null;
    if (policy.bareFieldNames) {
      // A bare name is a field of the class (or of a class around it) before it is a type.
      const field = this.types.enclosingField(scope, fromId, head);
      if (field !== null) return field;
    }
    return this.resolveName(scope, fromId, head);
  }

  /**
   * `qualifier.name` (or a bare `name` when the qualifier is null) seen from `fromId`. `rustPath`:
   * the qualifier is a Rust path (`config::load()`, `Reference.path`), whose head is a module
   * or a type even where a local or parameter has its name.
   */
  resolveQualified(scope: FileScope, fromId: string | null, qualifier: string | null, name: string, space: Space = "value", rustPath = false): Target | null {
    // Files repeat the same call many times (`Q.real(x)` hundreds of times in one test).
    // Nested maps keyed by the strings the parse result already holds: no key is built.
    const byFile = this.qualifiedMemo.get(scope) ?? new Map<string, Map<string, Map<string, Target | null>>>();
    this.qualifiedMemo.set(scope, byFile);
    const fromKey = space === "value" && !rustPath ? (fromId ?? "") : `\u0000${space}${rustPath ? "\u0000path" : ""}${fromId ?? ""}`;
    let byQualifier = byFile.get(fromKey);
    if (byQualifier === undefined) byFile.set(fromKey, (byQualifier = new Map()));
    let byName = byQualifier.get(qualifier ?? "");
    if (byName === undefined) byQualifier.set(qualifier ?? "", (byName = new Map()));
    const memo = this.lookup.capturing() ? undefined : byName.get(name);
    if (memo !== undefined) return memo;
    const found = this.computeQualified(scope, fromId, qualifier, name, space, rustPath);
    byName.set(name, found);
    return found;
  }

  private computeQualified(scope: FileScope, fromId: string | null, qualifier: string | null, name: string, space: Space, rustPath: boolean): Target | null {
    const policy = policyOf(scope.family);
    if (qualifier === null) {
      const own = policy.bareName?.(this, scope, fromId, name);
      return own !== undefined ? own : this.resolveName(scope, fromId, name, space);
    }
    const path = policy.qualifiedPath?.(this, scope, fromId, qualifier, name, space);
    if (path !== undefined) return path;
    const receiver = policy.plainReceiver(qualifier);
    // `new Builder().a().b()`, `(x as T).a()`: the chain starts from an instance of the class created or cast to.
    const instance = policy.instanceReceiver(receiver);
    if (instance !== null) {
      const rest = instance.rest === "" ? [] : chainSegments(instance.rest, ".");
      return rest !== null ? this.followChain(this.types.annotatedType(scope, fromId, instance.type), rest, name, space) : null;
    }
    const segments = chainSegments(receiver, policy.separators);
    if (segments === null) return null;
    const head = segments[0]!;
    if (head.name === "super" && head.call === policy.superIsCall) return segments.length > 1 ? null : this.superMethod(scope, fromId, name);
    const start = this.qualifierHead(scope, fromId, head.name, rustPath);
    const value: Target | null = start === "super" ? null : head.call ? this.types.instanceOf(start) : this.types.valueOf(start);
    return this.followChain(value, segments.slice(1), name, space);
  }

  /** `super.name()`: the method of that name in the enclosing class's bases. */
  private superMethod(scope: FileScope, fromId: string | null, name: string): Target | null {
    const cls = this.enclosingClass(scope, fromId);
    if (cls === null) return null;
    const seen = new Set<string>([`${scope.file.path}#${cls.id}`]);
    for (const base of this.basesOf(scope.file.path, cls, "extends")) {
      const found = this.methodOf(base.path, base.symbol, name, seen);
      if (found !== null) return found;
    }
    return null;
  }

  /** From `start`, each segment in turn (a member, a field, or what a call returns), then `name` on what is reached. */
  private followChain(start: Target | null, segments: ReadonlyArray<{ name: string; call: boolean }>, name: string, space: Space): Target | null {
    let current = start;
    for (const segment of segments) {
      if (current === null || current.kind === "external") return current;
      const member: Target | null = this.memberOf(current, segment.name) ?? (segment.call ? null : this.types.fieldType(current, segment.name));
      current = segment.call || this.types.isAccessor(member) ? this.types.instanceOf(member) : this.types.valueOf(member);
    }
    if (current === null || current.kind === "external") return current;
    return this.memberOf(current, name, 0, space);
  }
}
