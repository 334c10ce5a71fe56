import type { ExtractedSymbol, FileParsed, Import, Reference } from "../../../events/index.js";
import { familyOf, type Family } from "./language.js";
import { policyOf } from "./languages/index.js";

/** A local name bound by an import: the module it comes from and the name it has there (`*` for the module itself). */
export interface Binding {
  readonly imp: Import;
  /** Specifier to resolve (differs from `imp.specifier` for `import a.b` binding `a`). */
  readonly module: string;
  readonly name: string;
  /** The name it is known by in this file (or re-exported as). */
  readonly local: string;
}

/** The name tables of one file, computed once per parse result. */
export interface FileScope {
  readonly file: FileParsed;
  readonly family: Family;
  readonly byId: ReadonlyMap<string, ExtractedSymbol>;
  /** Symbols declared directly in a scope (parent id, `""` for the module), by name, in source order. */
  readonly declared: ReadonlyMap<string, ReadonlyMap<string, readonly ExtractedSymbol[]>>;
  readonly bindings: ReadonlyMap<string, Binding>;
  /** Python dotted imports (`import a.b.c`) by their full dotted name. */
  readonly dotted: ReadonlyMap<string, Import>;
  /** Modules whose public names this one takes wholesale (`from m import *`, `export * from`). */
  readonly starModules: readonly Import[];
  /** Python `import a.b` / `from a.b import *` (written alike): the module's names, tried last. */
  readonly lateStars: readonly Import[];
  /** Names this module re-exports from another (`export { a as b } from`, `export * as ns from`). */
  readonly reexports: ReadonlyMap<string, Binding>;
  /** `extends`/`implements` references by the class or interface they belong to. */
  readonly heritage: ReadonlyMap<string, readonly Reference[]>;
  /** `implements` references written apart from their type (Go `var _ I = (*T)(nil)`), by the type's name (`Reference.implementor`). */
  readonly asserted: ReadonlyMap<string, readonly Reference[]>;
}

const cache = new WeakMap<FileParsed, FileScope>();

/** The tables an import fills (see `FileScope`), while the file's imports are read. */
export interface ImportTables {
  readonly bindings: Map<string, Binding>;
  readonly dotted: Map<string, Import>;
  readonly starModules: Import[];
  readonly lateStars: Import[];
}

const addBindings = (scope: Mutable, imp: Import): void => {
  if (imp.kind === "reexport") {
    for (const n of imp.names) {
      if (n.name === "*" && n.alias === null) scope.starModules.push(imp);
      else scope.reexports.set(n.alias ?? n.name, { imp, module: imp.specifier, name: n.name, local: n.alias ?? n.name });
    }
    return;
  }
  if (policyOf(scope.family).bindImport?.(scope, imp) === true) return;
  for (const n of imp.names) {
    if (n.name === "*" && n.alias === null) scope.starModules.push(imp);
    else scope.bindings.set(n.alias ?? n.name, { imp, module: imp.specifier, name: n.name, local: n.alias ?? n.name });
  }
};

type Mutable = {
  family: Family;
  bindings: Map<string, Binding>;
  dotted: Map<string, Import>;
  starModules: Import[];
  lateStars: Import[];
  reexports: Map<string, Binding>;
};

export const scopeOf = (file: FileParsed): FileScope => {
  const cached = cache.get(file);
  if (cached !== undefined) return cached;
  const byId = new Map<string, ExtractedSymbol>();
  const declared = new Map<string, Map<string, ExtractedSymbol[]>>();
  for (const symbol of file.symbols) {
    byId.set(symbol.id, symbol);
    const key = symbol.parent ?? "";
    let names = declared.get(key);
    if (names === undefined) declared.set(key, (names = new Map()));
    const list = names.get(symbol.name);
    if (list === undefined) names.set(symbol.name, [symbol]);
    else list.push(symbol);
  }
  const mutable: Mutable = {
    family: familyOf(file.language),
    bindings: new Map(),
    dotted: new Map(),
    starModules: [],
    lateStars: [],
    reexports: new Map(),
  };
  for (const imp of file.imports) addBindings(mutable, imp);
  const heritage = new Map<string, Reference[]>();
  const asserted = new Map<string, Reference[]>();
  for (const ref of file.references) {
    if (ref.kind !== "extends" && ref.kind !== "implements") continue;
    if (ref.implementor !== undefined) {
      const list = asserted.get(ref.implementor);
      if (list === undefined) asserted.set(ref.implementor, [ref]);
      else list.push(ref);
      continue;
    }
    const subject = heritageSubject(byId, file.symbols, ref);
    if (subject === null) continue;
    const list = heritage.get(subject.id);
    if (list === undefined) heritage.set(subject.id, [ref]);
    else list.push(ref);
  }
  const scope: FileScope = { file, byId, declared, heritage, asserted, ...mutable };
  cache.set(file, scope);
  return scope;
};

/**
 * The scope of `from` becomes `to`'s, a copy of the same parse with fewer references (see
 * Resolver.forgetOwnReferences): its tables read only symbols, imports and heritage, which
 * `to` keeps, so they are not built again.
 */
export const rekeyScope = (from: FileParsed, to: FileParsed): void => {
  const scope = cache.get(from);
  if (scope === undefined) return;
  cache.delete(from);
  cache.set(to, { ...scope, file: to });
};

/** What can carry `extends`/`implements` clauses (Java enums implement interfaces, Rust enums traits). */
const isTypeLike = (s: ExtractedSymbol): boolean => s.kind === "Class" || s.kind === "Interface" || s.kind === "Enum";

/** The class an `extends`/`implements` clause belongs to: its `from`, or the innermost class on that line. */
export const heritageSubject = (
  byId: ReadonlyMap<string, ExtractedSymbol>,
  symbols: readonly ExtractedSymbol[],
  ref: Reference,
): ExtractedSymbol | null => {
  const from = ref.from !== null ? byId.get(ref.from) : undefined;
  if (from !== undefined && isTypeLike(from)) return from;
  let best: ExtractedSymbol | null = null;
  for (const s of symbols) {
    if (!isTypeLike(s) || s.startLine > ref.line || s.endLine < ref.line) continue;
    if (best === null || s.startLine >= best.startLine) best = s;
  }
  return best;
};
