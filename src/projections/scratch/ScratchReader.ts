import type Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { openScratchStore } from "./openScratchStore.js";

export interface GraphRow {
  readonly name: string;
  /** The stream version the model has applied: what an in-memory copy is keyed by. */
  readonly version: number;
  readonly nodes: number;
  readonly edges: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface NodeRow {
  readonly label: string;
  readonly type: string | null;
  readonly properties: Record<string, unknown>;
}

export interface EdgeRow {
  readonly source: string;
  readonly target: string;
  readonly relation: string;
  readonly properties: Record<string, unknown>;
}

export interface EdgeFilter {
  readonly source?: string;
  readonly target?: string;
  readonly relation?: string;
  readonly limit?: number;
}

type RawNode = { label: string; type: string | null; properties: string };
type RawEdge = { source: string; target: string; relation: string; properties: string };
const node = (r: RawNode): NodeRow => ({ label: r.label, type: r.type, properties: JSON.parse(r.properties) as Record<string, unknown> });
const edge = (r: RawEdge): EdgeRow => ({ source: r.source, target: r.target, relation: r.relation, properties: JSON.parse(r.properties) as Record<string, unknown> });

/**
 * Read access to graphs.db for the graph tools: its own read-only connection (WAL lets it read
 * beside the projector's writes). Every method reads the committed state at the time of the call.
 */
export class ScratchReader {
  /** Statements by SQL, prepared once: a batch write looks up thousands of labels. */
  private readonly prepared = new Map<string, Database.Statement>();

  private constructor(private readonly db: Database.Database | null) {}

  private statement(sql: string): Database.Statement {
    let stmt = this.prepared.get(sql);
    if (stmt === undefined) this.prepared.set(sql, (stmt = this.db!.prepare(sql)));
    return stmt;
  }

  /** A reader of `path`; before the first graph write there is no file, and every graph reads as absent. */
  static open(path: string): ScratchReader {
    return new ScratchReader(existsSync(path) ? openScratchStore(path, { readonly: true }) : null);
  }

  get isEmpty(): boolean {
    return this.db === null;
  }

  private all<T>(sql: string, ...params: unknown[]): T[] {
    return this.db === null ? [] : (this.statement(sql).all(...params) as T[]);
  }

  private one<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.db === null ? undefined : (this.statement(sql).get(...params) as T | undefined);
  }

  private static readonly GRAPH_COLUMNS = `g.name AS name, g.version AS version, g.created_at AS createdAt, g.updated_at AS updatedAt,
    (SELECT COUNT(*) FROM nodes n WHERE n.graph = g.name) AS nodes, (SELECT COUNT(*) FROM edges e WHERE e.graph = g.name) AS edges`;

  graphs(): GraphRow[] {
    return this.all<GraphRow>(`SELECT ${ScratchReader.GRAPH_COLUMNS} FROM graphs g ORDER BY g.name`);
  }

  graph(name: string): GraphRow | undefined {
    return this.one<GraphRow>(`SELECT ${ScratchReader.GRAPH_COLUMNS} FROM graphs g WHERE g.name = ?`, name);
  }

  /** The stream version graph `name` is projected at, or undefined: one key lookup (graph() also counts its rows). */
  version(name: string): number | undefined {
    return this.one<{ version: number }>("SELECT version FROM graphs WHERE name = ?", name)?.version;
  }

  /** Whether the graph has a node labelled exactly `label`: one key lookup, no properties parsed. */
  hasNode(graph: string, label: string): boolean {
    return this.one<{ x: number }>("SELECT 1 AS x FROM nodes WHERE graph = ? AND label = ?", graph, label) !== undefined;
  }

  node(graph: string, label: string): NodeRow | undefined {
    const r = this.one<RawNode>("SELECT label, type, properties FROM nodes WHERE graph = ? AND label = ?", graph, label);
    return r && node(r);
  }

  /** Labels whose normalised form is `norm`. */
  labelsByNorm(graph: string, norm: string): string[] {
    return this.all<{ label: string }>("SELECT label FROM nodes WHERE graph = ? AND norm = ? ORDER BY label", graph, norm).map((r) => r.label);
  }

  /** Nodes in the order they were added, optionally of one type. */
  nodes(graph: string, options: { readonly type?: string; readonly limit?: number } = {}): NodeRow[] {
    const limit = options.limit ?? -1;
    const rows =
      options.type === undefined
        ? this.all<RawNode>("SELECT label, type, properties FROM nodes WHERE graph = ? ORDER BY seq LIMIT ?", graph, limit)
        : this.all<RawNode>("SELECT label, type, properties FROM nodes WHERE graph = ? AND type = ? ORDER BY seq LIMIT ?", graph, options.type, limit);
    return rows.map(node);
  }

  countNodes(graph: string, type?: string): number {
    return type === undefined
      ? (this.one<{ n: number }>("SELECT COUNT(*) AS n FROM nodes WHERE graph = ?", graph)?.n ?? 0)
      : (this.one<{ n: number }>("SELECT COUNT(*) AS n FROM nodes WHERE graph = ? AND type = ?", graph, type)?.n ?? 0);
  }

  /** Edges in the order they were added, filtered by exact labels and relation. */
  edges(graph: string, filter: EdgeFilter = {}): EdgeRow[] {
    const where = ["graph = ?"];
    const params: unknown[] = [graph];
    for (const key of ["source", "target", "relation"] as const) {
      if (filter[key] === undefined) continue;
      where.push(`${key} = ?`);
      params.push(filter[key]);
    }
    params.push(filter.limit ?? -1);
    return this.all<RawEdge>(`SELECT source, target, relation, properties FROM edges WHERE ${where.join(" AND ")} ORDER BY seq LIMIT ?`, ...params).map(edge);
  }

  countEdges(graph: string, filter: Omit<EdgeFilter, "limit"> = {}): number {
    const where = ["graph = ?"];
    const params: unknown[] = [graph];
    for (const key of ["source", "target", "relation"] as const) {
      if (filter[key] === undefined) continue;
      where.push(`${key} = ?`);
      params.push(filter[key]);
    }
    return this.one<{ n: number }>(`SELECT COUNT(*) AS n FROM edges WHERE ${where.join(" AND ")}`, ...params)?.n ?? 0;
  }

  /** Every node's label and type, in the order added: what an in-memory graph is built from (rows as arrays: no object per row). */
  nodeKeys(graph: string): Array<{ label: string; type: string | null }> {
    if (this.db === null) return [];
    const rows = this.statement("SELECT label, type FROM nodes WHERE graph = ? ORDER BY seq").raw(true).all(graph) as Array<[string, string | null]>;
    return rows.map(([label, type]) => ({ label, type }));
  }

  /** Every edge's ends and relation, in the order added. */
  edgeKeys(graph: string): Array<{ source: string; target: string; relation: string }> {
    if (this.db === null) return [];
    const rows = this.statement("SELECT source, target, relation FROM edges WHERE graph = ? ORDER BY seq").raw(true).all(graph) as Array<[string, string, string]>;
    return rows.map(([source, target, relation]) => ({ source, target, relation }));
  }

  close(): void {
    this.db?.close();
  }
}
