import type { ExtractedSymbol } from "../../../../events/index.js";
import type { FileScope } from "../FileScope.js";
import { kotlinPackageFiles, resolveKotlinImport } from "../modules/kotlin.js";
import { dirname } from "../paths.js";
import { first, type Space } from "../pickSymbol.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";

const DECLARED = new Set(["Class", "Interface", "Enum", "Function", "Type", "Variable"]);

/** The files of the file's package: its folder's, then wherever the package's folder is. */
const packageFiles = (r: Resolution, scope: FileScope): string[] => {
  const pkg = scope.file.packageName;
  const out = r.lookup.filesIn(dirname(scope.file.path)).filter((p) => p.endsWith(".kt") && r.lookup.file(p)?.packageName === pkg);
  if (pkg !== null) for (const p of kotlinPackageFiles(r.lookup, pkg)) if (!out.includes(p)) out.push(p);
  return out;
};

/** `fun Cart.isEmpty()` declared in a file the caller sees (its package, its imports): `Cart.isEmpty`. */
const extensionOf = (r: Resolution, path: string, cls: ExtractedSymbol, name: string): Target | null => {
  const scope = r.scope(path);
  if (scope === null) return null;
  const files = packageFiles(r, scope);
  for (const imp of scope.starModules) {
    const target = r.modules.module(scope, imp.specifier);
    if (target.kind === "package") for (const p of target.files) if (!files.includes(p)) files.push(p);
  }
  for (const file of files) {
    const found = r.scope(file)?.byId.get(`${cls.name}.${name}`);
    if (found !== undefined && found.parent === null && found.kind === "Method") return { kind: "symbol", path: file, symbol: found };
  }
  return null;
};

/**
 * Kotlin: packages as Java's (imports of classes, `import a.*`, the own package without an
 * import); companion objects' members are the class's; extension functions are reached through
 * the type they extend; `this`, `super`; `Cart(…)` constructs Cart.
 */
export const KOTLIN: LanguagePolicy = {
  ...COMMON,
  resolveModule: (lookup, _path, specifier) =>
    resolveKotlinImport(lookup, specifier, (p, name) => lookup.file(p)?.symbols.some((s) => s.parent === null && s.name === name) === true),
  samePackageName(r, scope, name, space: Space) {
    for (const path of packageFiles(r, scope)) {
      if (path === scope.file.path) continue;
      const found = first(r.scope(path)?.declared.get("")?.get(name), (s) => DECLARED.has(s.kind) && (space === "value" || s.kind !== "Function"));
      if (found !== null) return { kind: "symbol", path, symbol: found };
    }
    return null;
  },
  methodOf(r, path, cls, name, seen, depth) {
    const scope = r.scope(path);
    if (scope === null) return null;
    const own = first(scope.declared.get(cls.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Test");
    if (own !== null) return { kind: "symbol", path, symbol: own };
    for (const base of [...r.basesOf(path, cls, "extends"), ...r.basesOf(path, cls, "implements")]) {
      const found = r.methodOf(base.path, base.symbol, name, seen, depth + 1);
      if (found !== null) return found;
    }
    return extensionOf(r, path, cls, name);
  },
  classScopeName(r, scope, cls, name, space) {
    return space === "value" ? r.methodOf(scope.file.path, cls, name, new Set()) : null;
  },
  bareName(r, scope, fromId, name) {
    // Inside `fun Cart.isEmpty() = total() == 0.0`, total is first Cart's.
    const fn = fromId !== null ? scope.byId.get(fromId) : undefined;
    if (fn === undefined || fn.kind !== "Method" || fn.parent !== null || !fn.qualifiedName.includes(".")) return undefined;
    const receiver = r.resolveQualified(scope, null, null, fn.qualifiedName.slice(0, fn.qualifiedName.lastIndexOf(".")), "type");
    if (receiver === null || receiver.kind !== "symbol") return undefined;
    return r.methodOf(receiver.path, receiver.symbol, name, new Set()) ?? undefined;
  },
  selfTarget(r, scope, fromId) {
    const own = COMMON.selfTarget(r, scope, fromId);
    if (own !== null) return own;
    const fn = fromId !== null ? scope.byId.get(fromId) : undefined;
    if (fn === undefined || fn.parent !== null || !fn.qualifiedName.includes(".")) return null;
    return r.resolveQualified(scope, null, null, fn.qualifiedName.slice(0, fn.qualifiedName.lastIndexOf(".")), "type");
  },
  variablesApart: false,
  bareFieldNames: true,
  isSelf: (head) => head === "this",
  isSuper: (head) => head === "super",
  newConstructor: () => "constructor",
  readsReturnType: true,
};
