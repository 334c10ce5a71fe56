import type { ExtractedSymbol, FileParsed } from "../../events/index.js";
import { exportAliasesOf, exportAliasSignature, type ExportAlias } from "./exportAliases.js";
import { fileNodeId, symbolNodeId, type GraphEdge, type NodeId, type UnresolvedReference } from "./model.js";

/**
 * The rows the graph stores, as plain values. Empty strings are stored as null: Kuzu's CSV
 * reader cannot tell "" from a missing value, and the bulk (COPY) and delta (parameter) paths
 * must write identical graphs.
 */
export interface FileRow {
  readonly id: NodeId;
  readonly path: string;
  readonly language: string | null;
  readonly lines: number | null;
  readonly hash: string;
  /** `parsed`, or `failed` for a file whose latest version did not parse (it keeps no symbols). */
  readonly status: "parsed" | "failed";
  /** The file's unresolved references in a canonical order, encoded by `unresolvedColumns` (read them with `decodeUnresolved`). */
  readonly unresolved: string;
  readonly unresolvedCount: number;
}

/**
 * A reference the resolver could not pin down, kept as data on its File node: one JSON list
 * per file rather than a row per reference, since a big repository has hundreds of thousands.
 */
export interface UnresolvedEntry {
  readonly from: NodeId;
  readonly kind: string;
  readonly name: string;
  readonly qualifier: string | null;
  readonly line: number;
}

export interface SymbolRow {
  readonly id: NodeId;
  readonly path: string;
  readonly kind: string;
  readonly name: string;
  readonly qualifiedName: string;
  readonly signature: string | null;
  readonly doc: string | null;
  readonly startLine: number;
  readonly endLine: number;
  readonly exported: boolean;
  readonly visibility: string | null;
  readonly async: boolean;
  readonly complexity: number;
  /** JSON array of type names. */
  readonly returns: string;
  /** JSON array of `{name, type}`. */
  readonly params: string;
}

export interface ExternalRow {
  readonly id: NodeId;
  readonly name: string;
}

export const orNull = (s: string | null | undefined): string | null => (s === undefined || s === null || s === "" ? null : s);

export const parsedFileRow = (file: FileParsed): FileRow => ({
  id: fileNodeId(file.path),
  path: file.path,
  language: orNull(file.language),
  lines: file.lineCount,
  hash: file.contentHash,
  status: "parsed",
  unresolved: "[]",
  unresolvedCount: 0,
});

export const failedFileRow = (path: string, contentHash: string): FileRow => ({
  id: fileNodeId(path),
  path,
  language: null,
  lines: null,
  hash: contentHash,
  status: "failed",
  unresolved: "[]",
  unresolvedCount: 0,
});

const symbolRow = (path: string, s: ExtractedSymbol): SymbolRow => ({
  id: symbolNodeId(path, s.id),
  path,
  kind: s.kind,
  name: s.name,
  qualifiedName: s.qualifiedName,
  signature: orNull(s.signature),
  doc: orNull(s.doc),
  startLine: s.startLine,
  endLine: s.endLine,
  exported: s.exported,
  visibility: orNull(s.visibility),
  async: s.async,
  complexity: s.complexity,
  returns: JSON.stringify(s.returns),
  params: JSON.stringify(s.params.map((p) => ({ name: p.name, type: p.type }))),
});

/** An export alias's node: a module-level Variable of the exporting file, named as exported. */
const aliasRow = (path: string, a: ExportAlias): SymbolRow => ({
  id: symbolNodeId(path, a.alias),
  path,
  kind: "Variable",
  name: a.alias,
  qualifiedName: a.alias,
  signature: exportAliasSignature(a),
  doc: null,
  startLine: a.line,
  endLine: a.line,
  exported: true,
  visibility: null,
  async: false,
  complexity: 0,
  returns: "[]",
  params: "[]",
});

/** Symbols kinds whose `Method` children hang off HAS_METHOD rather than CONTAINS. */
const METHOD_OWNERS = new Set(["Class", "Interface"]);

export interface FileNodes {
  readonly file: FileRow;
  readonly symbols: ReadonlyArray<SymbolRow>;
  /** CONTAINS / HAS_METHOD: the file's own tree, written with its nodes. */
  readonly structural: ReadonlyArray<GraphEdge>;
}

