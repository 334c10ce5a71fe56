import type { ExtractedSymbol, FileParsed, Import, Reference } from "../../../events/index.js";
import { familyOf, type Family } from "./language.js";

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
}

const cache = new WeakMap<FileParsed, FileScope>();

const lastSegment = (spec: string, sep: string): string => {
  const at = spec.lastIndexOf(sep);
  return at === -1 ? spec : spec.slice(at + sep.length);
};

/** Go's default package name for an import path: the last segment without a `vN` or `go-` affix. */
const goLocalName = (spec: string): string => {
  const parts = spec.split("/");
  let last = parts[parts.length - 1] ?? spec;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  return last.replace(/^go-/, "").replace(/[.-]go$/, "").replace(/[^A-Za-z0-9_]/g, "_");
};

const addBindings = (scope: Mutable, imp: Import): void => {
  const { family } = scope;
  if (imp.kind === "reexport") {
    for (const n of imp.names) {
      if (n.name === "*" && n.alias === null) scope.starModules.push(imp);
      else scope.reexports.set(n.alias ?? n.name, { imp, module: imp.specifier, name: n.name, local: n.alias ?? n.name });
    }
    return;
  }
  const plain = imp.names.length === 0 || (imp.names.length === 1 && imp.names[0]!.name === "*" && imp.names[0]!.alias === null);
  if (family === "python" && !imp.specifier.startsWith(".") && plain) {
    // `import a.b.c` binds `a`; `a.b.c.f()` is looked up through the dotted table. The
    // extractor writes `from a.b import *` the same way, so its names are tried last.
    scope.dotted.set(imp.specifier, imp);
    const head = imp.specifier.split(".")[0]!;
    if (!scope.bindings.has(head)) scope.bindings.set(head, { imp, module: head, name: "*", local: head });
    if (imp.names.length > 0) scope.lateStars.push(imp);
    return;
  }
  if (family === "go") {
    const alias = imp.names.find((n) => n.name === "*")?.alias ?? null;
    if (alias === "_") return;
    if (alias === ".") {
      scope.starModules.push(imp);
      return;
    }
    const local = alias ?? goLocalName(imp.specifier);
    scope.bindings.set(local, { imp, module: imp.specifier, name: "*", local });
    return;
  }
  if ((family === "java" || family === "rust") && imp.names.length === 0) {
    const sep = family === "java" ? "." : "::";
    const last = lastSegment(imp.specifier, sep);
    if (last === "*") scope.starModules.push(imp);
    else scope.bindings.set(last, { imp, module: imp.specifier, name: "*", local: last });
    return;
  }
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
  for (const ref of file.references) {
    if (ref.kind !== "extends" && ref.kind !== "implements") continue;
    const subject = heritageSubject(byId, file.symbols, ref);
    if (subject === null) continue;
    const list = heritage.get(subject.id);
    if (list === undefined) heritage.set(subject.id, [ref]);
    else list.push(ref);
  }
  const scope: FileScope = { file, byId, declared, heritage, ...mutable };
  cache.set(file, scope);
  return scope;
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
