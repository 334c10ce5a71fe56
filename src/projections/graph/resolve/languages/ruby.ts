import type { ExtractedSymbol } from "../../../../events/index.js";
import type { FileScope } from "../FileScope.js";
import { constantFile, resolveRequire } from "../modules/ruby.js";
import { first } from "../pickSymbol.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";
import { reachableFiles, symbolByQualifiedName } from "./reachable.js";

/** How deep `require`s are followed when a constant is looked for through them. */
const REQUIRE_DEPTH = 3;

/** Modules and classes around symbol `fromId`, by qualified name, innermost first, then "". */
const nesting = (scope: FileScope, fromId: string | null): string[] => {
  const out: string[] = [];
  let current = fromId !== null ? scope.byId.get(fromId) : undefined;
  while (current !== undefined) {
    if (CONTAINERS.has(current.kind)) out.push(`${current.qualifiedName}.`);
    current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
  }
  out.push("");
  return out;
};

/**
 * A constant path (`Cart`, `Shop::Cart`) seen from inside `fromId`: Ruby looks in each module
 * around the reference, innermost first, then at the top. A module is open, so each may be
 * defined in any file the file requires or the one its name is loaded from (`shop/cart.rb`).
 */
const constant = (r: Resolution, scope: FileScope, fromId: string | null, path: readonly string[]): Target | null => {
  const files = reachableFiles(r, scope.file.path, REQUIRE_DEPTH);
  for (const prefix of nesting(scope, fromId)) {
    const qualified = `${prefix}${path.join(".")}`;
    const candidates = [...files];
    for (const p of r.lookup.endingWith(constantFile(qualified.replace(/\./g, "::")))) if (!candidates.includes(p)) candidates.push(p);
    const found = symbolByQualifiedName(r, candidates, qualified, (s) => CONTAINERS.has(s.kind) || s.kind === "Variable");
    if (found !== null) return found;
  }
  return null;
};

const CONSTANT = /^[A-Z][\p{L}\p{N}_]*$/u;

const CONTAINERS = new Set(["Class", "Interface"]);

/** A class or module named `name` anywhere in `path` (nested ones too), the last declared first. */
const containerIn = (r: Resolution, path: string, name: string): Target | null => {
  const scope = r.scope(path);
  const found = scope?.file.symbols.find((s) => s.name === name && CONTAINERS.has(s.kind));
  return found !== undefined ? { kind: "symbol", path, symbol: found } : null;
};

/**
 * A constant the file neither defines nor requires: found by Ruby's loading convention
 * (`CartItem` in `cart_item.rb`, `Shop::Cart` in `shop/cart.rb`), when one file of the project has that name.
 */
const autoloaded = (r: Resolution, scope: FileScope, name: string): Target | null => {
  if (!/^[A-Z]/.test(name)) return null;
  const matches = r.lookup.endingWith(constantFile(name));
  for (const path of matches) {
    if (path === scope.file.path) continue;
    const found = containerIn(r, path, name);
    if (found !== null) return found;
  }
  return null;
};

/** Methods of a class, then of its mixins (`include`, latest first) and superclass, as Ruby looks them up. */
const methodOf = (r: Resolution, path: string, cls: ExtractedSymbol, name: string, seen: Set<string>, depth: number): Target | null => {
  const scope = r.scope(path);
  if (scope === null) return null;
  const own = first(scope.declared.get(cls.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Function" || s.kind === "Test");
  if (own !== null) return { kind: "symbol", path, symbol: own };
  for (const base of [...r.basesOf(path, cls, "implements").reverse(), ...r.basesOf(path, cls, "extends")]) {
    const found = r.methodOf(base.path, base.symbol, name, seen, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

/**
 * Ruby: `require`/`require_relative` bring a file's constants in; constants a file does not
 * require are found by the loading convention; `self`, `super`; methods through mixins and the
 * superclass; `Foo.new` calls `initialize`; `x = Foo.new` types x.
 */
export const RUBY: LanguagePolicy = {
  ...COMMON,
  bareName(r, scope, fromId, name) {
    if (!CONSTANT.test(name)) return undefined;
    return constant(r, scope, fromId, [name]) ?? undefined;
  },
  qualifiedPath(r, scope, fromId, qualifier, name) {
    // `@repo.find`: the instance variable's type, as the class assigns it.
    if (/^@[\p{L}_][\p{L}\p{N}_]*$/u.test(qualifier)) {
      const type = r.types.enclosingField(scope, fromId, qualifier);
      return type !== null ? r.memberOf(type, name) : null;
    }
    // `Shop::Cart`, `Shop::Cart.new`: a constant path, by the modules around the reference.
    const path = qualifier.replace(/^::/, "").split("::");
    if (!path.every((p) => CONSTANT.test(p))) return undefined;
    if (CONSTANT.test(name)) return constant(r, scope, fromId, [...path, name]) ?? undefined;
    const owner = constant(r, scope, fromId, path);
    return owner !== null ? r.memberOf(owner, name) : undefined;
  },
  classScopeName(r, scope, cls, name, space) {
    // A bare call inside a class calls a method of self: its own, a mixin's or the superclass's.
    return space === "value" ? r.methodOf(scope.file.path, cls, name, new Set()) : null;
  },
  resolveModule: (lookup, path, specifier) => resolveRequire(lookup, path, specifier),
  functionMembers: false,
  samePackageName: (r, scope, name) => autoloaded(r, scope, name),
  methodOf,
  isSelf: (head) => head === "self",
  isSuper: (head) => head === "super",
  separators: ["::", "."],
  newConstructor: () => "initialize",
};
