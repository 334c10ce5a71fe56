import type { ExtractedSymbol } from "../../../../events/index.js";
import type { FileScope } from "../FileScope.js";
import { resolveNamespace } from "../modules/csharp.js";
import { dirname } from "../paths.js";
import { first, type Space } from "../pickSymbol.js";
import { castReceiver, createdClass } from "../receiverText.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";

const TYPE_KINDS = new Set(["Class", "Interface", "Enum", "Type"]);

/** The `.cs` files of the file's namespace: in its folder, then wherever the namespace's folder is. */
const namespaceFiles = (r: Resolution, scope: FileScope): string[] => {
  const namespace = scope.file.packageName;
  const out = r.lookup.filesIn(dirname(scope.file.path)).filter((p) => p.endsWith(".cs") && r.lookup.file(p)?.packageName === namespace);
  if (namespace !== null) {
    const target = resolveNamespace(r.lookup, namespace);
    if (target.kind === "package") for (const p of target.files) if (!out.includes(p)) out.push(p);
  }
  return out;
};

/** A type of the file's namespace declared in another of its files. */
const sameNamespaceType = (r: Resolution, scope: FileScope, name: string): Target | null => {
  for (const path of namespaceFiles(r, scope)) {
    if (path === scope.file.path) continue;
    const found = first(r.scope(path)?.declared.get("")?.get(name), (s) => TYPE_KINDS.has(s.kind));
    if (found !== null) return { kind: "symbol", path, symbol: found };
  }
  return null;
};

/** The other parts of a `partial` class: classes of its name in the other files of its namespace. */
const partsOf = (r: Resolution, path: string, cls: ExtractedSymbol): { path: string; symbol: ExtractedSymbol }[] => {
  const scope = r.scope(path);
  if (scope === null || cls.parent !== null || !/\bpartial\b/.test(cls.signature)) return [];
  const out: { path: string; symbol: ExtractedSymbol }[] = [];
  for (const other of namespaceFiles(r, scope)) {
    if (other === path) continue;
    const part = first(r.scope(other)?.declared.get("")?.get(cls.name), (s) => s.kind === cls.kind);
    if (part !== null) out.push({ path: other, symbol: part });
  }
  return out;
};

/**
 * An extension method named `name` the file can see (`static string Shout(this string s)` in a
 * static class of its namespace or of one it imports with `using`), or null.
 */
const extensionMethod = (r: Resolution, scope: FileScope, name: string): Target | null => {
  const files = [...namespaceFiles(r, scope)];
  for (const imp of scope.starModules) {
    const target = r.modules.module(scope, imp.specifier);
    if (target.kind === "package") for (const p of target.files) if (!files.includes(p)) files.push(p);
  }
  for (const path of files) {
    const other = r.scope(path);
    if (other === null) continue;
    for (const cls of other.declared.get("")?.values() ?? []) {
      for (const c of cls) {
        if (c.kind !== "Class" || !/\bstatic\b/.test(c.signature)) continue;
        const found = first(other.declared.get(c.id)?.get(name), (s) => s.kind === "Method" && s.params[0]?.type?.startsWith("this ") === true);
        if (found !== null) return { kind: "symbol", path, symbol: found };
      }
    }
  }
  return null;
};

let followingReceiver = false;

/**
 * C#: namespaces as packages (`using A.B;` brings their types), types of the file's own namespace
 * without an import, partial classes across files, `this`/`base`, fields as bare names, extension
 * methods when the receiver's own type has no such method.
 */
export const CSHARP: LanguagePolicy = {
  ...COMMON,
  resolveModule: (lookup, _path, specifier) => resolveNamespace(lookup, specifier),
  variablesApart: true,
  bareFieldNames: true,
  classScopeName(r, scope, cls, name, space: Space) {
    if (space === "value") {
      const method = r.methodOf(scope.file.path, cls, name, new Set());
      if (method !== null) return method;
    }
    const nested = first(scope.declared.get(cls.id)?.get(name), (s) => TYPE_KINDS.has(s.kind));
    return nested !== null ? { kind: "symbol", path: scope.file.path, symbol: nested } : null;
  },
  samePackageName: (r, scope, name) => sameNamespaceType(r, scope, name),
  methodOf(r, path, cls, name, seen, depth) {
    const scope = r.scope(path);
    if (scope === null) return null;
    const own = first(scope.declared.get(cls.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Test");
    if (own !== null) return { kind: "symbol", path, symbol: own };
    for (const part of partsOf(r, path, cls)) {
      const found = first(r.scope(part.path)?.declared.get(part.symbol.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Test");
      if (found !== null) return { kind: "symbol", path: part.path, symbol: found };
    }
    for (const base of [...r.basesOf(path, cls, "extends"), ...r.basesOf(path, cls, "implements")]) {
      const found = r.methodOf(base.path, base.symbol, name, seen, depth + 1);
      if (found !== null) return found;
    }
    return null;
  },
  qualifiedPath(r, scope, fromId, qualifier, name, space) {
    if (followingReceiver) return undefined;
    followingReceiver = true;
    let found: Target | null;
    try {
      found = r.resolveQualified(scope, fromId, qualifier, name, space);
    } finally {
      followingReceiver = false;
    }
    return found ?? (space === "value" ? extensionMethod(r, scope, name) : null);
  },
  isSelf: (head) => head === "this",
  isSuper: (head) => head === "base",
  instanceReceiver(receiver) {
    const created = createdClass(receiver);
    return created !== null ? { type: created.cls, rest: created.rest } : castReceiver(receiver, false);
  },
  newConstructor: (cls) => cls.name,
  readsReturnType: true,
};
