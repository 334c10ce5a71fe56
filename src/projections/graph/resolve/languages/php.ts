import type { ExtractedSymbol } from "../../../../events/index.js";
import type { FileScope } from "../FileScope.js";
import type { Lookup } from "../Lookup.js";
import type { ModuleTarget } from "../modules/ModuleTarget.js";
import { resolvePhpName } from "../modules/php.js";
import { dirname } from "../paths.js";
import { first } from "../pickSymbol.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";

const DECLARED = new Set(["Class", "Interface", "Enum", "Function"]);

const namesByLookup = new WeakMap<Lookup, Map<string, ModuleTarget>>();

/**
 * `resolvePhpName`, memoised for one file's resolution: a file names the same classes (and
 * misses the same global functions) in method after method. A hit reads nothing, so inside a
 * computation shared across files, whose reads must all be recorded, it is worked out again
 * (as ModuleResolver.module does).
 */
const phpName = (lookup: Lookup, full: string): ModuleTarget => {
  let memo = namesByLookup.get(lookup);
  if (memo === undefined) namesByLookup.set(lookup, (memo = new Map()));
  const known = lookup.capturing() ? undefined : memo.get(full);
  if (known !== undefined) return known;
  const target = resolvePhpName(lookup, full);
  memo.set(full, target);
  return target;
};

/** The class or function `qualifier\name` names, from the file PSR-4 (or the path) gives it. */
const byFullName = (r: Resolution, full: string): Target | null => {
  const target = phpName(r.lookup, full);
  const name = full.slice(full.lastIndexOf("\\") + 1);
  if (target.kind === "package") return r.modules.packageMember(target.files, name);
  if (target.kind !== "file") return null;
  const found = first(r.scope(target.path)?.declared.get("")?.get(name), (s) => DECLARED.has(s.kind));
  return found !== null ? { kind: "symbol", path: target.path, symbol: found } : null;
};

/** A class of the file's own namespace: by PSR-4, else in a file of its folder declaring that namespace. */
const findInNamespace = (r: Resolution, scope: FileScope, name: string): Target | null => {
  const namespace = scope.file.packageName;
  if (namespace !== null) {
    const found = byFullName(r, `${namespace}\\${name}`);
    if (found !== null) return found;
  }
  for (const path of r.lookup.filesIn(dirname(scope.file.path))) {
    if (path === scope.file.path || !path.endsWith(".php") || r.lookup.file(path)?.packageName !== namespace) continue;
    const found = first(r.scope(path)?.declared.get("")?.get(name), (s) => DECLARED.has(s.kind));
    if (found !== null) return { kind: "symbol", path, symbol: found };
  }
  return null;
};

const inNamespaceByLookup = new WeakMap<Lookup, Map<FileScope, Map<string, Target | null>>>();

/** `findInNamespace`, memoised for one file's resolution as `phpName` is: global functions are asked for from every method. */
const sameNamespace = (r: Resolution, scope: FileScope, name: string): Target | null => {
  let byScope = inNamespaceByLookup.get(r.lookup);
  if (byScope === undefined) inNamespaceByLookup.set(r.lookup, (byScope = new Map()));
  let memo = byScope.get(scope);
  if (memo === undefined) byScope.set(scope, (memo = new Map()));
  const known = r.lookup.capturing() ? undefined : memo.get(name);
  if (known !== undefined) return known;
  const found = findInNamespace(r, scope, name);
  memo.set(name, found);
  return found;
};

/** A class's methods, then its traits' (`use T;`) and interfaces', then its parent's. */
const methodOf = (r: Resolution, path: string, cls: ExtractedSymbol, name: string, seen: Set<string>, depth: number): Target | null => {
  const scope = r.scope(path);
  if (scope === null) return null;
  const own = first(scope.declared.get(cls.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Test");
  if (own !== null) return { kind: "symbol", path, symbol: own };
  for (const base of [...r.basesOf(path, cls, "implements"), ...r.basesOf(path, cls, "extends")]) {
    const found = r.methodOf(base.path, base.symbol, name, seen, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

/**
 * PHP: `use A\B\C;` imports C from the file composer's PSR-4 autoload maps it to; names of the
 * file's own namespace need no import; `\A\B\C` by its full name; `$this`/`self`/`static`,
 * `parent`; properties and `$x = new T()` type receivers; traits as mixins.
 */
export const PHP: LanguagePolicy = {
  ...COMMON,
  resolveModule: (lookup, _path, specifier) => resolvePhpName(lookup, specifier),
  samePackageName: (r, scope, name) => sameNamespace(r, scope, name),
  qualifiedPath(r, _scope, _fromId, qualifier, name) {
    // `\App\Models\User::find()`, `new \App\Models\User()`: a fully qualified class or function.
    if (!qualifier.includes("\\")) return undefined;
    const named = byFullName(r, `${qualifier}\\${name}`);
    if (named !== null) return named;
    const cls = byFullName(r, qualifier);
    return cls !== null ? r.memberOf(cls, name) : null;
  },
  methodOf,
  functionMembers: false,
  variablesApart: true,
  isSelf: (head) => head === "this" || head === "self" || head === "static",
  isSuper: (head) => head === "parent",
  separators: [".", "::"],
  newConstructor: () => "__construct",
  readsReturnType: true,
};
