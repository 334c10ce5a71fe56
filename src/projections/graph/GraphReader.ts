import { decodeUnresolved, type SymbolRow, type UnresolvedEntry } from "./graphRows.js";
import { NODE_COLUMNS } from "./kuzuSchema.js";
import { KuzuStore, type Params, type Row } from "./KuzuStore.js";
import { EDGE_KINDS, fileNodeId, type EdgeKind, type NodeId } from "./model.js";

/** Anything that answers read-only Cypher: the engine's `GraphProjector`, or a store opened read-only. */
export interface GraphQueryable {
  query(cypher: string, params?: Params): Promise<Row[]>;
}

export interface GraphCounts {
  readonly files: number;
  /** Symbols by kind (`Class`, `Function`, …). */
  readonly symbols: Readonly<Record<string, number>>;
  readonly externals: number;
  readonly unresolved: number;
  readonly edges: Readonly<Record<EdgeKind, number>>;
}

/** What a query answers about a symbol: its stored row without the details. */
export type SymbolSummary = Pick<SymbolRow, "id" | "path" | "kind" | "name" | "qualifiedName" | "signature" | "startLine" | "endLine">;

export interface EdgeEnd {
  readonly id: NodeId;
  /** `File`, `Symbol` or `External`. */
  readonly table: string;
  readonly name: string;
  readonly path: string | null;
  readonly line: number;
}

const SUMMARY = "s.id AS id, s.path AS path, s.kind AS kind, s.name AS name, s.qualifiedName AS qualifiedName, s.signature AS signature, s.startLine AS startLine, s.endLine AS endLine";

const toSummary = (r: Row): SymbolSummary => ({
  id: String(r.id),
  path: String(r.path),
  kind: String(r.kind),
  name: String(r.name),
  qualifiedName: String(r.qualifiedName),
  signature: r.signature === null ? null : String(r.signature),
  startLine: Number(r.startLine),
  endLine: Number(r.endLine),
});

/** The far end of an edge, whichever node table it lies in. */
const END = (v: string) =>
  `${v}.id AS id, label(${v}) AS tbl, CASE WHEN label(${v}) = 'Symbol' THEN ${v}.qualifiedName ELSE ${v}.id END AS name`;

const toEnd = (r: Row): EdgeEnd => ({
  id: String(r.id),
  table: String(r.tbl),
  name: String(r.name),
  path: r.path === null || r.path === undefined ? null : String(r.path),
  line: Number(r.line ?? 0),
});

/**
 * Read-side questions about the graph. Kept small and literal: the MCP tools build on these.
 * Symbol ids are graph node ids (`s:<path>#<qualifiedName>`), as `symbolsOf` returns them.
 */
export class GraphReader {
  constructor(private readonly db: GraphQueryable) {}

  /** Opens the graph read-only (for a process that is not the engine); close it when done. */
  static async openReadOnly(path: string, bufferPoolMb = 64): Promise<GraphReader & { close(): Promise<void> }> {
    const store = await KuzuStore.open(path, { bufferPoolMb, readOnly: true });
    return Object.assign(new GraphReader(store), { close: () => store.close() });
  }

  async counts(): Promise<GraphCounts> {
    const one = async (cypher: string) => Number((await this.db.query(cypher))[0]?.n ?? 0);
    const symbols: Record<string, number> = {};
    for (const r of await this.db.query("MATCH (s:Symbol) RETURN s.kind AS kind, count(*) AS n ORDER BY kind")) {
      symbols[String(r.kind)] = Number(r.n);
    }
    const edges = Object.fromEntries(EDGE_KINDS.map((k) => [k, 0])) as Record<EdgeKind, number>;
    for (const r of await this.db.query("MATCH ()-[r]->() RETURN label(r) AS kind, count(*) AS n")) {
      edges[String(r.kind) as EdgeKind] = Number(r.n);
    }
    return {
      files: await one("MATCH (f:File) RETURN count(*) AS n"),
      symbols,
      externals: await one("MATCH (x:External) RETURN count(*) AS n"),
      unresolved: await one("MATCH (f:File) RETURN sum(f.unresolvedCount) AS n"),
      edges,
    };
  }

