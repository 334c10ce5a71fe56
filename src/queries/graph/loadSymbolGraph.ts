import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import type { DirectedEdge } from "../analysis/PlainGraph.js";
import { codeNode, nodeFields, type CodeNode } from "./graphNodes.js";
import { queryAsList } from "./queryAsList.js";

/** What makes one symbol lean on another: a call, a base type, an interface, a type in its signature. */
export const SYMBOL_LINKS = ["CALLS", "INHERITS", "IMPLEMENTS", "RETURNS", "ACCEPTS"] as const;

export interface SymbolGraph {
  /** Every symbol of the project. */
  readonly symbols: ReadonlyArray<CodeNode>;
  /**
   * Distinct (source, target) pairs of SYMBOL_LINKS into a symbol. A source may be a file (its
   * module-level calls), so edges name nodes that `symbols` does not hold.
   */
  readonly edges: ReadonlyArray<DirectedEdge>;
}

const EDGES = `MATCH (a:File:Symbol)-[r:${SYMBOL_LINKS.join("|")}]->(b:Symbol) WITH DISTINCT a.id AS src, b.id AS dst`;

/**
 * The whole project's symbol graph in two queries, for centrality: rank_symbols ranks it, and a
 * caller with seeds (the symbols a task names) can run a personalised `pageRank` over it.
 */
export const loadSymbolGraph = async (graph: GraphQueryable): Promise<SymbolGraph> => ({
  symbols: (await queryAsList(graph, "MATCH (a:Symbol)", nodeFields("a"))).map((r) => codeNode(r, "a")),
  edges: (await queryAsList(graph, EDGES, { src: "src", dst: "dst" })).map((r) => ({ source: String(r.src), target: String(r.dst) })),
});
