import type { ExternalRow, FileRow, SymbolRow } from "./graphRows.js";
import type { EdgeKind, GraphEdge, NodeId } from "./model.js";

/**
 * One batch's change to the graph, applied by the store in a single transaction together with
 * the checkpoint. Everything is keyed by our own ids, so the store never has to MERGE or scan.
 * Order of application: deletes (nodes, changed edges, orphaned externals), then the
 * unresolved lists of re-resolved files, then creates (nodes, then edges), then the checkpoint.
 */
export interface GraphWrite {
  /** Files whose every node goes (detach-deleted): replaced, failed or deleted ones, with their Symbol nodes. */
  readonly deleteFiles: ReadonlyArray<DeletedFile>;
  /** Symbol nodes to detach-delete one by one: those a file re-parsed in place no longer has. */
  readonly deleteNodes: ReadonlyArray<NodeId>;
  /** Resolved edges of re-resolved files that keep their nodes: every edge with this (kind, from, to, line) goes. */
  readonly deleteEdges: ReadonlyArray<GraphEdge>;
  /** Edges that stay but moved to another line (code above them changed): one update instead of a delete and a create. */
  readonly moveEdges: ReadonlyArray<MovedEdge>;
  /** External modules nothing points at any more. */
  readonly deleteExternals: ReadonlyArray<NodeId>;
  /** Files re-parsed in place (they keep their nodes): their own columns, the unresolved list aside. */
  readonly updateFiles: ReadonlyArray<FileUpdate>;
  /** Symbols of such files that keep their id but changed (lines, signature, doc…), with the columns that did. */
  readonly updateSymbols: ReadonlyArray<SymbolUpdate>;
  readonly files: ReadonlyArray<FileRow>;
  readonly symbols: ReadonlyArray<SymbolRow>;
  readonly externals: ReadonlyArray<ExternalRow>;
  /** New unresolved lists of re-resolved files that keep their File node. */
  readonly setUnresolved: ReadonlyArray<Pick<FileRow, "id" | "unresolved" | "unresolvedCount">>;
  /** Structural and resolved edges; both ends exist once the creates above are done. */
  readonly edges: ReadonlyArray<GraphEdge>;
}

/** What the store applies first (before the resolution is computed), and the rest. */
export type GraphWriteFirst = Pick<GraphWrite, "deleteFiles" | "deleteNodes" | "updateFiles" | "updateSymbols" | "symbols">;
export type GraphWriteRest = Omit<GraphWrite, keyof GraphWriteFirst>;

export interface DeletedFile {
  readonly path: string;
  /** Its Symbol nodes as the store holds them. */
  readonly symbols: ReadonlyArray<NodeId>;
}

export interface SymbolUpdate {
  readonly row: SymbolRow;
  /** Never empty, never `id`. */
  readonly columns: ReadonlyArray<keyof SymbolRow>;
}

export interface MovedEdge {
  readonly edge: GraphEdge;
  readonly line: number;
}

export type FileUpdate = Pick<FileRow, "id" | "path" | "language" | "lines" | "hash" | "status">;

/** Edges the file's own parse result yields; every other kind comes from the resolver. */
export const STRUCTURAL_KINDS: ReadonlySet<EdgeKind> = new Set(["CONTAINS", "HAS_METHOD"]);

export const NODE_TABLES = ["File", "Symbol", "External"] as const;
export type NodeTable = (typeof NODE_TABLES)[number];

/** The node table an id lives in, from its prefix (see model.ts); null for an id we never mint. */
export const nodeTableOf = (id: NodeId): NodeTable | null => {
  if (id.startsWith("s:")) return "Symbol";
  if (id.startsWith("f:")) return "File";
  if (id.startsWith("x:")) return "External";
  return null;
};

/** Rows a write touches: the store picks COPY over parameterised creates above a threshold. */
export const writeSize = (w: GraphWrite): number =>
  w.files.length + w.symbols.length + w.externals.length + w.edges.length + w.updateFiles.length + w.updateSymbols.length;