  /** Every node and edge as one sorted text line each: two graphs are equal iff their dumps are. */
  async dump(): Promise<string[]> {
    const lines: string[] = [];
    for (const table of ["File", "Symbol", "External"] as const) {
      const columns = NODE_COLUMNS[table];
      const rows = await this.db.query(`MATCH (n:${table}) RETURN ${columns.map((c) => `n.${c} AS ${c}`).join(", ")}`);
      for (const r of rows) lines.push(`${table} ${JSON.stringify(columns.map((c) => r[c] ?? null))}`);
    }
    for (const r of await this.db.query("MATCH (a)-[r]->(b) RETURN label(r) AS kind, a.id AS src, b.id AS dst, r.line AS line")) {
      lines.push(`${String(r.kind)} ${String(r.src)} -> ${String(r.dst)} @${String(r.line)}`);
    }
    return lines.sort();
  }

  /** References in `path` the resolver could not pin to one definition (kept as data, never as edges). */
  async unresolvedIn(path: string): Promise<UnresolvedEntry[]> {
    const rows = await this.db.query("MATCH (f:File {id: $id}) RETURN f.unresolved AS u", { id: fileNodeId(path) });
    const text = rows[0]?.u;
    return typeof text === "string" ? decodeUnresolved(path, text) : [];
  }

  async symbolsOf(path: string): Promise<SymbolSummary[]> {
    const rows = await this.db.query(`MATCH (s:Symbol) WHERE s.path = $path RETURN ${SUMMARY} ORDER BY startLine, id`, {
      path,
    });
    return rows.map(toSummary);
  }

  /** Symbols whose name or qualified name is exactly `name`. */
  async symbolsNamed(name: string): Promise<SymbolSummary[]> {
    const rows = await this.db.query(
      `MATCH (s:Symbol) WHERE s.name = $name OR s.qualifiedName = $name RETURN ${SUMMARY} ORDER BY path, startLine`,
      { name },
    );
    return rows.map(toSummary);
  }

  /** Who calls `symbolId` (functions, methods, or a file's module-level code). */
  async callers(symbolId: NodeId): Promise<EdgeEnd[]> {
    const rows = await this.db.query(
      `MATCH (a)-[r:CALLS]->(b:Symbol {id: $id}) RETURN ${END("a")}, a.path AS path, r.line AS line ORDER BY id, line`,
      { id: symbolId },
    );
    return rows.map(toEnd);
  }

  async callees(symbolId: NodeId): Promise<EdgeEnd[]> {
    const rows = await this.db.query(
      `MATCH (a:Symbol {id: $id})-[r:CALLS]->(b) RETURN ${END("b")}, CASE WHEN label(b) = 'External' THEN NULL ELSE b.path END AS path, r.line AS line ORDER BY id, line`,
      { id: symbolId },
    );
    return rows.map(toEnd);
  }

  /** Files that import `path` (directly, or one of its symbols). */
  async dependentsOf(path: string): Promise<string[]> {
    const rows = await this.db.query(
      `MATCH (a)-[:IMPORTS]->(b) WHERE (label(b) = 'File' AND b.id = $file) OR (label(b) = 'Symbol' AND b.path = $path)
       RETURN DISTINCT a.path AS path ORDER BY path`,
      { file: fileNodeId(path), path },
    );
    return rows.map((r) => String(r.path));
  }

  /** Files `path` imports (directly, or through one of their symbols), inside the project. */
  async importsOf(path: string): Promise<string[]> {
    const rows = await this.db.query(
      `MATCH (a:File {id: $file})-[:IMPORTS]->(b) WHERE label(b) <> 'External'
       RETURN DISTINCT b.path AS path ORDER BY path`,
      { file: fileNodeId(path) },
    );
    return rows.map((r) => String(r.path)).filter((p) => p !== path);
  }

  /** Classes/structs that implement (or extend) the interface or class `symbolId`. */
  async implementorsOf(symbolId: NodeId): Promise<SymbolSummary[]> {
    const rows = await this.db.query(
      `MATCH (s:Symbol)-[:IMPLEMENTS|INHERITS]->(b:Symbol {id: $id}) RETURN DISTINCT ${SUMMARY} ORDER BY path, startLine`,
      { id: symbolId },
    );
    return rows.map(toSummary);
  }
}
