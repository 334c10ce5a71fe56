import type { FileScope } from "../FileScope.js";
import { resolveJavaImport } from "../modules/java.js";
import { dirname } from "../paths.js";
import { first } from "../pickSymbol.js";
import { castReceiver, createdClass } from "../receiverText.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { bindWholePath, COMMON, type LanguagePolicy } from "./LanguagePolicy.js";

const JAVA_TYPE_KINDS = new Set(["Class", "Interface", "Enum"]);

/** A member of the class a Java file is named for (`Util.java` → `Util`). */
const staticMember = (r: Resolution, path: string, name: string): Target | null => {
  const scope = r.scope(path);
  const className = path.slice(path.lastIndexOf("/") + 1).replace(/\.java$/, "");
  const cls = first(scope?.declared.get("")?.get(className), (s) => JAVA_TYPE_KINDS.has(s.kind));
  return cls !== null ? r.methodOf(path, cls, name, new Set()) : null;
};

/** A type of the file's package: in its folder, else in the package's other source roots. */
const samePackageType = (r: Resolution, scope: FileScope, name: string): Target | null => {
  const pkg = scope.file.packageName;
  const typeIn = (path: string): Target | null => {
    const other = r.scope(path);
    if (other === null || other.file.packageName !== pkg) return null;
    const found = first(other.declared.get("")?.get(name), (s) => JAVA_TYPE_KINDS.has(s.kind));
    return found !== null ? { kind: "symbol", path, symbol: found } : null;
  };
  for (const path of r.lookup.filesIn(dirname(scope.file.path))) {
    if (path === scope.file.path || !path.endsWith(".java")) continue;
    const found = typeIn(path);
    if (found !== null) return found;
  }
  // The package's other source roots (`src/test/java` next to `src/main/java`): the file
  // named after the class, when exactly one declares that package.
  if (pkg === null) return null;
  const candidates = r.lookup.endingWith(`${pkg.replace(/\./g, "/")}/${name}.java`).filter((p) => p !== scope.file.path);
  const found = candidates.map(typeIn).filter((t) => t !== null);
  return found.length === 1 ? found[0]! : null;
};

/** Java: imports of classes and their members, variables apart from methods, fields as bare names. */
export const JAVA: LanguagePolicy = {
  ...COMMON,
  resolveModule: (lookup, _path, specifier) => resolveJavaImport(lookup, specifier).target,
  bindImport: bindWholePath("."),
  importBinding(r, _scope, binding, depth, space) {
    const { target, rest } = resolveJavaImport(r.lookup, binding.module);
    if (target.kind !== "file") return r.modules.moduleAsTarget(target);
    const className = binding.module.split(".")[binding.module.split(".").length - rest.length - 1] ?? "";
    let current = r.modules.exportOf(target.path, className, depth + 1);
    for (const [i, segment] of rest.entries()) {
      if (current === null || current.kind === "external") return current;
      current = r.memberOf(current, segment, depth + 1, i === rest.length - 1 ? space : "value");
    }
    return current;
  },
  staticImport: (r, module, name, space) => (module.kind === "module" && space === "value" ? staticMember(r, module.path, name) : null),
  variablesApart: true,
  classScopeName(r, scope, cls, name, space) {
    // A type name never denotes a method (nor the constructor named like its class).
    if (space === "value") {
      const method = r.methodOf(scope.file.path, cls, name, new Set());
      if (method !== null) return method;
    }
    const nested = first(scope.declared.get(cls.id)?.get(name), (s) => JAVA_TYPE_KINDS.has(s.kind));
    return nested !== null ? { kind: "symbol", path: scope.file.path, symbol: nested } : null;
  },
  samePackageName: (r, scope, name) => samePackageType(r, scope, name),
  bareFieldNames: true,
  isSelf: (head) => head === "this",
  isSuper: (head) => head === "super",
  instanceReceiver(receiver) {
    const created = createdClass(receiver);
    return created !== null ? { type: created.cls, rest: created.rest } : castReceiver(receiver, false);
  },
  // A constructor is a method named like its class.
  newConstructor: (cls) => cls.name,
  readsReturnType: true,
};
