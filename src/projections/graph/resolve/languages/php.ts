import type { ExtractedSymbol } from "../../../../events/index.js";
import type { FileScope } from "../FileScope.js";
import type { Lookup } from "../Lookup.js";
import { resolvePhpName } from "../modules/php.js";
import { dirname } from "../paths.js";
import { first, pick } from "../pickSymbol.js";
import { memoised, type TableReads } from "../recordedReads.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";

const DECLARED = new Set(["Class", "Interface", "Enum", "Function"]);

/** The symbols a file declares at its top level named `name`, through `reads` (as Resolution.scope reads the file). */
const declaredIn = (r: Resolution, reads: TableReads, path: string, name: string): readonly ExtractedSymbol[] | undefined => {
  const file = reads.file(path);
  return file === undefined ? undefined : r.scopeOfFile(file).declared.get("")?.get(name);
};

/**
 * The class or function `qualifier\name` names, from the file PSR-4 (or the path) gives it; for
 * a function, the first file of its namespace declaring it (as ModuleResolver.packageMember
 * finds it). Worked out once per name until the table changes, as resolvePhpName is: the files
 * of a framework call the same global functions, each a walk over its namespace's files.
 */
const byFullName = (r: Resolution, full: string): Target | null =>
  memoised(r.lookup, "php.fullNames", full, (reads) => {
    const target = resolvePhpName(reads, full);
    const name = full.slice(full.lastIndexOf("\\") + 1);
    if (target.kind === "package") {
      for (const path of target.files) {
        const file = reads.file(path);
        const scope = file === undefined ? null : r.scopeOfFile(file);
        const found = scope === null ? null : pick(scope.declared.get("")?.get(name), "value", scope.family);
        if (found !== null) return { kind: "symbol", path, symbol: found };
      }
      return null;
    }
    if (target.kind !== "file") return null;
    const found = first(declaredIn(r, reads, target.path, name), (s) => DECLARED.has(s.kind));
    return found !== null ? { kind: "symbol", path: target.path, symbol: found } : null;
  });

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

/**
 * `findInNamespace`, memoised for one file's resolution: global functions are asked for from
 * every method. A hit reads nothing, so inside a computation shared across files, whose reads
 * must all be recorded, it is worked out again (as ModuleResolver.module does).
 */
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
