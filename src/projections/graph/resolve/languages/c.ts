import type { ExtractedSymbol } from "../../../../events/index.js";
import type { FileScope } from "../FileScope.js";
import { companionSources, isHeader, resolveInclude } from "../modules/c.js";
import { dirname } from "../paths.js";
import { first, type Space } from "../pickSymbol.js";
import type { Resolution } from "../Resolution.js";
import { TYPE_KINDS, type Target } from "../Target.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";
import { reachableFiles, symbolByQualifiedName } from "./reachable.js";

/** How deep `#include`s are followed when a name is looked for through them. */
const INCLUDE_DEPTH = 3;
/** Most source files of one folder looked through for a function a header declares. */
const FOLDER_FILES = 200;
const SOURCE = /\.(?:c|cc|cpp|cxx|c\+\+)$/i;

const CONTAINERS = new Set(["Class", "Interface", "Namespace"]);

/** The files `path` includes (those of the project), then theirs, `path` itself first. */
const includedFiles = (r: Resolution, path: string): string[] => reachableFiles(r, path, INCLUDE_DEPTH);

/** The symbol whose qualified name is `qualifiedName` in one of `paths`, a definition before a declaration. */
const byQualifiedName = (r: Resolution, paths: readonly string[], qualifiedName: string, accept: (s: ExtractedSymbol) => boolean): Target | null => {
  const found = symbolByQualifiedName(r, paths, qualifiedName, accept);
  return found !== null ? preferDefinition(r, found) : null;
};

/**
 * A method or function declared in a header (`void f();` in `class A`) stands for its definition
 * when a source file of the header defines it (`void A::f() { … }` in `a.cpp`).
 */
const preferDefinition = (r: Resolution, target: Target): Target => {
  if (target.kind !== "symbol") return target;
  if (!isHeader(target.path)) return definedOutOfLineHere(r, target);
  for (const source of companionSources(r.lookup, target.path)) {
    const defined = r.scope(source)?.byId.get(target.symbol.qualifiedName);
    if (defined !== undefined && defined.kind === target.symbol.kind) return { kind: "symbol", path: source, symbol: defined };
  }
  return target;
};

/**
 * A method declared in a class of a source file and defined outside it in the same file
 * (`class A { void f(); };` … `void A::f() { … }`): the definition, `A.f#2`. Only when the name
 * is declared once and defined once, so an overload is never swapped for another.
 */
const definedOutOfLineHere = (r: Resolution, target: Target & { kind: "symbol" }): Target => {
  const scope = r.scope(target.path);
  if (scope === null || target.symbol.kind !== "Method" || target.symbol.id !== target.symbol.qualifiedName) return target;
  const defined = scope.byId.get(`${target.symbol.id}#2`);
  if (defined === undefined || scope.byId.has(`${target.symbol.id}#3`) || defined.kind !== "Method") return target;
  return outsideItsClass(scope, defined) && !outsideItsClass(scope, target.symbol) ? { kind: "symbol", path: target.path, symbol: defined } : target;
};

/** Whether a method's lines lie outside its class's (an out-of-line definition the class was given as its parent). */
const outsideItsClass = (scope: FileScope, method: ExtractedSymbol): boolean => {
  const parent = method.parent !== null ? scope.byId.get(method.parent) : undefined;
  return parent === undefined || parent.kind === "Namespace" || method.startLine > parent.endLine || method.endLine < parent.startLine;
};

/** Namespaces and classes around symbol `fromId` (their qualified names, innermost first, then ""). */
const enclosingPrefixes = (scope: FileScope, fromId: string | null): string[] => {
  const out: string[] = [];
  let current = fromId !== null ? scope.byId.get(fromId) : undefined;
  while (current !== undefined) {
    if (CONTAINERS.has(current.kind)) out.push(`${current.qualifiedName}.`);
    current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
  }
  // An out-of-line method (`void ns::A::f()`) sits in the class and namespaces its qualified name gives.
  let own = fromId !== null ? scope.byId.get(fromId) : undefined;
  while (own !== undefined && own.kind !== "Method" && own.kind !== "Function" && own.parent !== null) own = scope.byId.get(own.parent);
  if (own !== undefined && own.kind === "Method" && isOutOfLine(scope, own)) {
    const segments = own.qualifiedName.split(".").slice(0, -1);
    for (let i = segments.length; i > 0; i--) out.push(`${segments.slice(0, i).join(".")}.`);
  }
  out.sort((a, b) => b.length - a.length);
  out.push("");
  return [...new Set(out)];
};

/** Whether a method sits outside its class (at the top of its file or in a namespace). */
const isOutOfLine = (scope: FileScope, method: ExtractedSymbol): boolean => {
  const parent = method.parent !== null ? scope.byId.get(method.parent) : undefined;
  return parent === undefined || parent.kind === "Namespace";
};

