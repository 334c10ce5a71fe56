import type { FileParsed } from "../../../src/events/index.js";
import {
  externalNodeId,
  fileNodeId,
  symbolNodeId,
  type FileResolution,
  type GraphEdge,
  type Resolver,
  type UnresolvedReference,
} from "../../../src/projections/graph/model.js";

/**
 * A small but exact resolver for tests (the real one lives in src/projections/graph/resolve):
 * relative imports map to `<dir>/<spec>.ts`; a reference resolves to a symbol of its own file,
 * then to a name imported from a project file, then to the only top-level symbol with that name
 * in the project; anything else is unresolved. Its dependants are exact for these rules: a file
 * is affected by a change of Y when it imports Y's path or references a name Y defines (before
 * or after the change).
 */
export class SimpleResolver implements Resolver {
  private readonly byPath = new Map<string, FileParsed>();
  /** Top-level symbol name → paths defining it. */
  private readonly definers = new Map<string, Set<string>>();

  upsert(file: FileParsed): ReadonlySet<string> {
    const before = this.byPath.get(file.path);
    if (before) this.unindex(before);
    this.byPath.set(file.path, file);
    this.indexNames(file);
    return this.affectedBy(file.path, [...topNames(before), ...topNames(file)]);
  }

  remove(path: string): ReadonlySet<string> {
    const before = this.byPath.get(path);
    if (!before) return new Set();
    this.unindex(before);
    this.byPath.delete(path);
    return this.affectedBy(path, topNames(before));
  }

  files(): Iterable<string> {
    return this.byPath.keys();
  }

  parsed(path: string): FileParsed | undefined {
    return this.byPath.get(path);
  }

  resolve(path: string): FileResolution {
    const file = this.byPath.get(path);
    if (!file) return { edges: [], unresolved: [] };
    const edges: GraphEdge[] = [];
    const unresolved: UnresolvedReference[] = [];
    const fileId = fileNodeId(path);
    const imported = new Map<string, { target: string; name: string }>();
    for (const imp of file.imports) {
      const target = importTarget(path, imp.specifier);
      if (target === null) {
        edges.push({ kind: "IMPORTS", from: fileId, to: externalNodeId(imp.specifier), line: imp.line });
      } else if (this.byPath.has(target)) {
        edges.push({ kind: "IMPORTS", from: fileId, to: fileNodeId(target), line: imp.line });
        for (const n of imp.names) imported.set(n.alias ?? n.name, { target, name: n.name });
      } else {
        unresolved.push({ from: fileId, kind: "import", name: imp.specifier, qualifier: null, line: imp.line });
      }
    }
    const lookup = (name: string): string | null => {
      const own = file.symbols.find((s) => s.name === name && s.parent === null);
      if (own) return symbolNodeId(path, own.id);
      const imp = imported.get(name);
      if (imp) {
        const target = this.byPath.get(imp.target)!.symbols.find((s) => s.name === imp.name && s.parent === null);
        if (target) return symbolNodeId(imp.target, target.id);
      }
      const paths = this.definers.get(name);
      if (paths && paths.size === 1) {
        const [p] = [...paths];
        const target = this.byPath.get(p!)!.symbols.find((s) => s.name === name && s.parent === null)!;
        return symbolNodeId(p!, target.id);
      }
      return null;
    };
    const kindOf = { call: "CALLS", new: "CALLS", extends: "INHERITS", implements: "IMPLEMENTS", type: null } as const;
    for (const ref of file.references) {
      const kind = kindOf[ref.kind];
      if (kind === null) continue;
      const from = ref.from === null ? fileId : symbolNodeId(path, ref.from);
      const to = lookup(ref.name);
      if (to === null) unresolved.push({ from, kind: ref.kind, name: ref.name, qualifier: ref.qualifier, line: ref.line });
      else edges.push({ kind, from, to, line: ref.line });
    }
    for (const s of file.symbols) {
      for (const r of s.returns) {
        const to = lookup(r);
        if (to !== null) edges.push({ kind: "RETURNS", from: symbolNodeId(path, s.id), to, line: s.startLine });
      }
    }
    return { edges, unresolved };
  }

  private indexNames(file: FileParsed): void {
    for (const name of topNames(file)) {
      let set = this.definers.get(name);
      if (!set) this.definers.set(name, (set = new Set()));
      set.add(file.path);
    }
  }

  private unindex(file: FileParsed): void {
    for (const name of topNames(file)) this.definers.get(name)?.delete(file.path);
  }

  private affectedBy(path: string, names: ReadonlyArray<string>): Set<string> {
    const wanted = new Set(names);
    const out = new Set([path]);
    for (const [p, f] of this.byPath) {
      if (f.imports.some((i) => importTarget(p, i.specifier) === path)) out.add(p);
      else if (f.references.some((r) => wanted.has(r.name)) || f.symbols.some((s) => s.returns.some((r) => wanted.has(r)))) {
        out.add(p);
      }
    }
    return out;
  }
}

const topNames = (file: FileParsed | undefined): string[] =>
  file ? file.symbols.filter((s) => s.parent === null).map((s) => s.name) : [];

/** `./b` from `src/a.ts` is `src/b.ts`; a bare specifier is external (null). */
export const importTarget = (from: string, specifier: string): string | null => {
  if (!specifier.startsWith(".")) return null;
  const dir = from.includes("/") ? from.slice(0, from.lastIndexOf("/")).split("/") : [];
  for (const part of specifier.split("/")) {
    if (part === "..") dir.pop();
    else if (part !== ".") dir.push(part);
  }
  return `${dir.join("/")}.ts`;
};
