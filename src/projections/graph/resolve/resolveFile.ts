import type { ExtractedSymbol, Reference } from "../../../events/index.js";
import {
  externalNodeId,
  fileNodeId,
  symbolNodeId,
  type EdgeKind,
  type FileResolution,
  type GraphEdge,
  type NodeId,
  type UnresolvedReference,
} from "../model.js";
import { exportAliasesOf } from "../exportAliases.js";
import { heritageSubject, scopeOf, type FileScope } from "./FileScope.js";
import type { Lookup } from "./Lookup.js";
import { JavaArgumentTypes } from "./javaArgumentTypes.js";
import { policyOf } from "./languages/index.js";
import { Resolution } from "./Resolution.js";
import { assertedImplements } from "./assertedImplements.js";
import { structuralImplements } from "./structuralImplements.js";
import type { SharedExports, Target } from "./Target.js";
import { typeNamesIn } from "./typeNames.js";

const CALLABLE = new Set(["Function", "Method", "Class", "Variable"]);
const CONSTRUCTIBLE = new Set(["Class", "Function", "Method"]);
const TESTED = new Set(["Function", "Method", "Class"]);
const TYPES = new Set(["Class", "Interface", "Type", "Enum"]);
const HERITAGE = new Set(["Class", "Interface"]);

export const EMPTY_RESOLUTION: FileResolution = { edges: [], unresolved: [] };

/** Collects edges, one per (kind, from, to), keeping the earliest line. */
class EdgeSet {
  // Nested by interned node ids, so adding an edge hashes no freshly built string.
  private readonly edges = new Map<EdgeKind, Map<NodeId, Map<NodeId, GraphEdge>>>();

  add(kind: EdgeKind, from: NodeId, to: NodeId, line: number): void {
    // A function calling itself is recursion (find_cycles reports it); any other edge to itself says nothing.
    if (from === to && kind !== "CALLS") return;
    let byFrom = this.edges.get(kind);
    if (byFrom === undefined) this.edges.set(kind, (byFrom = new Map()));
    let byTo = byFrom.get(from);
    if (byTo === undefined) byFrom.set(from, (byTo = new Map()));
    const existing = byTo.get(to);
    if (existing === undefined || existing.line > line) byTo.set(to, { kind, from, to, line });
  }

  has(kind: EdgeKind, from: NodeId, to: NodeId): boolean {
    return this.edges.get(kind)?.get(from)?.has(to) === true;
  }

  list(): GraphEdge[] {
    const out: GraphEdge[] = [];
    for (const byFrom of this.edges.values()) for (const byTo of byFrom.values()) for (const edge of byTo.values()) out.push(edge);
    return out;
  }
}

const symbolIds = new WeakMap<ExtractedSymbol, Map<string, NodeId>>();
/** `symbolNodeId`, built once per symbol and path. */
const nodeIdOf = (path: string, symbol: ExtractedSymbol): NodeId => {
  let byPath = symbolIds.get(symbol);
  if (byPath === undefined) symbolIds.set(symbol, (byPath = new Map()));
  let id = byPath.get(path);
  if (id === undefined) byPath.set(path, (id = symbolNodeId(path, symbol.id)));
  return id;
};

const symbolTarget = (target: Target | null): { path: string; symbol: ExtractedSymbol } | null =>
  target !== null && target.kind === "symbol" ? target : null;

/**
 * `new X()` calls X's own constructor when it declares one (`constructor` in TS, a method named
 * like the class in Java; scip-typescript's and scip-java's convention too), else the class
 * itself. Among Java's overloaded constructors `overloadFor` then picks by the arguments.
 */
const constructorOf = (resolution: Resolution, cls: { path: string; symbol: ExtractedSymbol }): { path: string; symbol: ExtractedSymbol } => {
  if (cls.symbol.kind !== "Class") return cls;
  const scope = resolution.scope(cls.path);
  const name = scope !== null ? policyOf(scope.family).newConstructor(cls.symbol) : "constructor";
  const own = scope?.declared.get(cls.symbol.id)?.get(name)?.find((s) => s.kind === "Method");
  return own !== undefined ? { path: cls.path, symbol: own } : cls;
};

const isVariadic = (s: ExtractedSymbol): boolean => s.params.at(-1)?.type?.endsWith("...") === true;