/**
 * A parsed file's nodes and its structural edges: the file CONTAINS its top-level symbols and its
 * export aliases, a class or interface HAS_METHOD its methods, any other parent CONTAINS its children. A
 * duplicated symbol id (an extractor bug) keeps its first definition, so one bad file can
 * never fail the primary key of a whole batch.
 */
export const fileNodes = (file: FileParsed): FileNodes => {
  const fileId = fileNodeId(file.path);
  const byLocalId = new Map<string, ExtractedSymbol>();
  for (const s of file.symbols) if (!byLocalId.has(s.id)) byLocalId.set(s.id, s);
  const symbols: SymbolRow[] = [];
  const structural: GraphEdge[] = [];
  for (const s of byLocalId.values()) {
    const row = symbolRow(file.path, s);
    symbols.push(row);
    const parent = s.parent === null ? undefined : byLocalId.get(s.parent);
    if (parent === undefined) {
      structural.push({ kind: "CONTAINS", from: fileId, to: row.id, line: 0 });
    } else {
      const kind = METHOD_OWNERS.has(parent.kind) && s.kind === "Method" ? "HAS_METHOD" : "CONTAINS";
      structural.push({ kind, from: symbolNodeId(file.path, parent.id), to: row.id, line: 0 });
    }
  }
  for (const a of exportAliasesOf(file)) {
    const row = aliasRow(file.path, a);
    symbols.push(row);
    structural.push({ kind: "CONTAINS", from: fileId, to: row.id, line: 0 });
  }
  return { file: parsedFileRow(file), symbols, structural };
};

/** The Symbol node ids `fileNodes` creates for the file, without building its rows. */
export const symbolNodeIds = (file: FileParsed): NodeId[] => {
  const seen = new Set<string>();
  const ids: NodeId[] = [];
  for (const s of file.symbols) {
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    ids.push(symbolNodeId(file.path, s.id));
  }
  for (const a of exportAliasesOf(file)) ids.push(symbolNodeId(file.path, a.alias));
  return ids;
};

const compareEntries = (a: UnresolvedEntry, b: UnresolvedEntry): number =>
  a.line - b.line ||
  a.from.localeCompare(b.from) ||
  a.kind.localeCompare(b.kind) ||
  a.name.localeCompare(b.name) ||
  (a.qualifier ?? "").localeCompare(b.qualifier ?? "");

/**
 * The file's unresolved references as stored: sorted, so the same facts always give the same
 * text, and compact: `[line, kind, name, qualifier, from]` tuples whose `from` is `#<symbol id>`
 * for a symbol of this file and "" for the file itself (a full node id otherwise): keyed
 * objects with full ids made the graph larger and its File rows slower to create.
 */
export const unresolvedColumns = (
  path: string,
  unresolved: ReadonlyArray<UnresolvedReference>,
): { readonly unresolved: string; readonly unresolvedCount: number } => {
  const entries: UnresolvedEntry[] = unresolved.map((u) => ({
    from: u.from,
    kind: u.kind,
    name: u.name,
    qualifier: orNull(u.qualifier),
    line: u.line,
  }));
  entries.sort(compareEntries);
  const fileId = fileNodeId(path);
  const symbolPrefix = symbolNodeId(path, "");
  const from = (id: NodeId): string => (id === fileId ? "" : id.startsWith(symbolPrefix) ? `#${id.slice(symbolPrefix.length)}` : id);
  const tuples = entries.map((e): StoredUnresolved => [e.line, e.kind, e.name, e.qualifier, from(e.from)]);
  return { unresolved: JSON.stringify(tuples), unresolvedCount: entries.length };
};

type StoredUnresolved = [line: number, kind: string, name: string, qualifier: string | null, from: string];

/** The entries `unresolvedColumns` stored for the file at `path`. */
export const decodeUnresolved = (path: string, text: string): UnresolvedEntry[] => {
  const symbolPrefix = symbolNodeId(path, "");
  return (JSON.parse(text) as StoredUnresolved[]).map(([line, kind, name, qualifier, from]) => ({
    from: from === "" ? fileNodeId(path) : from.startsWith("#") ? symbolPrefix + from.slice(1) : from,
    kind,
    name,
    qualifier,
    line,
  }));
};
