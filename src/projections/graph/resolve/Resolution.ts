import type { ExtractedSymbol } from "../../../events/index.js";
import { scopeOf, type Binding, type FileScope } from "./FileScope.js";
import type { Capture, Lookup } from "./Lookup.js";
import { goVisibleFiles, resolveGoModule } from "./modules/go.js";
import { resolveJavaImport } from "./modules/java.js";
import { MISSING, type ModuleTarget } from "./modules/ModuleTarget.js";
import { isPackageInit, resolvePyModule, submoduleOf } from "./modules/python.js";
import { resolveRustModule } from "./modules/rust.js";
import { resolveTsModule } from "./modules/typescript.js";
import { dirname } from "./paths.js";
import { first, isScopeName, pick, type Space } from "./pickSymbol.js";
import { annotatedTypeName, callbackParameter, castReceiver, chainSegments, createdClass, plainReceiver, splitCallee, tupleElement } from "./receiverText.js";

/** What a name denotes once resolved. */
export type Target =
  | { readonly kind: "symbol"; readonly path: string; readonly symbol: ExtractedSymbol }
  | { readonly kind: "module"; readonly path: string }
  | { readonly kind: "package"; readonly dir: string; readonly files: readonly string[] }
  /** Defined outside the repository: resolution stops here, with no edge and no guess. */
  | { readonly kind: "external"; readonly id: string };

const MAX_DEPTH = 48;

const IN_PROGRESS = Symbol("in progress");

/** Export lookups that saw no cycle, with what they read; valid until the next change. */
export type SharedExports = Map<string, { readonly target: Target | null; readonly capture: Capture }>;
export const TYPE_KINDS: ReadonlySet<string> = new Set(["Class", "Interface"]);
const FUNCTION_LIKE = new Set(["Function", "Method", "Test"]);
/** What a Rust `impl` block can be for (or a trait's own default methods). */
const RUST_SELF_KINDS = new Set(["Class", "Enum", "Type", "Interface"]);
/**
 * Languages whose declared return type is read as written (`ExtractedSymbol.returnType`); Go's
 * `(T, error)` and Rust's `Result<T, E>` keep the older reading of the names in it.
 */
const RETURN_TYPE_READ: ReadonlySet<string> = new Set(["ts", "python", "java"]);

/** The one class a declared return type names once awaited: `Promise<User>` → User, `list[User]` → list. */
const returnedTypeName = (returnType: string): string | null => {
  const awaited = /^(?:Promise|PromiseLike|Awaitable|Coroutine|typing\.Awaitable)\s*[<[](.+)[>\]]$/s.exec(returnType.trim());
  if (awaited === null) return annotatedTypeName(returnType);
  // `Coroutine[Any, Any, T]` yields its last argument.
  const inner = awaited[1]!;
  return annotatedTypeName(returnType.trim().startsWith("Coroutine") ? inner.slice(inner.lastIndexOf(",") + 1) : inner);
};

/** What a module-level variable holds, as its own `typed` entry records it, or null. */
const heldType = (symbol: ExtractedSymbol): string | null => symbol.typed?.find((t) => t.name === symbol.name)?.type ?? null;

/** The right-hand side of a TS type alias's signature (`type A<T> = B<T>`). */
const TYPE_ALIAS = /^(?:export\s+)?(?:declare\s+)?type\s+[\w$]+\s*(?:<.*?>)?\s*=\s*(.+?);?$/;

