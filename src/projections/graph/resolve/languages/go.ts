import type { ExtractedSymbol } from "../../../../events/index.js";
import type { FileScope } from "../FileScope.js";
import { goPackageFiles, goVisibleFiles, resolveGoModule } from "../modules/go.js";
import { dirname } from "../paths.js";
import { first, isScopeName } from "../pickSymbol.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { COMMON, type LanguagePolicy, type StructuralTyping } from "./LanguagePolicy.js";

/** Go's default package name for an import path: the last segment without a `vN` or `go-` affix. */
const goLocalName = (spec: string): string => {
  const parts = spec.split("/");
  let last = parts[parts.length - 1] ?? spec;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  return last.replace(/^go-/, "").replace(/[.-]go$/, "").replace(/[^A-Za-z0-9_]/g, "_");
};

/** Go interfaces: a struct or named type satisfies one by the methods declared for it anywhere in its package. */
const INTERFACES: StructuralTyping = {
  satisfiers: new Set(["Class", "Type"]),
  methodSet(r, scope, type) {
    const names = new Set<string>();
    const prefix = `${type.name}.`;
    for (const path of goPackageFiles(r.lookup, dirname(scope.file.path))) {
      const other = r.scope(path);
      if (other === null || other.file.packageName !== scope.file.packageName) continue;
      for (const s of other.file.symbols) if (s.kind === "Method" && s.qualifiedName.startsWith(prefix)) names.add(s.name);
    }
    return names;
  },
  interfaceKind: "Interface",
  marker: null,
  markers: new Set(),
};

/** `func (s *Server) Start()`: the receiver's name and its type's name. */
const RECEIVER = /^func\s*\(\s*(\w+)\s+\*?\s*(\w+)/;

const samePackage = (r: Resolution, scope: FileScope, path: string): boolean => {
  const other = r.scope(path);
  return other !== null && other.file.packageName === scope.file.packageName;
};

/** Go methods live anywhere in the package, named `Type.Method`. */
const goMethod = (r: Resolution, path: string, type: ExtractedSymbol, name: string): Target | null => {
  const qualified = `${type.name}.${name}`;
  const pkg = r.scope(path)?.file.packageName;
  for (const file of goVisibleFiles(r.lookup, path)) {
    const scope = r.scope(file);
    if (scope === null || scope.file.packageName !== pkg) continue;
    const found = first(scope?.declared.get("")?.get(name), (s) => s.kind === "Method" && s.qualifiedName === qualified)
      ?? first(scope?.declared.get(type.id)?.get(name), (s) => s.kind === "Method" && s.qualifiedName === qualified && file === path);
    if (found !== null) return { kind: "symbol", path: file, symbol: found };
  }
  return null;
};

/**
 * A method promoted from a struct's embedded fields: the shallowest embedding that has it,
 * and none when two at the same depth do (Go rejects that selector as ambiguous).
 */
const goPromoted = (r: Resolution, path: string, cls: ExtractedSymbol, name: string, seen: Set<string>, depth: number): Target | null => {
  const bases = r.basesOf(path, cls, "extends");
  if (bases.length === 0) return null;
  const direct = bases.map((b) => goMethod(r, b.path, b.symbol, name)).filter((t) => t !== null);
  if (direct.length > 0) return direct.length === 1 ? direct[0]! : null;
  const deeper = bases.map((b) => r.methodOf(b.path, b.symbol, name, seen, depth + 1)).filter((t) => t !== null);
  return deeper.length === 1 ? deeper[0]! : null;
};

/** A type of the file's package, by name. */
const goType = (r: Resolution, scope: FileScope, typeName: string): Target | null => {
  const local = first(scope.declared.get("")?.get(typeName), isScopeName);
  if (local !== null) return { kind: "symbol", path: scope.file.path, symbol: local };
  return r.modules.packageMember(goVisibleFiles(r.lookup, scope.file.path).filter((p) => samePackage(r, scope, p)), typeName);
};

/** Go: packages, methods declared apart from their type, receivers, embedding. */
export const GO: LanguagePolicy = {
  ...COMMON,
  resolveModule: (lookup, _path, specifier) => resolveGoModule(lookup, specifier),
  bindImport(tables, imp) {
    // An import binds its package under the package's name, or the alias written (`_`: none, `.`: every name).
    const alias = imp.names.find((n) => n.name === "*")?.alias ?? null;
    if (alias === "_") return true;
    if (alias === ".") tables.starModules.push(imp);
    else {
      const local = alias ?? goLocalName(imp.specifier);
      tables.bindings.set(local, { imp, module: imp.specifier, name: "*", local });
    }
    return true;
  },
  methodOf: (r, path, cls, name, seen, depth) => goMethod(r, path, cls, name) ?? goPromoted(r, path, cls, name, seen, depth),
  samePackageName(r, scope, name, space) {
    const siblings = goVisibleFiles(r.lookup, scope.file.path).filter((p) => p !== scope.file.path && samePackage(r, scope, p));
    return r.modules.packageMember(siblings, name, space);
  },
  qualifierHead(r, scope, fromId, head) {
    // A method's receiver (`s` in `func (s *Server) Start()`) is an instance of its type.
    const method = r.enclosingMethod(scope, fromId);
    const receiver = method !== null ? RECEIVER.exec(method.signature) : null;
    return receiver !== null && receiver[1] === head ? goType(r, scope, receiver[2]!) : undefined;
  },
  structural: INTERFACES,
  // `var _ I = (*T)(nil)` may sit in any file of T's package, its tests included.
  assertingFiles: (r, scope) =>
    r.lookup.filesIn(dirname(scope.file.path)).filter((p) => p.endsWith(".go") && (p === scope.file.path || samePackage(r, scope, p))),
};