/**
 * Among a method's overloads (same parent and name, ids `m`, `m#2`…), the one a Java call
 * `ref` means: of those taking its number of arguments (a varargs one when no fixed one does),
 * the one its arguments' types fit best (see javaOverloads); when they cannot tell, the target
 * itself if it takes that many, else the first declared that does.
 */
const overloadFor = (
  resolution: Resolution,
  argumentTypes: () => JavaArgumentTypes,
  scope: FileScope,
  ref: Reference,
  arity: number,
  target: { path: string; symbol: ExtractedSymbol },
): { path: string; symbol: ExtractedSymbol } => {
  const { symbol } = target;
  const siblings = resolution.scope(target.path)?.declared.get(symbol.parent ?? "")?.get(symbol.name)?.filter((s) => s.kind === symbol.kind);
  if (siblings === undefined || siblings.length < 2) return target;
  const fixed = siblings.filter((s) => !isVariadic(s) && s.params.length === arity);
  const fits = fixed.length > 0 ? fixed : siblings.filter((s) => isVariadic(s) && arity >= s.params.length - 1);
  if (fits.length === 0) return target;
  const chosen = fits.length > 1 ? argumentTypes().choose(scope, ref, target.path, fits, isVariadic) : null;
  if (chosen !== null) return { path: target.path, symbol: chosen };
  return fits.includes(symbol) ? target : { path: target.path, symbol: fits[0]! };
};

/** The test a reference sits in, if any (the innermost `Test` symbol enclosing `from`). */
const testOwner = (scope: FileScope, fromId: string | null): ExtractedSymbol | null => {
  let current = fromId !== null ? scope.byId.get(fromId) : undefined;
  while (current !== undefined) {
    if (current.kind === "Test") return current;
    current = current.parent !== null ? scope.byId.get(current.parent) : undefined;
  }
  return null;
};

