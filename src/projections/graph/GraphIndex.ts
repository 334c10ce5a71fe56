import { STRUCTURAL_KINDS } from "./GraphWrite.js";
import type { KuzuStore } from "./KuzuStore.js";
import { fileNodeId, type GraphEdge, type NodeId } from "./model.js";

/** What the store holds for one file, kept in memory so a delta deletes by key and never scans. */
export interface PathEntry {
  readonly status: "parsed" | "failed";
  /** Symbol node ids of the file. */
  symbols: NodeId[];
  /** The file's resolved outgoing edges as stored: a re-resolution writes only the difference. */
  edges: GraphEdge[];
  /** The stored unresolved list (JSON), rewritten only when it changes. */
  unresolved: string;
}

/**
 * An in-memory mirror of what the graph holds: which files and symbols exist, each file's
 * resolved edges and unresolved list, and how many edges point at each external module (an
 * external nobody imports any more is deleted, as a fresh index would never have created it).
 */
export class GraphIndex {
  readonly paths = new Map<string, PathEntry>();
  /** File and Symbol node ids, with the path that owns them. */
  readonly nodes = new Map<NodeId, string>();
  readonly externalRefs = new Map<NodeId, number>();
  /** Target node → paths whose resolved edges point at it (with edge counts): who loses an edge when it is detached. */
  private readonly incoming = new Map<NodeId, Map<string, number>>();
  /** Externals present in the store now. */
  readonly storedExternals = new Set<NodeId>();

  /**
   * Files and externals as committed; symbols and resolved edges are left to the caller, who
   * has them from the parse results and the resolver far cheaper than Kuzu can return them.
   */
  static async loadFiles(store: KuzuStore): Promise<GraphIndex> {
    const index = new GraphIndex();
    for (const r of await store.query("MATCH (f:File) RETURN f.path AS path, f.status AS status, f.unresolved AS u")) {
      index.addFile(String(r.path), r.status === "failed" ? "failed" : "parsed").unresolved = String(r.u ?? "[]");
    }
    for (const r of await store.query("MATCH (x:External) RETURN x.id AS id")) index.storedExternals.add(String(r.id));
    return index;
  }

  addFile(path: string, status: PathEntry["status"]): PathEntry {
    const entry: PathEntry = { status, symbols: [], edges: [], unresolved: "[]" };
    this.paths.set(path, entry);
    this.nodes.set(fileNodeId(path), path);
    return entry;
  }

  addSymbol(path: string, id: NodeId): void {
    this.paths.get(path)?.symbols.push(id);
    this.nodes.set(id, path);
  }

  /** The file's Symbol nodes are now `ids` (a file re-parsed in place keeps its File node). */
  replaceSymbols(path: string, ids: ReadonlyArray<NodeId>): void {
    const entry = this.paths.get(path);
    if (entry === undefined) return;
    for (const id of entry.symbols) this.nodes.delete(id);
    entry.symbols = [];
    for (const id of ids) this.addSymbol(path, id);
  }

  /**
   * Whether a resolver edge of `path` can be stored: structural kinds are the parse result's,
   * and an edge must start at a node of this file and end at a node (or external) that exists.
   */
  storable(path: string, e: GraphEdge): boolean {
    return !STRUCTURAL_KINDS.has(e.kind) && this.nodes.get(e.from) === path && (e.to.startsWith("x:") || this.nodes.has(e.to));
  }

  addEdge(path: string, edge: GraphEdge): void {
    const entry = this.paths.get(path);
    if (entry === undefined) return;
    entry.edges.push(edge);
    this.count(path, edge, 1);
  }

  /** Forgets one stored edge of the file. */
  removeEdge(path: string, edge: GraphEdge): void {
    const entry = this.paths.get(path);
    if (entry === undefined) return;
    const i = entry.edges.findIndex((e) => e.kind === edge.kind && e.from === edge.from && e.to === edge.to && e.line === edge.line);
    if (i === -1) return;
    entry.edges.splice(i, 1);
    this.count(path, edge, -1);
  }

  /** Forgets the file's resolved edges (its nodes stay). */
  clearEdges(path: string): void {
    const entry = this.paths.get(path);
    if (entry === undefined) return;
    for (const e of entry.edges) this.count(path, e, -1);
    entry.edges = [];
  }

  /** Stored resolved edges that end at one of `targets`, grouped by the path they start in. */
  edgesInto(targets: ReadonlySet<NodeId>): Map<string, GraphEdge[]> {
    const sources = new Set<string>();
    for (const t of targets) for (const path of this.incoming.get(t)?.keys() ?? []) sources.add(path);
    const out = new Map<string, GraphEdge[]>();
    for (const path of sources) {
      const edges = this.paths.get(path)?.edges.filter((e) => targets.has(e.to)) ?? [];
      if (edges.length > 0) out.set(path, edges);
    }
    return out;
  }

  private count(path: string, edge: GraphEdge, delta: number): void {
    if (edge.to.startsWith("x:")) {
      this.addExternalRef(edge.to, delta);
      return;
    }
    let byPath = this.incoming.get(edge.to);
    if (byPath === undefined) this.incoming.set(edge.to, (byPath = new Map()));
    const n = (byPath.get(path) ?? 0) + delta;
    if (n > 0) byPath.set(path, n);
    else {
      byPath.delete(path);
      if (byPath.size === 0) this.incoming.delete(edge.to);
    }
  }

  /** Forgets the file entirely. */
  removeFile(path: string): void {
    const entry = this.paths.get(path);
    if (entry === undefined) return;
    this.clearEdges(path);
    for (const id of entry.symbols) this.nodes.delete(id);
    this.nodes.delete(fileNodeId(path));
    this.paths.delete(path);
  }

  private addExternalRef(id: NodeId, delta: number): void {
    const n = (this.externalRefs.get(id) ?? 0) + delta;
    if (n > 0) this.externalRefs.set(id, n);
    else this.externalRefs.delete(id);
  }
}