/** The signature of a member whose value is an arrow (`b: () =>`, `app.x = (y) =>`), not a method or `function`. */
const ARROW_MEMBER = /^[^(]*[:=]\s*(?!(?:async\s+)?function\b)[\w$(]/;

/** Rust receivers mix paths and fields: `a::B::new().repo.get()`. */
const RUST_SEPARATORS = ["::", "."] as const;

/** Element i of the tuple a call returns, as the extractors type `a, b = f()` / `const [a, b] = f()`: `f()[i]`. */
const UNPACKED = /^(.+)\(\)\[(\d+)\]$/;

/** A callback's parameter as the TS extractor types it: `callback <argument> of <callee> param <index>`. */
const CALLBACK_PARAMETER = /^callback (\d+) of (.+) param (\d+)$/;

/** See `Resolution.boundType`. */
export const UNTYPED_LOCAL = Symbol("untyped local");
const JAVA_TYPE_KINDS = new Set(["Class", "Interface", "Enum"]);

/**
 * A function assigned to a property (`exports.a = function …`, `module.exports = function a …`)
 * binds no module-level name: a bare `a()` does not call it.
 */
const bareNames = (list: readonly ExtractedSymbol[] | undefined): readonly ExtractedSymbol[] | undefined =>
  list?.some((s) => s.qualifiedName !== s.name) === true ? list.filter((s) => s.qualifiedName === s.name) : list;

/** `module.exports = function a …` is reached as the module itself, not as its export `a`. */
const exportable = (list: readonly ExtractedSymbol[] | undefined): readonly ExtractedSymbol[] | undefined =>
  list?.some((s) => s.qualifiedName === "module.exports") === true ? list.filter((s) => s.qualifiedName !== "module.exports") : list;

const commonJs = new WeakMap<FileScope, boolean>();
/** A module that exports through `module.exports` / `exports.a = …` (its other names are private). */
const isCommonJs = (scope: FileScope): boolean => {
  let known = commonJs.get(scope);
  if (known === undefined) {
    known = scope.file.exportsWhole !== undefined || scope.file.symbols.some((s) => s.parent === null && s.qualifiedName.startsWith("exports."));
    commonJs.set(scope, known);
  }
  return known;
};

/**
 * Name resolution across files for one `resolve` call. All reads go through `lookup`, so
 * the dependencies of the answer are known; memo tables live only as long as this object.
 */
export class Resolution {
  private readonly moduleMemo = new Map<string, ModuleTarget>();
  private readonly exportMemo = new Map<string, { readonly target: Target | null; readonly capture: Capture } | typeof IN_PROGRESS>();
  private readonly qualifiedMemo = new Map<FileScope, Map<string, Map<string, Map<string, Target | null>>>>();
  /** Typed bindings whose call is being followed (see typeOfBinding). */
  private readonly bindingsInProgress = new Set<string>();

  constructor(
    readonly lookup: Lookup,
    private readonly shared: SharedExports = new Map(),
  ) {}

  scope(path: string): FileScope | null {
    const file = this.lookup.file(path);
    return file === undefined ? null : scopeOf(file);
  }

  /** Where an import of `scope`'s file leads (memoised per specifier). */
  module(scope: FileScope, specifier: string): ModuleTarget {
    const key = `${scope.file.path}\u0000${specifier}`;
    // A memo hit reads nothing, so inside a computation shared across files (whose reads
    // must all be recorded) the answer is worked out again.
    const memo = this.lookup.capturing() ? undefined : this.moduleMemo.get(key);
    if (memo !== undefined) return memo;
    const target = this.computeModule(scope, specifier);
    this.moduleMemo.set(key, target);
    return target;
  }

  private computeModule(scope: FileScope, specifier: string): ModuleTarget {
    const path = scope.file.path;
    switch (scope.family) {
      case "ts":
        return resolveTsModule(this.lookup, path, specifier);
      case "python":
        return resolvePyModule(this.lookup, path, specifier);
      case "go":
        return resolveGoModule(this.lookup, specifier);
      case "rust":
        return resolveRustModule(this.lookup, path, specifier).target;
      case "java":
        return resolveJavaImport(this.lookup, specifier).target;
      default:
        return MISSING;
    }
  }

  /** The target of an import binding, following re-exports. */
  binding(scope: FileScope, binding: Binding, depth = 0, space: Space = "value"): Target | null {
    const family = scope.family;
    if (family === "rust") return this.rustBinding(scope, binding, depth, space);
    if (family === "java") return this.javaBinding(binding, depth, space);
    const module = this.module(scope, binding.module);
    const base = this.moduleAsTarget(module);
    if (base === null || binding.name === "*") return base;
    if (base.kind !== "module") return base.kind === "package" ? this.memberOf(base, binding.name, depth + 1, space) : base;
    if (family === "python") {
      const sub = submoduleOf(this.lookup, base.path, binding.name);
      const found = this.exportOf(base.path, binding.name, depth + 1, space);
      if (found !== null) return found;
      return sub !== null ? { kind: "module", path: sub } : null;
    }
    const found = this.exportOf(base.path, binding.name, depth + 1, space);
    if (found !== null || binding.name !== "default") return found;
    // A parse that names its default export has answered above. Without one (a parse from
    // before ts-extract-5, a CommonJS module) the local name usually matches the declaration.
    if (this.scope(base.path)?.file.defaultExport !== undefined) return null;
    return binding.local !== "default" ? this.exportOf(base.path, binding.local, depth + 1, space) : null;
  }

  private rustBinding(scope: FileScope, binding: Binding, depth: number, space: Space): Target | null {
    // `use a::b::C` binds C (module `a::b`, name `C`); `use a::b` / `{self}` bind the module.
    const path = binding.name === "*" ? binding.module : `${binding.module}::${binding.name}`;
    const { target, rest } = resolveRustModule(this.lookup, scope.file.path, path);
    let current = this.moduleAsTarget(target);
    for (const [i, segment] of rest.entries()) {
      if (current === null || current.kind === "external") return current;
      current = this.memberOf(current, segment, depth + 1, i === rest.length - 1 ? space : "value");
    }
    return current;
  }

  private javaBinding(binding: Binding, depth: number, space: Space): Target | null {
    const { target, rest } = resolveJavaImport(this.lookup, binding.module);
    if (target.kind !== "file") return this.moduleAsTarget(target);
    const className = binding.module.split(".")[binding.module.split(".").length - rest.length - 1] ?? "";
    let current = this.exportOf(target.path, className, depth + 1);
    for (const [i, segment] of rest.entries()) {
      if (current === null || current.kind === "external") return current;
      current = this.memberOf(current, segment, depth + 1, i === rest.length - 1 ? space : "value");
    }
    return current;
  }

  moduleAsTarget(module: ModuleTarget): Target | null {
    switch (module.kind) {
      case "file":
        return { kind: "module", path: module.path };
      case "package":
        return module;
      case "external":
        return module;
      case "missing":
        return null;
    }
  }

  /** A name a module makes available to importers. */
  exportOf(path: string, name: string, _depth = 0, space: Space = "value"): Target | null {
    // Memoised per call and, when the walk met no cycle, across calls (`shared`, cleared on
    // every change) with its reads replayed; marked while in progress, as `import *` cycles
    // are common in Python.
    const key = `${space}\u0000${path}\u0000${name}`;
    const memo = this.exportMemo.get(key);
    if (memo === IN_PROGRESS) {
      this.lookup.taint();
      return null;
    }
    if (memo !== undefined) {
      // Charge the enclosing computation (if any) with what this answer read.
      this.lookup.replay(memo.capture);
      if (memo.capture.tainted) this.lookup.taint();
      return memo.target;
    }
    const shared = this.shared.get(key);
    if (shared !== undefined) {
      this.lookup.replay(shared.capture);
      this.exportMemo.set(key, shared);
      return shared.target;
    }
    this.exportMemo.set(key, IN_PROGRESS);
    const capture = this.lookup.begin();
    const found = this.computeExport(path, name, 0, space);
    this.lookup.end(capture);
    const entry = { target: found, capture };
    this.exportMemo.set(key, entry);
    if (!capture.tainted) this.shared.set(key, entry);
    return found;
  }

  private computeExport(path: string, name: string, depth: number, space: Space): Target | null {
    const scope = this.scope(path);
    if (scope === null) return null;
    // `export { stringType as string }`, `exports.application = proto`: another of this module's
    // names, exported or not (a CommonJS module exports only what it assigns).
    const local = scope.file.exportAliases?.find((a) => a.alias === name)?.name;
    if (local !== undefined && depth < MAX_DEPTH) {
      const declared = pick(scope.declared.get("")?.get(local), space, scope.family);
      return declared !== null ? { kind: "symbol", path, symbol: declared } : this.computeExport(path, local, depth + 1, space);
    }
    const top = scope.family === "ts" ? exportable(scope.declared.get("")?.get(name)) : scope.declared.get("")?.get(name);
    // A CommonJS module exports only what it assigns; an ES module's other names stay a fallback.
    const own = pick(top, space, scope.family, true) ?? (isCommonJs(scope) ? null : pick(top, space, scope.family));
    if (own !== null) return { kind: "symbol", path, symbol: own };
    // `export default X` / `export { X as default }`: what X names in this module.
    const defaultName = scope.file.defaultExport;
    if (name === "default" && defaultName !== undefined && defaultName !== "default") return this.computeExport(path, defaultName, depth + 1, space);
    const re = scope.reexports.get(name);
    if (re !== undefined) return this.binding(scope, re, depth + 1, space);
    const imported = scope.bindings.get(name);
    if (imported !== undefined) return this.binding(scope, imported, depth + 1, space);
    if (scope.family === "python" && isPackageInit(path)) {
      const sub = submoduleOf(this.lookup, path, name);
      if (sub !== null) return { kind: "module", path: sub };
    }
    for (const star of [...scope.starModules, ...scope.lateStars]) {
      if (scope.family === "python" && name.startsWith("_")) break;
      const module = this.moduleAsTarget(this.module(scope, star.specifier));
      if (module === null || module.kind === "external") continue;
      const found = this.memberOf(module, name, depth + 1, space);
      if (found !== null && found.kind !== "external") return found;
    }
    // `module.exports = app`: the module's names are that object's (`app.init = function …`).
    const whole = scope.family === "ts" ? this.wholeExport(path) : null;
    if (whole !== null && (whole.kind === "module" || (whole.kind === "symbol" && whole.symbol.kind === "Variable"))) {
      return this.memberOf(whole, name, depth + 1, space);
    }
    return null;
  }

  /** What a CommonJS module exports as a whole (`module.exports = x`), or null. */
  wholeExport(path: string): Target | null {
    const scope = this.scope(path);
    const name = scope?.file.exportsWhole;
    if (scope === null || name === undefined) return null;
    const own = scope.byId.get(name);
    if (own !== undefined && own.parent === null) return { kind: "symbol", path, symbol: own };
    const binding = scope.bindings.get(name);
    return binding !== undefined ? this.binding(scope, binding, 1) : null;
  }

  /** What calling a target calls: a module stands for what it exports as a whole. */
  callee(target: Target | null): Target | null {
    let current = target;
    for (let i = 0; i < 8 && current !== null && current.kind === "module"; i++) current = this.wholeExport(current.path);
    return current !== null && current.kind === "module" ? null : current;
  }

  /** `name` looked up inside a module, package or class target. */
  memberOf(target: Target, name: string, depth = 0, space: Space = "value"): Target | null {
    if (depth > MAX_DEPTH) {
      this.lookup.taint();
      return null;
    }
    switch (target.kind) {
      case "module":
        return this.exportOf(target.path, name, depth + 1, space);
      case "package":
        return this.packageMember(target.files, name, space);
      case "external":
        return target;
      case "symbol": {
        const scope = this.scope(target.path);
        // What a TS or Python function declares in its body is local to it, not a property of it.
        if ((scope?.family === "ts" || scope?.family === "python") && FUNCTION_LIKE.has(target.symbol.kind)) return null;
        const method = this.methodOf(target.path, target.symbol, name, new Set(), depth + 1);
        if (method !== null) return method;
        const nested = first(scope?.declared.get(target.symbol.id)?.get(name), () => true);
        return nested !== null ? { kind: "symbol", path: target.path, symbol: nested } : null;
      }
    }
  }

  /** A package-level declaration of a Go package (methods excluded: they are reached through types). */
  packageMember(files: readonly string[], name: string, space: Space = "value"): Target | null {
    for (const path of files) {
      const scope = this.scope(path);
      const found = scope === null ? null : pick(scope.declared.get("")?.get(name), space, scope.family);
      if (found !== null) return { kind: "symbol", path, symbol: found };
    }
    return null;
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
    if (scope.family === "go") return this.goMethod(path, cls, name) ?? this.goPromoted(path, cls, name, seen, depth);
    const own = first(scope.declared.get(cls.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Function");
    if (own !== null) return { kind: "symbol", path, symbol: own };
    for (const base of this.basesOf(path, cls, "extends")) {
      const found = this.methodOf(base.path, base.symbol, name, seen, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }

  /** Go methods live anywhere in the package, named `Type.Method`. */
  goMethod(path: string, type: ExtractedSymbol, name: string): Target | null {
    const qualified = `${type.name}.${name}`;
    const pkg = this.scope(path)?.file.packageName;
    for (const file of goVisibleFiles(this.lookup, path)) {
      const scope = this.scope(file);
      if (scope === null || scope.file.packageName !== pkg) continue;
      const found = first(scope?.declared.get("")?.get(name), (s) => s.kind === "Method" && s.qualifiedName === qualified)
        ?? first(scope?.declared.get(type.id)?.get(name), (s) => s.kind === "Method" && s.qualifiedName === qualified && file === path);
      if (found !== null) return { kind: "symbol", path: file, symbol: found };
    }
    return null;
  }

  /**
   * A method promoted from a struct's embedded fields: the shallowest embedding that has it,
   * and none when two at the same depth do (Go rejects that selector as ambiguous).
   */
  private goPromoted(path: string, cls: ExtractedSymbol, name: string, seen: Set<string>, depth: number): Target | null {
    const bases = this.basesOf(path, cls, "extends");
    if (bases.length === 0) return null;
    const direct = bases.map((b) => this.goMethod(b.path, b.symbol, name)).filter((t) => t !== null);
    if (direct.length > 0) return direct.length === 1 ? direct[0]! : null;
    const deeper = bases.map((b) => this.methodOf(b.path, b.symbol, name, seen, depth + 1)).filter((t) => t !== null);
    return deeper.length === 1 ? deeper[0]! : null;
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
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined) {
      if (!TYPE_KINDS.has(current.kind)) {
        // A parameter names a value; it hides a type only where values and types are one namespace.
        // (Java keeps variables and methods apart: a bare name reaching here is a call.)
        // (Rust keeps values and types apart too: a parameter never hides a module or type.)
        if ((space === "value" || (scope.family !== "ts" && scope.family !== "rust")) && scope.family !== "java" && current.params.some((p) => p.name === name)) return null;
        const local = pick(scope.declared.get(current.id)?.get(name), space, scope.family);
        if (local !== null) return { kind: "symbol", path, symbol: local };
      }
      // A local variable or type parameter of this scope: not a declaration we index. (Java
      // keeps variables and methods apart: `reader(s)` calls the method beside a local `reader`.)
      if ((current.locals?.includes(name) === true && scope.family !== "java") || current.typeParams?.includes(name) === true) return null;
      if (TYPE_KINDS.has(current.kind) && scope.family === "java") {
        // A type name never denotes a method (nor the constructor named like its class).
        if (space === "value") {
          const method = this.methodOf(path, current, name, new Set());
          if (method !== null) return method;
        }
        const nested = first(scope.declared.get(current.id)?.get(name), (s) => JAVA_TYPE_KINDS.has(s.kind));
        if (nested !== null) return { kind: "symbol", path, symbol: nested };
      }
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    const declaredTop = scope.declared.get("")?.get(name);
    const top = pick(scope.family === "ts" ? bareNames(declaredTop) : declaredTop, space, scope.family);
    if (top !== null) return { kind: "symbol", path, symbol: top };
    const binding = scope.bindings.get(name);
    if (binding !== undefined) return this.binding(scope, binding, 0, space);
    if (scope.family === "go") {
      const siblings = goVisibleFiles(this.lookup, path).filter((p) => p !== path && this.samePackage(scope, p));
      const found = this.packageMember(siblings, name, space);
      if (found !== null) return found;
    }
    if (scope.family === "java") {
      const found = this.javaSamePackage(scope, name);
      if (found !== null) return found;
    }
    for (const star of [...scope.starModules, ...scope.lateStars]) {
      if (scope.family === "python" && name.startsWith("_")) break;
      const module = this.moduleAsTarget(this.module(scope, star.specifier));
      if (module === null || module.kind === "external") continue;
      const found = this.memberOf(module, name, 0, space);
      if (found !== null && found.kind !== "external") return found;
      if (scope.family === "java" && module.kind === "module" && space === "value") {
        // `import static com.x.Util.*` names a class: its static members become bare names.
        const member = this.javaStaticMember(module.path, name);
        if (member !== null) return member;
      }
    }
    return null;
  }

  /** A member of the class a Java file is named for (`Util.java` → `Util`). */
  private javaStaticMember(path: string, name: string): Target | null {
    const scope = this.scope(path);
    const className = path.slice(path.lastIndexOf("/") + 1).replace(/\.java$/, "");
    const cls = first(scope?.declared.get("")?.get(className), (s) => JAVA_TYPE_KINDS.has(s.kind));
    return cls !== null ? this.methodOf(path, cls, name, new Set()) : null;
  }

  private samePackage(scope: FileScope, path: string): boolean {
    const other = this.scope(path);
    return other !== null && other.file.packageName === scope.file.packageName;
  }

  private javaSamePackage(scope: FileScope, name: string): Target | null {
    const pkg = scope.file.packageName;
    const typeIn = (path: string): Target | null => {
      const other = this.scope(path);
      if (other === null || other.file.packageName !== pkg) return null;
      const found = first(other.declared.get("")?.get(name), (s) => JAVA_TYPE_KINDS.has(s.kind));
      return found !== null ? { kind: "symbol", path, symbol: found } : null;
    };
    for (const path of this.lookup.filesIn(dirname(scope.file.path))) {
      if (path === scope.file.path || !path.endsWith(".java")) continue;
      const found = typeIn(path);
      if (found !== null) return found;
    }
    // The package's other source roots (`src/test/java` next to `src/main/java`): the file
    // named after the class, when exactly one declares that package.
    if (pkg === null) return null;
    const candidates = this.lookup.endingWith(`${pkg.replace(/\./g, "/")}/${name}.java`).filter((p) => p !== scope.file.path);
    const found = candidates.map(typeIn).filter((t) => t !== null);
    return found.length === 1 ? found[0]! : null;
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
  private inNestedFunction(scope: FileScope, fromId: string | null): boolean {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    let sawFunction = false;
    while (current !== undefined) {
      if (TYPE_KINDS.has(current.kind)) return sawFunction;
      if (current.kind === "Function") sawFunction = true;
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    return false;
  }

  /** The enclosing function-like symbol, for Go receivers and Python `self`. */
  private enclosingMethod(scope: FileScope, fromId: string | null): ExtractedSymbol | null {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined) {
      if (current.kind === "Method") return current;
      current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
    }
    return null;
  }

  /** What the first segment of a qualifier denotes: `this`, `self`, `super`, a receiver, or a name. */
  private qualifierHead(scope: FileScope, fromId: string | null, head: string, rustPath = false): Target | "super" | null {
    const path = scope.file.path;
    const family = scope.family;
    const selfLike = family === "python" ? head === "self" || head === "cls" : head === "this" && (family === "ts" || family === "java");
    if (selfLike) {
      // In TypeScript a `function` declared inside a method has a `this` of its own (only
      // arrows, which never become symbols there, keep the method's).
      if (family === "ts" && this.inNestedFunction(scope, fromId)) return null;
      const cls = this.enclosingClass(scope, fromId);
      if (cls !== null) return { kind: "symbol", path, symbol: cls };
      // A method of an object (`const api = { a() { this.b(); } }`, `app.init = function () {
      // this.set(…) }`) is called on that object: its `this` is the object. An arrow's is not.
      const method = family === "ts" && fromId !== null ? scope.byId.get(fromId) : undefined;
      const owner = method !== undefined && method.kind === "Method" && method.parent !== null && !ARROW_MEMBER.test(method.signature) ? scope.byId.get(method.parent) : undefined;
      return owner !== undefined && owner.kind === "Variable" ? { kind: "symbol", path, symbol: owner } : null;
    }
    if ((head === "super" && (family === "ts" || family === "java")) || (head === "super()" && family === "python")) return "super";
    if (family === "rust" && (head === "self" || head === "Self")) return this.rustSelfType(scope, fromId);
    // A Rust path (`config::load()`) starts at a module or type, never at a local of that name.
    if (family === "rust" && rustPath) return this.resolveName(scope, fromId, head, "type");
    if (family === "go") {
      const method = this.enclosingMethod(scope, fromId);
      const receiver = method !== null ? /^func\s*\(\s*(\w+)\s+\*?\s*(\w+)/.exec(method.signature) : null;
      if (receiver !== null && receiver[1] === head) {
        return this.goType(scope, receiver[2]!);
      }
    }
    const bound = this.boundType(scope, fromId, head);
    // A Java local names a variable only (its type unknown here); elsewhere resolveName hides it.
    if (bound === UNTYPED_LOCAL) return family === "java" ? null : this.resolveName(scope, fromId, head);
    if (bound !== undefined) return bound !== null ? this.typeOfBinding(scope, fromId, head, bound) : null;
    if (family === "java") {
      // A bare name is a field of the class (or of a class around it) before it is a type.
      const field = this.enclosingField(scope, fromId, head);
      if (field !== null) return field;
    }
    return this.resolveName(scope, fromId, head);
  }

  /**
   * The type an `impl` block is for, seen from inside one of its methods: the method's parent
   * when the type is declared in this file, else the type its qualified name (`Type.method`) names.
   */
  private rustSelfType(scope: FileScope, fromId: string | null): Target | null {
    const method = this.enclosingMethod(scope, fromId);
    if (method === null) return null;
    const parent = method.parent !== null ? scope.byId.get(method.parent) : undefined;
    if (parent !== undefined) return { kind: "symbol", path: scope.file.path, symbol: parent };
    const dot = method.qualifiedName.lastIndexOf(".");
    if (dot === -1) return null;
    const type = this.resolveName(scope, null, method.qualifiedName.slice(0, dot), "type");
    return type !== null && type.kind === "symbol" && RUST_SELF_KINDS.has(type.symbol.kind) ? type : null;
  }

  /** Whether the function `fromId` is (or sits in) a Rust method with a `self` parameter. */
  private takesSelf(scope: FileScope, fromId: string | null): boolean {
    const method = this.enclosingMethod(scope, fromId);
    return method !== null && method.params.some((p) => /^(&\s*('\w+\s+)?)?(mut\s+)?self$/.test(p.name));
  }

  /**
   * The type held by `name` where an enclosing function binds it as a parameter or a typed local
   * (`ExtractedSymbol.typed`): its type expression, or null when that binding has none;
   * UNTYPED_LOCAL when the innermost binding is a local of no known type (`resolveName` hides
   * it), undefined when no enclosing function binds the name.
   */
  boundType(scope: FileScope, fromId: string | null, name: string): string | null | typeof UNTYPED_LOCAL | undefined {
    let current = fromId !== null ? scope.byId.get(fromId) : undefined;
    while (current !== undefined && !TYPE_KINDS.has(current.kind)) {
      const param = current.params.find((p) => p.name === name);
      if (param !== undefined) return param.type;
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
    const target = this.resolveQualified(scope, fromId, dot === -1 ? null : name.slice(0, dot), name.slice(dot + 1), "type");
    if (target === null || target.kind !== "symbol") return null;
    if (target.symbol.kind === "Type" && scope.family === "ts" && depth < 4) {
      // `type ZodTypeAny = ZodType<any, any, any>`: an alias of one type stands for it.
      const aliased = TYPE_ALIAS.exec(target.symbol.signature)?.[1];
      const aliasScope = this.scope(target.path);
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
  private fieldType(cls: Target, field: string, seen: Set<string> = new Set()): Target | null {
    if (cls.kind !== "symbol" || !TYPE_KINDS.has(cls.symbol.kind)) return null;
    const key = `${cls.path}#${cls.symbol.id}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const scope = this.scope(cls.path);
    if (scope === null) return null;
    const typed = cls.symbol.typed?.find((t) => t.name === field);
    if (typed !== undefined) return this.typeOfBinding(scope, cls.symbol.id, field, typed.type);
    for (const base of this.basesOf(cls.path, cls.symbol, "extends")) {
      const inherited = this.fieldType({ kind: "symbol", path: base.path, symbol: base.symbol }, field, seen);
      if (inherited !== null) return inherited;
    }
    return this.constructorParamType(cls, field);
  }

  /**
   * The class a typed binding (`ExtractedSymbol.typed`) holds an instance of: the type its
   * annotation names, or what its call returns (`make()`, `self.repo.get()`: the callee's one
   * declared return type, or the class called). A binding whose call goes back to itself
   * (`x = x.next()`) has none.
   */
  private typeOfBinding(scope: FileScope, fromId: string | null, name: string, type: string): Target | null {
    // Guarded whatever the type: an annotation can lead back too (Go `func(flag *flag.Flag)`
    // names the package `flag` beside a parameter `flag`).
    const key = `${scope.file.path}\u0000${fromId ?? ""}\u0000${name}`;
    if (this.bindingsInProgress.has(key)) {
      this.lookup.taint();
      return null;
    }
    this.bindingsInProgress.add(key);
    try {
      if (type.startsWith("typeof ")) {
        // The value a name denotes (`typeof ZodString.create`, `typeof Auth`): itself, not an instance.
        const name = type.slice("typeof ".length).trim();
        const dot = name.lastIndexOf(".");
        return this.valueOf(this.resolveQualified(scope, fromId, dot === -1 ? null : name.slice(0, dot), name.slice(dot + 1)));
      }
      const unpacked = UNPACKED.exec(type);
      if (unpacked !== null) return this.unpackedType(scope, fromId, unpacked[1]!, Number(unpacked[2]));
      const callback = CALLBACK_PARAMETER.exec(type);
      if (callback !== null) return this.callbackParameterType(scope, fromId, callback[2]!, Number(callback[1]), Number(callback[3]));
      if (!type.endsWith("()")) return this.annotatedType(scope, fromId, type);
      const callee = splitCallee(type.slice(0, -2));
      return this.instanceOf(this.resolveQualified(scope, fromId, callee.qualifier, callee.name));
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
    const overloads = this.scope(target.path)?.declared.get(target.symbol.parent ?? "")?.get(target.symbol.name) ?? [];
    if (overloads.some((s) => s !== target.symbol && FUNCTION_LIKE.has(s.kind) && s.returnType !== returnType)) return null;
    const element = tupleElement(returnType, index);
    return element !== null ? this.signatureType(target, element, target.symbol.parent) : null;
  }

  /** The function or method a callee written `a.b.f` / `a::f` calls, when it is one of ours. */
  calledFunction(scope: FileScope, fromId: string | null, callee: string): (Target & { kind: "symbol" }) | null {
    const split = splitCallee(callee);
    const target = this.callee(this.resolveQualified(scope, fromId, split.qualifier, split.name));
    return target !== null && target.kind === "symbol" && FUNCTION_LIKE.has(target.symbol.kind) ? target : null;
  }

  /**
   * A type written in the signature of `fn` (read from `fromId` in its file), unless it names one
   * of fn's type parameters (`map<T>(f: (x: T) => void)`: T is no class of ours).
   */
  private signatureType(fn: Target & { kind: "symbol" }, written: string, fromId: string | null): Target | null {
    const scope = this.scope(fn.path);
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
  private valueOf(target: Target | null): Target | null {
    if (target === null || target.kind !== "symbol" || target.symbol.kind !== "Variable") return target;
    const symbol = target.symbol;
    const held = heldType(symbol);
    if (held === null) return target;
    const scope = this.scope(target.path);
    if (scope === null) return null;
    // Assigned again in the module (Python `x = A()` … `x = B()`): only one type for all will do.
    const same = scope.declared.get(symbol.parent ?? "")?.get(symbol.name) ?? [];
    if (same.some((s) => s !== symbol && s.kind === "Variable" && heldType(s) !== held)) return null;
    return this.typeOfBinding(scope, symbol.parent, symbol.name, held);
  }

  /** Java: the type of field `name` of the innermost enclosing class that has (or inherits) it. */
  private enclosingField(scope: FileScope, fromId: string | null, name: string): Target | null {
    let cls = this.enclosingClass(scope, fromId);
    while (cls !== null) {
      const found = this.fieldType({ kind: "symbol", path: scope.file.path, symbol: cls }, name);
      if (found !== null) return found;
      cls = this.enclosingClass(scope, cls.parent);
    }
    return null;
  }

  /** `this.x` / `self.x` typed by the constructor parameter it is usually assigned from. */
  private constructorParamType(cls: Target & { kind: "symbol" }, field: string): Target | null {
    const family = this.scope(cls.path)?.family;
    const ctorName = family === "python" ? "__init__" : family === "ts" ? "constructor" : null;
    if (ctorName === null) return null;
    const ctor = this.methodOf(cls.path, cls.symbol, ctorName, new Set());
    if (ctor === null || ctor.kind !== "symbol") return null;
    const param = ctor.symbol.params.find((p) => p.name === field);
    const ctorScope = this.scope(ctor.path);
    if (param === undefined || param.type === null || ctorScope === null) return null;
    return this.annotatedType(ctorScope, ctor.symbol.parent, param.type);
  }

  private goType(scope: FileScope, typeName: string): Target | null {
    const local = first(scope.declared.get("")?.get(typeName), isScopeName);
    if (local !== null) return { kind: "symbol", path: scope.file.path, symbol: local };
    return this.packageMember(goVisibleFiles(this.lookup, scope.file.path).filter((p) => this.samePackage(scope, p)), typeName);
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
    if (qualifier === null) {
      if (scope.family === "rust" && name === "Self") return this.rustSelfType(scope, fromId);
      return this.resolveName(scope, fromId, name, space);
    }
    if (scope.family === "python") {
      const viaDotted = this.pythonDotted(scope, qualifier, name);
      if (viaDotted !== undefined) return viaDotted;
    }
    // `self.f()` (a receiver) and `self::f()` (this module) both leave the qualifier `self`:
    // inside a function taking `self` it is the receiver.
    if (scope.family === "rust" && /^(crate|self|super)(::|$)/.test(qualifier) && !(qualifier === "self" && this.takesSelf(scope, fromId))) {
      const path = `${qualifier}::${name}`;
      return this.rustBinding(scope, { imp: { specifier: path, names: [], kind: "import", typeOnly: false, line: 0 }, module: path, name: "*", local: name }, 0, space);
    }
    const ts = scope.family === "ts";
    const receiver = plainReceiver(qualifier, ts);
    // `new Builder().a().b()`, `(x as T).a()`: the chain starts from an instance of the class created or cast to.
    const instance = ts || scope.family === "java" ? (createdClass(receiver) ?? castReceiver(receiver, ts)) : null;
    if (instance !== null) {
      const rest = instance.rest === "" ? [] : chainSegments(instance.rest, ".");
      return rest !== null ? this.followChain(this.annotatedType(scope, fromId, "cls" in instance ? instance.cls : instance.type), rest, name, space) : null;
    }
    const segments = chainSegments(receiver, scope.family === "rust" ? RUST_SEPARATORS : ".");
    if (segments === null) return null;
    const first = segments[0]!;
    const superCall = scope.family === "python" ? first.name === "super" && first.call : first.name === "super" && !first.call;
    if (superCall) {
      if (segments.length > 1) return null;
      const cls = this.enclosingClass(scope, fromId);
      if (cls === null) return null;
      const seen = new Set<string>([`${scope.file.path}#${cls.id}`]);
      for (const base of this.basesOf(scope.file.path, cls, "extends")) {
        const found = this.methodOf(base.path, base.symbol, name, seen);
        if (found !== null) return found;
      }
      return null;
    }
    const head = this.qualifierHead(scope, fromId, first.name, rustPath);
    const start: Target | null = head === "super" ? null : first.call ? this.instanceOf(head) : this.valueOf(head);
    return this.followChain(start, segments.slice(1), name, space);
  }

  /**
   * A method read without a call that stands for its value: a TS getter (`get conn(): Conn`),
   * a Python method (read so, it is a `@property`: a bound method has no attributes of ours).
   */
  private isAccessor(member: Target | null): boolean {
    if (member === null || member.kind !== "symbol" || member.symbol.kind !== "Method") return false;
    const family = this.scope(member.path)?.family;
    return family === "python" || (family === "ts" && /^(?:(?:static|public|private|protected|override|readonly)\s+)*get\s/.test(member.symbol.signature));
  }

  /** From `start`, each segment in turn (a member, a field, or what a call returns), then `name` on what is reached. */
  private followChain(start: Target | null, segments: ReadonlyArray<{ name: string; call: boolean }>, name: string, space: Space): Target | null {
    let current = start;
    for (const segment of segments) {
      if (current === null || current.kind === "external") return current;
      const member: Target | null = this.memberOf(current, segment.name) ?? (segment.call ? null : this.fieldType(current, segment.name));
      current = segment.call || this.isAccessor(member) ? this.instanceOf(member) : this.valueOf(member);
    }
    if (current === null || current.kind === "external") return current;
    return this.memberOf(current, name, 0, space);
  }

  /**
   * What calling a target gives, when its declaration says: a class gives an instance of
   * itself; a function or method gives the one class or interface its return type names.
   */
  private instanceOf(target: Target | null): Target | null {
    if (target === null || target.kind !== "symbol") return null;
    const symbol = target.symbol;
    if (symbol.kind === "Class") return target;
    if (symbol.kind === "Variable") {
      // Calling a variable calls what it copies (`const stringType = ZodString.create`).
      const held = heldType(symbol);
      return held !== null && held.startsWith("typeof ") ? this.instanceOf(this.valueOf(target)) : null;
    }
    if (symbol.kind !== "Function" && symbol.kind !== "Method") return null;
    const scope = this.scope(target.path);
    if (scope === null) return null;
    if (symbol.returnType !== undefined && RETURN_TYPE_READ.has(scope.family)) {
      // The type as written: `list[Item]` / `Item[]` / `List<Item>` give a collection, not an Item.
      const name = returnedTypeName(symbol.returnType);
      if (name === null) return null;
      if (name === "Self" || name === "this" || name === "typing.Self") {
        const cls = this.enclosingClass(scope, symbol.parent);
        return cls !== null ? { kind: "symbol", path: target.path, symbol: cls } : null;
      }
      const dot = name.lastIndexOf(".");
      const type = this.resolveQualified(scope, symbol.parent, dot === -1 ? null : name.slice(0, dot), name.slice(dot + 1), "type");
      return type !== null && type.kind === "symbol" && TYPE_KINDS.has(type.symbol.kind) ? type : null;
    }
    if (symbol.returnValue !== undefined) {
      // No return type written: what its returns agree on, read inside the function.
      if (symbol.returnValue === "this") {
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
              const cls = this.enclosingClass(scope, symbol.parent);
              return cls !== null ? ({ kind: "symbol", path: target.path, symbol: cls } as const) : null;
            })()
          : this.resolveQualified(scope, symbol.parent, null, name, "type");
      if (type === null || type.kind !== "symbol" || !TYPE_KINDS.has(type.symbol.kind)) continue;
      if (found !== null && found.kind === "symbol" && found.symbol !== type.symbol) return null;
      found = type;
    }
    return found;
  }

  /** `a.b.c.f` where `import a.b.c` was written: the longest imported prefix is the module. */
  private pythonDotted(scope: FileScope, qualifier: string, name: string): Target | null | undefined {
    if (scope.dotted.size === 0) return undefined;
    const dot = qualifier.indexOf(".");
    const binding = scope.bindings.get(dot === -1 ? qualifier : qualifier.slice(0, dot));
    if (binding === undefined || !scope.dotted.has(binding.imp.specifier)) return undefined;
    const parts = qualifier.split(".");
    for (let take = parts.length; take >= 1; take--) {
      const imp = scope.dotted.get(parts.slice(0, take).join("."));
      if (imp === undefined) continue;
      let current = this.moduleAsTarget(this.module(scope, imp.specifier));
      for (const segment of [...parts.slice(take), name]) {
        if (current === null || current.kind === "external") return current;
        if (current.kind === "module") {
          const sub = submoduleOf(this.lookup, current.path, segment);
          current = this.exportOf(current.path, segment) ?? (sub !== null ? { kind: "module", path: sub } : null);
        } else current = this.memberOf(current, segment);
      }
      return current;
    }
    return undefined;
  }
}
