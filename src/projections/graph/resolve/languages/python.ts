import type { FileScope } from "../FileScope.js";
import { isPackageInit, resolvePyModule, submoduleOf } from "../modules/python.js";
import type { Space } from "../pickSymbol.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { COMMON, type LanguagePolicy, type StructuralTyping } from "./LanguagePolicy.js";

/** `a.b.c.f` where `import a.b.c` was written: the longest imported prefix is the module. */
const dotted = (r: Resolution, scope: FileScope, qualifier: string, name: string): Target | null | undefined => {
  if (scope.dotted.size === 0) return undefined;
  const dot = qualifier.indexOf(".");
  const binding = scope.bindings.get(dot === -1 ? qualifier : qualifier.slice(0, dot));
  if (binding === undefined || !scope.dotted.has(binding.imp.specifier)) return undefined;
  const parts = qualifier.split(".");
  for (let take = parts.length; take >= 1; take--) {
    const imp = scope.dotted.get(parts.slice(0, take).join("."));
    if (imp === undefined) continue;
    let current = r.modules.moduleAsTarget(r.modules.module(scope, imp.specifier));
    for (const segment of [...parts.slice(take), name]) {
      if (current === null || current.kind === "external") return current;
      if (current.kind === "module") {
        const sub = submoduleOf(r.lookup, current.path, segment);
        current = r.modules.exportOf(current.path, segment) ?? (sub !== null ? { kind: "module", path: sub } : null);
      } else current = r.memberOf(current, segment);
    }
    return current;
  }
  return undefined;
};

/** Python protocols: a class matches one by the methods in its body. */
const PROTOCOLS: StructuralTyping = {
  satisfiers: new Set(["Class"]),
  methodSet(_r, scope, type) {
    const names = new Set<string>();
    for (const [name, list] of scope.declared.get(type.id) ?? []) if (list.some((s) => s.kind === "Method")) names.add(name);
    return names;
  },
  interfaceKind: "Class",
  marker: "Protocol",
  markers: new Set(["Protocol", "Generic"]),
};

/** Python: modules and packages, `self`/`cls`, `super()`, properties. */
export const PYTHON: LanguagePolicy = {
  ...COMMON,
  resolveModule: resolvePyModule,
  bindImport(tables, imp) {
    const plain = imp.names.length === 0 || (imp.names.length === 1 && imp.names[0]!.name === "*" && imp.names[0]!.alias === null);
    if (imp.specifier.startsWith(".") || !plain) return false;
    // `import a.b.c` binds `a`; `a.b.c.f()` is looked up through the dotted table. The
    // extractor writes `from a.b import *` the same way, so its names are tried last.
    tables.dotted.set(imp.specifier, imp);
    const head = imp.specifier.split(".")[0]!;
    if (!tables.bindings.has(head)) tables.bindings.set(head, { imp, module: head, name: "*", local: head });
    if (imp.names.length > 0) tables.lateStars.push(imp);
    return true;
  },
  importedName(r: Resolution, path: string, binding, depth: number, space: Space) {
    // `from pkg import mod` names a submodule unless the package's own module defines the name.
    const sub = submoduleOf(r.lookup, path, binding.name);
    const found = r.modules.exportOf(path, binding.name, depth + 1, space);
    if (found !== null) return found;
    return sub !== null ? { kind: "module", path: sub } : null;
  },
  importedSubmodule: submoduleOf,
  exportedSubmodule: (lookup, path, name) => (isPackageInit(path) ? submoduleOf(lookup, path, name) : null),
  hiddenFromStar: (name) => name.startsWith("_"),
  functionMembers: false,
  isSelf: (head) => head === "self" || head === "cls",
  isSuper: (head) => head === "super()",
  qualifiedPath: (r, scope, _fromId, qualifier, name) => dotted(r, scope, qualifier, name),
  superIsCall: true,
  constructorName: "__init__",
  // A quoted annotation is a forward reference: the type written as a string.
  annotationText: (annotation) => annotation.replace(/["']/g, " "),
  isAccessor: () => true,
  readsReturnType: true,
  structural: PROTOCOLS,
};
