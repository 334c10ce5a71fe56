import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { EDGE_KINDS } from "../../projections/graph/model.js";
import { inScope, scopePrefix, type PathScope } from "../analysis/PathScope.js";
import type { PlainEdge, PlainGraph, PlainNode } from "../analysis/PlainGraph.js";
import { findSymbols, type SymbolLookup } from "./findSymbols.js";
import { codeNode, nodeColumns, type CodeNode } from "./graphNodes.js";

export type SubgraphScope =
  /** Files in a path scope, with all their symbols. */
  | { readonly kind: "paths"; readonly scope: PathScope }
  /** The nodes within `radius` edges (either direction) of the symbols `name` names (see `findSymbols`). */
  | { readonly kind: "symbol"; readonly name: string; readonly radius: number };

export interface SubgraphRequest {
  readonly scope: SubgraphScope;
  /** Edge kinds kept (and, for a neighbourhood, followed); null for all. */
  readonly edgeKinds: ReadonlyArray<string> | null;
  readonly maxNodes: number;
  readonly maxEdges: number;
}

export type SubgraphAnswer =
  | {
      readonly _tag: "Subgraph";
      readonly graph: PlainGraph;
      /** The symbols a neighbourhood grew from; empty for a path scope. */
      readonly centre: ReadonlyArray<CodeNode>;
      /** Nodes the scope holds; null when a neighbourhood was cut short by the cap (its size is unknown). */
      readonly totalNodes: number | null;
      readonly nodeCapped: boolean;
      readonly totalEdges: number;
      readonly edgeCapped: boolean;
    }
  | Extract<SymbolLookup, { _tag: "UnknownSymbol" }>
  /** The path scope holds no indexed file. */
  | { readonly _tag: "EmptyScope" };

const IN_PATHS = `MATCH (a:File:Symbol) WHERE a.path STARTS WITH $prefix RETURN ${nodeColumns("a")}`;
const NEIGHBOURS = `MATCH (a)-[r]-(b) WHERE a.id IN $ids AND label(r) IN $kinds RETURN DISTINCT ${nodeColumns("b")}`;
const BETWEEN = `MATCH (a)-[r]->(b) WHERE a.id IN $ids AND b.id IN $ids AND label(r) IN $kinds
  RETURN a.id AS src, b.id AS dst, label(r) AS kind, r.line AS line`;
// The same for nodes of a path scope: the path prefix every one of them has lets Kuzu drop
// nodes by a column scan before testing ids against the list (200 ms → 37 ms for one sympy file).
const BETWEEN_IN_PATHS = `MATCH (a:File:Symbol)-[r]->(b:File:Symbol)
  WHERE a.path STARTS WITH $prefix AND b.path STARTS WITH $prefix AND a.id IN $ids AND b.id IN $ids AND label(r) IN $kinds
  RETURN a.id AS src, b.id AS dst, label(r) AS kind, r.line AS line`;

const byPlace = (a: PlainNode, b: PlainNode): number =>
  (a.file ?? "\uffff").localeCompare(b.file ?? "\uffff") || a.line - b.line || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The part of the code graph a scope names, as plain nodes and edges (every edge between two
 * of its nodes), at most `maxNodes` nodes (files before their symbols, in path and line order)
 * and `maxEdges` edges.
 */
export const subgraphOf = async (graph: GraphQueryable, request: SubgraphRequest): Promise<SubgraphAnswer> => {
  const kinds = { kinds: [...(request.edgeKinds ?? EDGE_KINDS)] };
  let nodes: CodeNode[];
  let centre: CodeNode[] = [];
  let totalNodes: number | null;
  /** The prefix of every node's path, for a path scope. */
  let pathPrefix: string | null = null;
  if (request.scope.kind === "paths") {
    const within = inScope(request.scope.scope);
    pathPrefix = scopePrefix(request.scope.scope);
    const all = (await graph.query(IN_PATHS, { prefix: pathPrefix })).map((r) => codeNode(r, "a")).filter((n) => within(n.file!));
    if (all.length === 0) return { _tag: "EmptyScope" };
    totalNodes = all.length;
    nodes = all.sort(byPlace).slice(0, request.maxNodes);
  } else {
    const found = await findSymbols(graph, request.scope.name);
    if (found._tag === "UnknownSymbol") return found;
    centre = [...found.symbols];
    const seen = new Map(centre.map((n) => [n.id, n]));
    let frontier = centre.map((n) => n.id);
    let capped = false;
    for (let step = 0; step < request.scope.radius && frontier.length > 0 && !capped; step++) {
      const next: string[] = [];
      for (const row of await graph.query(NEIGHBOURS, { ids: frontier, ...kinds })) {
        const node = codeNode(row, "b");
        if (seen.has(node.id)) continue;
        if (seen.size >= request.maxNodes) {
          capped = true;
          break;
        }
        seen.set(node.id, node);
        next.push(node.id);
      }
      frontier = next;
    }
    nodes = [...seen.values()].sort(byPlace);
    totalNodes = capped ? null : nodes.length;
  }

  const ids = nodes.map((n) => n.id);
  const rows =
    pathPrefix === null ? await graph.query(BETWEEN, { ids, ...kinds }) : await graph.query(BETWEEN_IN_PATHS, { ids, ...kinds, prefix: pathPrefix });
  const edges: PlainEdge[] = rows
    .map((r) => ({ source: String(r.src), target: String(r.dst), kind: String(r.kind), line: Number(r.line ?? 0) }))
    .sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : a.kind.localeCompare(b.kind) || a.line - b.line));
  const plain = nodes.map(({ exported: _, ...n }) => n);
  return {
    _tag: "Subgraph",
    graph: { nodes: plain, edges: edges.slice(0, request.maxEdges) },
    centre,
    totalNodes,
    nodeCapped: totalNodes === null || totalNodes > nodes.length,
    totalEdges: edges.length,
    edgeCapped: edges.length > request.maxEdges,
  };
};
