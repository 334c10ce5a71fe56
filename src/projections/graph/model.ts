import type { FileParsed, ReferenceKind } from "../../events/index.js";

/**
 * The graph's vocabulary, shared by the resolver (pure: parse results in, edges out) and the
 * Kuzu store (writes them). Node ids are ours, so a file's delta is plain deletes and
 * creates keyed by id, never a MERGE.
 */
export type NodeId = string;

export const fileNodeId = (path: string): NodeId => `f:${path}`;
export const symbolNodeId = (path: string, symbolId: string): NodeId => `s:${path}#${symbolId}`;
/** A module the project imports but does not contain (`react`, `os`, `fmt`). */
export const externalNodeId = (specifier: string): NodeId => `x:${specifier}`;

export const EDGE_KINDS = [
  "CONTAINS",
  "HAS_METHOD",
  "INHERITS",
  "IMPLEMENTS",
  "CALLS",
  "IMPORTS",
  "RETURNS",
  "ACCEPTS",
  "TESTS",
] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

export interface GraphEdge {
  readonly kind: EdgeKind;
  readonly from: NodeId;
  readonly to: NodeId;
  /** Line of the reference that produced it (0 for structural edges). */
  readonly line: number;
}

/** A reference the resolver could not pin to one definition; kept as data, never as a guessed edge. */
export interface UnresolvedReference {
  readonly from: NodeId;
  readonly kind: ReferenceKind | "import";
  readonly name: string;
  readonly qualifier: string | null;
  readonly line: number;
}

export interface FileResolution {
  /** Edges whose source node lies in this file (cross-file and intra-file, structural excluded). */
  readonly edges: ReadonlyArray<GraphEdge>;
  readonly unresolved: ReadonlyArray<UnresolvedReference>;
}

/**
 * Incremental cross-file resolution over the current parse result of every file.
 * `upsert`/`remove` return every path whose `resolve` answer may have changed (the file
 * itself and its dependants), so the store re-resolves exactly those.
 */
export interface Resolver {
  upsert(file: FileParsed): ReadonlySet<string>;
  remove(path: string): ReadonlySet<string>;
  resolve(path: string): FileResolution;
  files(): Iterable<string>;
  /** The parse result it holds for `path`: what the graph stored for it, until the next upsert. */
  parsed(path: string): FileParsed | undefined;
  /**
   * Optional, together with `restore`: what its last `resolve(path)` read, as opaque keys. The
   * graph keeps them beside the store, so a restart restores them instead of resolving every file.
   */
  dependencies?(path: string): ReadonlySet<string> | undefined;
  /** Takes `keys` as what resolving `path` read, as if it had just resolved it. */
  restore?(path: string, keys: Iterable<string>): void;
  /**
   * Optional: drops the references of `path`'s parse but its extends/implements, which are all
   * that resolving another file reads; `resolve(path)` is then wrong until the whole parse is
   * upserted again (see PartialParses). Answers whether it held such references.
   */
  forgetOwnReferences?(path: string): boolean;
}