/** Everything one file contributes to the graph beyond its own structure. */
export const resolveFile = (lookup: Lookup, path: string, shared?: SharedExports): FileResolution => {
  const file = lookup.file(path);
  if (file === undefined) return EMPTY_RESOLUTION;
  const scope = scopeOf(file);
  const policy = policyOf(scope.family);
  const resolution = new Resolution(lookup, shared);
  let javaTypes: JavaArgumentTypes | null = null;
  const argumentTypes = (): JavaArgumentTypes => (javaTypes ??= new JavaArgumentTypes(resolution));
  const edges = new EdgeSet();
  const unresolved: UnresolvedReference[] = [];
  const fileNode = fileNodeId(path);
  const nodeOf = (fromId: string | null): NodeId => {
    const symbol = fromId !== null ? scope.byId.get(fromId) : undefined;
    return symbol !== undefined ? nodeIdOf(path, symbol) : fileNode;
  };

  for (const imp of file.imports) {
    const target = resolution.modules.module(scope, imp.specifier);
    switch (target.kind) {
      case "file": {
        let submodules = 0;
        if (policy.importedSubmodule !== undefined) {
          for (const n of imp.names) {
            const sub = n.name === "*" ? null : policy.importedSubmodule(lookup, target.path, n.name);
            if (sub !== null) {
              edges.add("IMPORTS", fileNode, fileNodeId(sub), imp.line);
              submodules++;
            }
          }
        }
        if (submodules === 0 || submodules < imp.names.length) edges.add("IMPORTS", fileNode, fileNodeId(target.path), imp.line);
        break;
      }
      case "package":
        for (const f of target.files) edges.add("IMPORTS", fileNode, fileNodeId(f), imp.line);
        break;
      case "external":
        edges.add("IMPORTS", fileNode, externalNodeId(target.id), imp.line);
        break;
      case "missing":
        unresolved.push({ from: fileNode, kind: "import", name: imp.specifier, qualifier: null, line: imp.line });
    }
  }

  // An alias's node (graphRows) stands for what the module exports under that name, the chain of
  // re-exports followed; the only IMPORTS edge a symbol has, so readers tell an alias by it.
  for (const a of exportAliasesOf(file)) {
    const target = symbolTarget(resolution.modules.exportOf(path, a.alias) ?? resolution.modules.exportOf(path, a.alias, 0, "type"));
    if (target !== null) edges.add("IMPORTS", symbolNodeId(path, a.alias), nodeIdOf(target.path, target.symbol), a.line);
  }

  const unresolvedRef = (ref: Reference): void => {
    unresolved.push({ from: nodeOf(ref.from), kind: ref.kind, name: ref.name, qualifier: ref.qualifier, line: ref.line });
  };

  for (const ref of file.references) {
    switch (ref.kind) {
      case "type":
        break;
      case "call":
      case "new": {
        // `this` of a plain callback function: nothing says what it is (see Reference.unboundThis).
        if (ref.unboundThis === true) {
          unresolvedRef(ref);
          break;
        }
        const found = symbolTarget(resolution.modules.callee(resolution.resolveQualified(scope, ref.from, ref.qualifier, ref.name, "value", ref.path === true)));
        const callee = ref.kind === "new" && found !== null ? constructorOf(resolution, found) : found;
        const target = callee !== null && ref.arity !== undefined && (callee.symbol.kind === "Method" || callee.symbol.kind === "Function") ? overloadFor(resolution, argumentTypes, scope, ref, ref.arity, callee) : callee;
        const accepted = ref.kind === "new" ? CONSTRUCTIBLE : CALLABLE;
        if (target === null || !accepted.has(target.symbol.kind)) {
          unresolvedRef(ref);
          break;
        }
        const to = nodeIdOf(target.path, target.symbol);
        edges.add("CALLS", nodeOf(ref.from), to, ref.line);
        const test = testOwner(scope, ref.from);
        if (test !== null && TESTED.has(target.symbol.kind)) edges.add("TESTS", nodeIdOf(path, test), to, ref.line);
        break;
      }
      case "extends":
      case "implements": {
        if (ref.implementor !== undefined) {
          // `var _ I = (*T)(nil)`: the edge is T's (assertedImplements, from T's file); here I
          // is only checked, so that one from outside the repository is listed as unresolved.
          const target = symbolTarget(resolution.resolveQualified(scope, null, ref.qualifier, ref.name, "type"));
          if (target === null || !HERITAGE.has(target.symbol.kind)) unresolvedRef(ref);
          break;
        }
        const subject = heritageSubject(scope.byId, file.symbols, ref);
        const target = subject !== null ? symbolTarget(resolution.resolveQualified(scope, subject.parent, ref.qualifier, ref.name, "type")) : null;
        if (subject === null || target === null || !HERITAGE.has(target.symbol.kind)) {
          unresolvedRef(ref);
          break;
        }
        const kind: EdgeKind = ref.kind === "implements" ? "IMPLEMENTS" : "INHERITS";
        edges.add(kind, nodeIdOf(path, subject), nodeIdOf(target.path, target.symbol), ref.line);
        break;
      }
    }
  }

  // A signature is read where the symbol is declared, except that its own type parameters
  // (`f<User>(u: User)`) hide declarations of the same name; its body's locals do not.
  const typeEdge = (kind: EdgeKind, symbol: ExtractedSymbol, name: string, qualifier: string | null): void => {
    if (symbol.typeParams?.includes(qualifier === null ? name : qualifier.split(".")[0]!) === true) return;
    const target = symbolTarget(resolution.resolveQualified(scope, symbol.parent, qualifier, name, "type"));
    if (target !== null && TYPES.has(target.symbol.kind)) {
      edges.add(kind, nodeIdOf(path, symbol), nodeIdOf(target.path, target.symbol), symbol.startLine);
    }
  };
  for (const symbol of file.symbols) {
    for (const name of symbol.returns) typeEdge("RETURNS", symbol, name, null);
    for (const param of symbol.params) {
      if (param.type === null) continue;
      const text = policy.annotationText(param.type);
      for (const { qualifier, name } of typeNamesIn(text)) typeEdge("ACCEPTS", symbol, name, qualifier);
    }
  }

  for (const { type, iface, line } of assertedImplements(resolution, scope)) {
    edges.add("IMPLEMENTS", nodeIdOf(path, type), nodeIdOf(iface.path, iface.symbol), line);
  }
  // Line 0 marks an implementation nothing in the source names; a declared one keeps its line.
  for (const edge of structuralImplements(resolution, scope)) {
    if (!edges.has("IMPLEMENTS", edge.from, edge.to)) edges.add("IMPLEMENTS", edge.from, edge.to, 0);
  }

  return { edges: edges.list(), unresolved };
};
