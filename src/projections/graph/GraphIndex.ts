import type { KuzuStore } from "./KuzuStore.js";
import { fileNodeId, type NodeId } from "./model.js";

/** What the store holds for one file, kept in memory so a delta deletes by key and never scans. */
export interface PathEntry {
  readonly status: "parsed" | "failed";
  /** Symbol node ids of the file. */
  symbols: NodeId[];
  /** External targets of the file's resolved edges, one per edge. */
  externals: NodeId[];
}

/**
 * An in-memory mirror of the graph's keys: which files and symbols exist, and how many edges
 * point at each external module (an external nobody
 * imports any more is deleted, as a fresh index would never have created it).
 */
export class GraphIndex {
  readonly paths = new Map<string, PathEntry>();
  /** File and Symbol node ids, with the path that owns them. */
  readonly nodes = new Map<NodeId, string>();
  readonly externalRefs = new Map<NodeId, number>();
  /** Externals present in the store now. */
  readonly storedExternals = new Set<NodeId>();

  /** Rebuilds the mirror from the store itself, so it matches what was committed. */
  static async load(store: KuzuStore): Promise<GraphIndex> {
    const index = new GraphIndex();
    for (const r of await store.query("MATCH (f:File) RETURN f.path AS path, f.status AS status")) {
      index.addFile(String(r.path), r.status === "failed" ? "failed" : "parsed");
    }
    for (const r of await store.query("MATCH (s:Symbol) RETURN s.path AS path, s.id AS id")) {
      index.addSymbol(String(r.path), String(r.id));
    }
    for (const table of ["File", "Symbol"]) {
      for (const r of await store.query(`MATCH (a:${table})-[]->(x:External) RETURN a.path AS path, x.id AS id`)) {
        index.paths.get(String(r.path))?.externals.push(String(r.id));
        index.addExternalRef(String(r.id), 1);
      }
    }
    for (const r of await store.query("MATCH (x:External) RETURN x.id AS id")) index.storedExternals.add(String(r.id));
    return index;
  }

  get isEmpty(): boolean {
    return this.paths.size === 0 && this.storedExternals.size === 0;
  }

  addFile(path: string, status: PathEntry["status"]): PathEntry {
    const entry: PathEntry = { status, symbols: [], externals: [] };
    this.paths.set(path, entry);
    this.nodes.set(fileNodeId(path), path);
    return entry;
  }

  addSymbol(path: string, id: NodeId): void {
    this.paths.get(path)?.symbols.push(id);
    this.nodes.set(id, path);
  }

  /** Forgets the file's resolved edges (its nodes stay). */
  clearResolution(entry: PathEntry): void {
    for (const x of entry.externals) this.addExternalRef(x, -1);
    entry.externals = [];
  }

  /** Forgets the file entirely. */
  removeFile(path: string): void {
    const entry = this.paths.get(path);
    if (entry === undefined) return;
    this.clearResolution(entry);
    for (const id of entry.symbols) this.nodes.delete(id);
    this.nodes.delete(fileNodeId(path));
    this.paths.delete(path);
  }

  addExternalRef(id: NodeId, delta: number): void {
    const n = (this.externalRefs.get(id) ?? 0) + delta;
    if (n > 0) this.externalRefs.set(id, n);
    else this.externalRefs.delete(id);
  }
}