/** The class an out-of-line method belongs to (`void A::f()` in a.cpp: A of a.h), or null. */
const ownerClass = (r: Resolution, scope: FileScope, method: ExtractedSymbol): Target | null => {
  const qualifiedName = method.qualifiedName;
  const cut = qualifiedName.lastIndexOf(".");
  if (cut === -1 || !isOutOfLine(scope, method)) return null;
  return byQualifiedName(r, includedFiles(r, scope.file.path), qualifiedName.slice(0, cut), (s) => TYPE_KINDS.has(s.kind));
};

/** The enclosing method of `fromId` when it is defined outside its class, with that class. */
const outOfLine = (r: Resolution, scope: FileScope, fromId: string | null): { cls: Target & { kind: "symbol" } } | null => {
  const method = r.enclosingMethod(scope, fromId);
  if (method === null || !isOutOfLine(scope, method)) return null;
  const cls = ownerClass(r, scope, method);
  return cls !== null && cls.kind === "symbol" ? { cls } : null;
};

/**
 * The fixture a test macro's first argument names: GoogleTest's `TEST_F(Fixture, Name)`, Catch2's
 * `TEST_CASE_METHOD(Fixture, "name")` (and its SCENARIO_ and TEMPLATE_ variants), doctest's
 * `TEST_CASE_FIXTURE(Fixture, "name")`. Read from the signature: a Catch2 name may hold dots.
 */
