import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { degreeCentrality } from "../analysis/degreeCentrality.js";
import { pageRank } from "../analysis/pageRank.js";
import { inScope, type PathScope } from "../analysis/PathScope.js";
import { isTestNode, type CodeNode } from "./graphNodes.js";
import { loadSymbolGraph } from "./loadSymbolGraph.js";

export type RankAlgorithm = "pagerank" | "degree";

export interface RankedSymbol extends CodeNode {
  /** PageRank (the scores of all nodes sum to 1), or in + out degree. */
  readonly score: number;
  /** Distinct symbols (and files, for module-level calls) that lean on it. */
  readonly in: number;
  /** Distinct symbols it leans on. */
  readonly out: number;
}

export interface RankAnswer {
  readonly algorithm: RankAlgorithm;
  readonly ranked: ReadonlyArray<RankedSymbol>;
  /** Symbols in the scope that were ranked (tests excluded). */
  readonly candidates: number;
  /** Nodes (every symbol, and files with module-level calls) and distinct edges of the whole graph the ranks were computed on. */
  readonly graphNodes: number;
  readonly graphEdges: number;
  /** PageRank's iterations and whether it converged (degree: 0, true). */
  readonly iterations: number;
  readonly converged: boolean;
}

/**
 * The most central symbols of `scope`, tests excluded. Ranks are computed on the whole
 * project's symbol graph (SYMBOL_LINKS; a file counts as a node for its module-level calls), then
 * filtered to the scope, so a helper used all over the project ranks high in its own folder.
 */
export const rankSymbols = async (graph: GraphQueryable, algorithm: RankAlgorithm, scope: PathScope, limit: number): Promise<RankAnswer> => {
  const within = inScope(scope);
  const { symbols: everySymbol, edges } = await loadSymbolGraph(graph);
  const symbols = everySymbol.filter((s) => within(s.file!) && !isTestNode(s));
  const ids = everySymbol.map((s) => s.id);
  const degrees = degreeCentrality(ids, edges);
  let score: (id: string) => number;
  let iterations = 0;
  let converged = true;
  if (algorithm === "pagerank") {
    const ranks = pageRank(ids, edges);
    score = (id) => ranks.scores.get(id) ?? 0;
    ({ iterations, converged } = ranks);
  } else {
    score = (id) => {
      const d = degrees.get(id);
      return d === undefined ? 0 : d.in + d.out;
    };
  }
  const ranked = symbols
    .map((s) => ({ ...s, score: score(s.id), in: degrees.get(s.id)?.in ?? 0, out: degrees.get(s.id)?.out ?? 0 }))
    .sort((a, b) => b.score - a.score || b.in - a.in || (a.id < b.id ? -1 : 1))
    .slice(0, limit);
  return { algorithm, ranked, candidates: symbols.length, graphNodes: degrees.size, graphEdges: edges.length, iterations, converged };
};
