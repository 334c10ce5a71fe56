import type { Binding, FileScope } from "../FileScope.js";
import { resolveRustModule } from "../modules/rust.js";
import type { Space } from "../pickSymbol.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { bindWholePath, COMMON, type LanguagePolicy } from "./LanguagePolicy.js";

/** What a Rust `impl` block can be for (or a trait's own default methods). */
const RUST_SELF_KINDS = new Set(["Class", "Enum", "Type", "Interface"]);

/** Rust receivers mix paths and fields: `a::B::new().repo.get()`. */
const RUST_SEPARATORS = ["::", "."] as const;

const useBinding = (r: Resolution, scope: FileScope, binding: Binding, depth: number, space: Space): Target | null => {
  // `use a::b::C` binds C (module `a::b`, name `C`); `use a::b` / `{self}` bind the module.
  const path = binding.name === "*" ? binding.module : `${binding.module}::${binding.name}`;
  const { target, rest } = resolveRustModule(r.lookup, scope.file.path, path);
  let current = r.modules.moduleAsTarget(target);
  for (const [i, segment] of rest.entries()) {
    if (current === null || current.kind === "external") return current;
    current = r.memberOf(current, segment, depth + 1, i === rest.length - 1 ? space : "value");
  }
  return current;
};

/**
 * The type an `impl` block is for, seen from inside one of its methods: the method's parent
 * when the type is declared in this file, else the type its qualified name (`Type.method`) names.
 */
const selfType = (r: Resolution, scope: FileScope, fromId: string | null): Target | null => {
  const method = r.enclosingMethod(scope, fromId);
  if (method === null) return null;
  const parent = method.parent !== null ? scope.byId.get(method.parent) : undefined;
  if (parent !== undefined) return { kind: "symbol", path: scope.file.path, symbol: parent };
  const dot = method.qualifiedName.lastIndexOf(".");
  if (dot === -1) return null;
  const type = r.resolveName(scope, null, method.qualifiedName.slice(0, dot), "type");
  return type !== null && type.kind === "symbol" && RUST_SELF_KINDS.has(type.symbol.kind) ? type : null;
};

/** Whether the function `fromId` is (or sits in) a Rust method with a `self` parameter. */
const takesSelf = (r: Resolution, scope: FileScope, fromId: string | null): boolean => {
  const method = r.enclosingMethod(scope, fromId);
  return method !== null && method.params.some((p) => /^(&\s*('\w+\s+)?)?(mut\s+)?self$/.test(p.name));
};

/** Rust: `use` paths, `crate::`/`self::`/`super::`, `self`/`Self`, paths that start at a module or type. */
export const RUST: LanguagePolicy = {
  ...COMMON,
  resolveModule: (lookup, path, specifier) => resolveRustModule(lookup, path, specifier).target,
  bindImport: bindWholePath("::"),
  importBinding: useBinding,
  valuesAndTypesApart: true,
  qualifierHead(r, scope, fromId, head, rustPath) {
    if (head === "self" || head === "Self") return selfType(r, scope, fromId);
    // A Rust path (`config::load()`) starts at a module or type, never at a local of that name.
    return rustPath ? r.resolveName(scope, fromId, head, "type") : undefined;
  },
  bareName: (r, scope, fromId, name) => (name === "Self" ? selfType(r, scope, fromId) : undefined),
  qualifiedPath(r, scope, fromId, qualifier, name, space) {
    // `self.f()` (a receiver) and `self::f()` (this module) both leave the qualifier `self`:
    // inside a function taking `self` it is the receiver.
    if (!/^(crate|self|super)(::|$)/.test(qualifier) || (qualifier === "self" && takesSelf(r, scope, fromId))) return undefined;
    const path = `${qualifier}::${name}`;
    return useBinding(r, scope, { imp: { specifier: path, names: [], kind: "import", typeOnly: false, line: 0 }, module: path, name: "*", local: name }, 0, space);
  },
  separators: RUST_SEPARATORS,
};
