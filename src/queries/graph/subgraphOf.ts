import { EDGE_KINDS, type EdgeKind, type GraphQueryable } from "../../projections/index.js";
import { inScope, type PathScope } from "../analysis/PathScope.js";
import type { PlainEdge, PlainGraph, PlainNode } from "../analysis/PlainGraph.js";
import { nodeIndex, nodeOf } from "../symbols/nodeIndex.js";
import { memberThroughOwner } from "../symbols/resolveSymbol.js";
import { adjacency, edgesAt } from "./adjacency.js";
import { findSymbols, type SymbolLookup } from "./findSymbols.js";
import { codeNodeOf, type CodeNode } from "./graphNodes.js";

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

const byPlace = (a: PlainNode, b: PlainNode): number =>
  (a.file ?? "\uffff").localeCompare(b.file ?? "\uffff") || a.line - b.line || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The part of the code graph a scope names, as plain nodes and edges (every edge between two
 * of its nodes), at most `maxNodes` nodes (files before their symbols, in path and line order)
 * and `maxEdges` edges.
 */
export const subgraphOf = async (graph: GraphQueryable, request: SubgraphRequest): Promise<SubgraphAnswer> => {
  const kinds = (request.edgeKinds ?? EDGE_KINDS) as ReadonlyArray<EdgeKind>;
  const index = await nodeIndex(graph);
  const edgesInMemory = await adjacency(graph);
  let nodes: CodeNode[];
  let centre: CodeNode[] = [];
  let totalNodes: number | null;
  if (request.scope.kind === "paths") {
    const within = inScope(request.scope.scope);
    const all = index.nodes.filter((n) => n.table !== "External" && n.path !== null && within(n.path)).map(codeNodeOf);
    if (all.length === 0) return { _tag: "EmptyScope" };
    totalNodes = all.length;
    nodes = all.sort(byPlace).slice(0, request.maxNodes);
  } else {
    const found = findSymbols(index, request.scope.name);
    // A name as read in code (`Square.area` for an inherited method) names its definition.
    const member = found._tag === "UnknownSymbol" ? await memberThroughOwner(graph, index, request.scope.name.trim(), {}) : null;
    if (found._tag === "UnknownSymbol" && member === null) return found;
    centre = member !== null ? [codeNodeOf(member.node)] : found._tag === "Symbols" ? [...found.symbols] : [];
    const seen = new Map(centre.map((n) => [n.id, n]));
    let frontier = centre.map((n) => n.id);
    let capped = false;
    for (let step = 0; step < request.scope.radius && frontier.length > 0 && !capped; step++) {
      const next: string[] = [];
      const out = edgesAt(edgesInMemory, frontier, "out", kinds).map((e) => e.to);
      const into = edgesAt(edgesInMemory, frontier, "in", kinds).map((e) => e.from);
      for (const id of [...out, ...into]) {
        if (seen.has(id)) continue;
        if (seen.size >= request.maxNodes) {
          capped = true;
          break;
        }
        seen.set(id, codeNodeOf(nodeOf(index, id)));
        next.push(id);
      }
      frontier = next;
    }
    nodes = [...seen.values()].sort(byPlace);
    totalNodes = capped ? null : nodes.length;
  }

  const ids = new Set(nodes.map((n) => n.id));
  const edges: PlainEdge[] = edgesAt(edgesInMemory, ids, "out", kinds)
    .filter((e) => ids.has(e.to))
    .map((e) => ({ source: e.from, target: e.to, kind: e.kind, line: e.line }))
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