const FIXTURE_TEST =
  /^(?:TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P|TEST_CASE_METHOD|SCENARIO_METHOD|TEMPLATE_TEST_CASE_METHOD|TEMPLATE_TEST_CASE_METHOD_SIG|TEMPLATE_PRODUCT_TEST_CASE_METHOD|TEMPLATE_PRODUCT_TEST_CASE_METHOD_SIG|TEMPLATE_LIST_TEST_CASE_METHOD|TEST_CASE_FIXTURE)\s*\(\s*(?:[\p{L}_][\p{L}\p{N}_]*\s*::\s*)*([\p{L}_][\p{L}\p{N}_]*)/u;

/** The fixture class whose members a test's body calls bare (see FIXTURE_TEST). */
const fixtureOf = (r: Resolution, scope: FileScope, fromId: string | null): Target | null => {
  let current = fromId !== null ? scope.byId.get(fromId) : undefined;
  while (current !== undefined && current.kind !== "Test") current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
  const fixture = current !== undefined ? FIXTURE_TEST.exec(current.signature)?.[1] : undefined;
  if (current === undefined || fixture === undefined) return null;
  const cls = r.resolveQualified(scope, null, null, fixture, "type");
  if (cls !== null && cls.kind === "symbol" && TYPE_KINDS.has(cls.symbol.kind)) return cls;
  // `namespace ns { TEST_F(Fixture, …) }`: ns::Fixture. Not through resolveQualified from the test,
  // whose bare names ask for the fixture again.
  const files = includedFiles(r, scope.file.path);
  for (const prefix of enclosingPrefixes(scope, current.id).filter((p) => p.length > 0)) {
    const found = byQualifiedName(r, files, `${prefix}${fixture}`, (s) => TYPE_KINDS.has(s.kind));
    if (found !== null) return found;
  }
  return null;
};

/** The class whose members a bare name inside `fromId` may be: the enclosing class, an out-of-line method's, a test fixture. */
const memberScope = (r: Resolution, scope: FileScope, fromId: string | null): (Target & { kind: "symbol" }) | null => {
  const own = r.enclosingClass(scope, fromId);
  if (own !== null) return { kind: "symbol", path: scope.file.path, symbol: own };
  const outside = outOfLine(r, scope, fromId)?.cls ?? fixtureOf(r, scope, fromId);
  return outside !== null && outside.kind === "symbol" ? outside : null;
};

/**
 * A function the file's headers declare, defined in one of their source files or in a source
 * file beside the including file (`list_push` declared in list.h, defined in list.c).
 */
const definedForHeaders = (r: Resolution, scope: FileScope, name: string): Target | null => {
  for (const source of headerSources(r, scope)) {
    const found = first(r.scope(source)?.declared.get("")?.get(name), (s) => s.exported && s.kind !== "Test");
    if (found !== null) return { kind: "symbol", path: source, symbol: found };
  }
  return null;
};

/** The source files of the headers `scope` includes, then the other source files of its folder. */
const headerSources = (r: Resolution, scope: FileScope): string[] => {
  const included = includedFiles(r, scope.file.path).slice(1);
  const sources: string[] = [];
  for (const header of included) for (const source of companionSources(r.lookup, header)) if (!sources.includes(source)) sources.push(source);
  for (const source of r.lookup.filesIn(dirname(scope.file.path)).slice(0, FOLDER_FILES)) {
    if (SOURCE.test(source) && !sources.includes(source)) sources.push(source);
  }
  return sources.filter((source) => source !== scope.file.path);
};

/**
 * `f` inside `namespace ns { … }` when a header declares `ns::f` (a prototype: no symbol) and a
 * source file of it defines it: the definition, by its qualified name.
 */
const definedInNamespace = (r: Resolution, scope: FileScope, prefixes: readonly string[], name: string): Target | null => {
  const sources = headerSources(r, scope);
  for (const prefix of prefixes) {
    const found = symbolByQualifiedName(r, sources, `${prefix}${name}`, (s) => s.exported && (s.kind === "Function" || s.kind === "Variable"));
    if (found !== null) return found;
  }
  return null;
};

/**
 * C and C++: `#include`s bring in everything a header declares; calls reach definitions in the
 * headers' source files; `A::f`, `ns::f` by qualified name (around the enclosing namespaces);
 * a method defined outside its class (`void A::f()`) belongs to A.
 */
export const C_FAMILY: LanguagePolicy = {
  ...COMMON,
  resolveModule: (lookup, path, specifier) => resolveInclude(lookup, path, specifier),
  functionMembers: false,
  isSelf: (head) => head === "this",
  selfTarget(r, scope, fromId) {
    const own = COMMON.selfTarget(r, scope, fromId);
    return own ?? outOfLine(r, scope, fromId)?.cls ?? null;
  },
  bareName(r, scope, fromId, name) {
    // Inside `void A::f() { g(); }` with A declared elsewhere, g is first A's; inside
    // `TEST_F(Fixture, Name) { g(); }`, the fixture's.
    const owner = outOfLine(r, scope, fromId)?.cls ?? fixtureOf(r, scope, fromId);
    const member = owner !== null && owner.kind === "symbol" ? r.methodOf(owner.path, owner.symbol, name, new Set()) : null;
    if (member !== null) return member;
    // Inside `namespace geo { … }`: `Circle` is `geo::Circle`, wherever geo's declarations are.
    const prefixes = enclosingPrefixes(scope, fromId).filter((p) => p.length > 0);
    if (prefixes.length === 0 || r.types.boundType(scope, fromId, name) !== undefined) return undefined;
    const files = includedFiles(r, scope.file.path);
    for (const prefix of prefixes) {
      const found = byQualifiedName(r, files, `${prefix}${name}`, (s) => s.kind !== "Test");
      if (found !== null) return found;
    }
    return definedInNamespace(r, scope, prefixes, name) ?? undefined;
  },
  samePackageName: (r, scope, name) => definedForHeaders(r, scope, name),
  qualifierHead(r, scope, fromId, head) {
    // `env_->NewWritableFile()`: a field of the class the code is a member of (in it, out of line, a test fixture's).
    if (r.types.boundType(scope, fromId, head) !== undefined) return undefined;
    const cls = memberScope(r, scope, fromId);
    const field = cls !== null ? r.types.fieldType(cls, head) : null;
    return field ?? undefined;
  },
  qualifiedPath(r, scope, fromId, qualifier, name, space: Space) {
    if (!qualifier.includes("::") && !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(qualifier)) return undefined;
    // `ns::f`, `A::s`, `a::B::f`: by qualified name, from the innermost enclosing namespace out.
    const path = qualifier.split("::").filter((p) => p.length > 0).join(".");
    const files = includedFiles(r, scope.file.path);
    for (const prefix of enclosingPrefixes(scope, fromId)) {
      const found = byQualifiedName(r, files, `${prefix}${path}.${name}`, () => true);
      if (found !== null) return found;
    }
    // `A::s` where A is a class reached by name (a base's method, a typedef'd struct).
    if (!qualifier.includes("::")) return undefined;
    const head = r.resolveQualified(scope, fromId, null, path.split(".")[0]!, "type");
    if (head !== null && head.kind === "symbol" && TYPE_KINDS.has(head.symbol.kind) && !path.includes(".")) return r.memberOf(head, name, 0, space);
    return null;
  },
  methodOf(r, path, cls, name, seen, depth) {
    const scope = r.scope(path);
    if (scope === null) return null;
    const own = first(scope.declared.get(cls.id)?.get(name), (s) => s.kind === "Method" || s.kind === "Function");
    if (own !== null) return preferDefinition(r, { kind: "symbol", path, symbol: own });
    // Defined outside the class only (`void A::f() {}` in a.cpp, no declaration in a.h's A).
    const outside = byQualifiedName(r, companionSources(r.lookup, path), `${cls.qualifiedName}.${name}`, (s) => s.kind === "Method");
    if (outside !== null) return outside;
    for (const base of r.basesOf(path, cls, "extends")) {
      const found = r.methodOf(base.path, base.symbol, name, seen, depth + 1);
      if (found !== null) return found;
    }
    return null;
  },
  separators: [".", "::"],
  newConstructor: (cls) => cls.name,
  annotationText: (annotation) => annotation.replace(/\b(?:const|volatile|struct|union|enum|class)\b/g, " ").replace(/[*&]/g, " "),
};
