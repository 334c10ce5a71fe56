import type { GraphQueryable } from "../../projections/index.js";
import type { DirectedEdge } from "../algorithms/AnalysisGraph.js";
import { codeNode, isTestNode, nodeFields, type CodeNode } from "./graphNodes.js";
import { queryAsList } from "./queryAsList.js";

/** What makes one symbol lean on another: a call, a base type, an interface, a type in its signature. */
export const SYMBOL_LINKS = ["CALLS", "INHERITS", "IMPLEMENTS", "RETURNS", "ACCEPTS"] as const;

export interface SymbolGraph {
  /** Every symbol of the project but export aliases (`export { Dialog as Popup }`): a name for a symbol, not one. */
  readonly symbols: ReadonlyArray<CodeNode>;
  /**
   * Distinct (source, target) pairs of SYMBOL_LINKS into a symbol. A source may be a file (its
   * module-level calls), so edges name nodes that `symbols` does not hold.
   */
  readonly edges: ReadonlyArray<DirectedEdge>;
  /** The edges' sources that are tests: test functions and any node of a test file (its module-level calls too). */
  readonly testSources: ReadonlySet<string>;
}

// An export alias is the only symbol with an IMPORTS edge (to the definition it names).
const ALIASES = "MATCH (a:Symbol)-[:IMPORTS]->(:Symbol) RETURN DISTINCT a.id AS id";

// A File has no kind: it reads as null, and the file counts as a test by its path alone.
const EDGES = `MATCH (a:File:Symbol)-[r:${SYMBOL_LINKS.join("|")}]->(b:Symbol) WITH DISTINCT a.id AS src, b.id AS dst, a.path AS path, a.kind AS kind`;

/**
 * The whole project's symbol graph in two queries, for centrality: rank_symbols ranks it, and a
 * caller with seeds (the symbols a task names) can run a personalised `pageRank` over it.
 */
export const loadSymbolGraph = async (graph: GraphQueryable): Promise<SymbolGraph> => {
  const rows = await queryAsList(graph, EDGES, { src: "src", dst: "dst", path: "path", kind: "kind" });
  const testSources = new Set<string>();
  for (const r of rows) if (isTestNode({ id: String(r.src), kind: r.kind === null ? "File" : String(r.kind), name: "", file: r.path === null ? null : String(r.path), line: 0 })) testSources.add(String(r.src));
  const aliases = new Set((await graph.query(ALIASES)).map((r) => String(r.id)));
  return {
    symbols: (await queryAsList(graph, "MATCH (a:Symbol)", nodeFields("a"))).map((r) => codeNode(r, "a")).filter((s) => !aliases.has(s.id)),
    edges: rows.map((r) => ({ source: String(r.src), target: String(r.dst) })),
    testSources,
  };
};

/**
 * The symbol graph as the code itself links it: test symbols gone, and every link from a test
 * with them. A helper that a hundred tests call is not central to the code; counted, those calls
 * swamp PageRank. (TESTS edges are never loaded: they are not SYMBOL_LINKS.)
 */
export const withoutTests = (g: SymbolGraph): SymbolGraph => {
  const tests = new Set(g.testSources);
  for (const s of g.symbols) if (isTestNode(s)) tests.add(s.id);
  return {
    symbols: g.symbols.filter((s) => !tests.has(s.id)),
    edges: g.edges.filter((e) => !tests.has(e.source) && !tests.has(e.target)),
    testSources: new Set(),
  };
};
