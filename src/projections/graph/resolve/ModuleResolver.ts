import type { ExtractedSymbol } from "../../../events/index.js";
import type { Binding, FileScope } from "./FileScope.js";
import { policyOf } from "./languages/index.js";
import type { Capture } from "./Lookup.js";
import type { ModuleTarget } from "./modules/ModuleTarget.js";
import { pick, type Space } from "./pickSymbol.js";
import type { Resolution } from "./Resolution.js";
import { MAX_DEPTH, type SharedExports, type Target } from "./Target.js";

const IN_PROGRESS = Symbol("in progress");

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
 * Where imports lead and what modules export: import specifiers to files or packages (each
 * language's rules in `modules/`), import bindings through re-exports, and the names a module
 * makes available. Part of one `Resolution`; its memo tables live as long as it does.
 */
export class ModuleResolver {
  private readonly moduleMemo = new Map<string, ModuleTarget>();
  private readonly exportMemo = new Map<string, { readonly target: Target | null; readonly capture: Capture } | typeof IN_PROGRESS>();

  constructor(
    private readonly r: Resolution,
    private readonly shared: SharedExports,
  ) {}

  /** Where an import of `scope`'s file leads (memoised per specifier). */
  module(scope: FileScope, specifier: string): ModuleTarget {
    const key = `${scope.file.path}\u0000${specifier}`;
    // A memo hit reads nothing, so inside a computation shared across files (whose reads
    // must all be recorded) the answer is worked out again.
    const memo = this.r.lookup.capturing() ? undefined : this.moduleMemo.get(key);
    if (memo !== undefined) return memo;
    const target = policyOf(scope.family).resolveModule(this.r.lookup, scope.file.path, specifier);
    this.moduleMemo.set(key, target);
    return target;
  }

  /** The target of an import binding, following re-exports. */
  binding(scope: FileScope, binding: Binding, depth = 0, space: Space = "value"): Target | null {
    const policy = policyOf(scope.family);
    if (policy.importBinding !== undefined) return policy.importBinding(this.r, scope, binding, depth, space);
    const base = this.moduleAsTarget(this.module(scope, binding.module));
    if (base === null || binding.name === "*") return base;
    if (base.kind !== "module") return base.kind === "package" ? this.r.memberOf(base, binding.name, depth + 1, space) : base;
    return policy.importedName(this.r, base.path, binding, depth, space);
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
    const lookup = this.r.lookup;
    const memo = this.exportMemo.get(key);
    if (memo === IN_PROGRESS) {
      lookup.taint();
      return null;
    }
    if (memo !== undefined) {
      // Charge the enclosing computation (if any) with what this answer read.
      lookup.replay(memo.capture);
      if (memo.capture.tainted) lookup.taint();
      return memo.target;
    }
    const shared = this.shared.get(key);
    if (shared !== undefined) {
      lookup.replay(shared.capture);
      this.exportMemo.set(key, shared);
      return shared.target;
    }
    this.exportMemo.set(key, IN_PROGRESS);
    const capture = lookup.begin();
    const found = this.computeExport(path, name, 0, space);
    lookup.end(capture);
    const entry = { target: found, capture };
    this.exportMemo.set(key, entry);
    if (!capture.tainted) this.shared.set(key, entry);
    return found;
  }

  private computeExport(path: string, name: string, depth: number, space: Space): Target | null {
    const scope = this.r.scope(path);
    if (scope === null) return null;
    const policy = policyOf(scope.family);
    // `export { stringType as string }`, `exports.application = proto`: another of this module's
    // names, exported or not (a CommonJS module exports only what it assigns).
    const local = scope.file.exportAliases?.find((a) => a.alias === name)?.name;
    if (local !== undefined && depth < MAX_DEPTH) {
      const declared = pick(scope.declared.get("")?.get(local), space, scope.family);
      return declared !== null ? { kind: "symbol", path, symbol: declared } : this.computeExport(path, local, depth + 1, space);
    }
    const top = policy.exportable(scope.declared.get("")?.get(name));
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
    const sub = policy.exportedSubmodule?.(this.r.lookup, path, name) ?? null;
    if (sub !== null) return { kind: "module", path: sub };
    const found = this.throughStars(scope, name, depth + 1, space, false);
    if (found !== null) return found;
    // `module.exports = app`: the module's names are that object's (`app.init = function …`).
    const whole = policy.exportsWhole ? this.wholeExport(path) : null;
    if (whole !== null && (whole.kind === "module" || (whole.kind === "symbol" && whole.symbol.kind === "Variable"))) {
      return this.r.memberOf(whole, name, depth + 1, space);
    }
    return null;
  }

  /**
   * `name` in the first module `scope` takes wholesale (`from m import *`, `export * from`) that
   * has it; `statics`: also a static member of the class such a module is (Java `import static a.B.*`).
   */
  throughStars(scope: FileScope, name: string, depth: number, space: Space, statics: boolean): Target | null {
    const policy = policyOf(scope.family);
    for (const star of [...scope.starModules, ...scope.lateStars]) {
      if (policy.hiddenFromStar(name)) break;
      const module = this.moduleAsTarget(this.module(scope, star.specifier));
      if (module === null || module.kind === "external") continue;
      const found = this.r.memberOf(module, name, depth, space);
      if (found !== null && found.kind !== "external") return found;
      const member = statics ? (policy.staticImport?.(this.r, module, name, space) ?? null) : null;
      if (member !== null) return member;
    }
    return null;
  }

  /** What a CommonJS module exports as a whole (`module.exports = x`), or null. */
  wholeExport(path: string): Target | null {
    const scope = this.r.scope(path);
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

  /** A package-level declaration of a Go package (methods excluded: they are reached through types). */
  packageMember(files: readonly string[], name: string, space: Space = "value"): Target | null {
    for (const path of files) {
      const scope = this.r.scope(path);
      const found: ExtractedSymbol | null = scope === null ? null : pick(scope.declared.get("")?.get(name), space, scope.family);
      if (found !== null) return { kind: "symbol", path, symbol: found };
    }
    return null;
  }
}
