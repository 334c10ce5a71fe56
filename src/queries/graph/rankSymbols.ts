import type { GraphQueryable } from "../../projections/index.js";
import { degreeCentrality, type Degree } from "../algorithms/degreeCentrality.js";
import { pageRank, type PageRankResult } from "../algorithms/pageRank.js";
import { inScope, type PathScope } from "../analysis/PathScope.js";
import { isTestNode, type CodeNode } from "./graphNodes.js";
import { loadSymbolGraph, withoutTests, type SymbolGraph } from "./loadSymbolGraph.js";

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
  /** Whether the tests' links were counted (they are never listed). */
  readonly includeTests: boolean;
  /** PageRank's iterations and whether it converged (degree: 0, true). */
  readonly iterations: number;
  readonly converged: boolean;
}

/**
 * Both rankings of the whole project's symbol graph, whatever the scope asked for: what a
 * long-lived process keeps until the graph changes (`rankedSymbols` then only filters and sorts).
 */
export interface SymbolRanks {
  /** Every symbol but tests, which are never ranked. */
  readonly symbols: ReadonlyArray<CodeNode>;
  readonly degrees: ReadonlyMap<string, Degree>;
  readonly pageRank: PageRankResult;
  readonly graphEdges: number;
  readonly includeTests: boolean;
}

const ranksOf = ({ symbols, edges }: SymbolGraph, includeTests: boolean): SymbolRanks => {
  const ids = symbols.map((s) => s.id);
  return {
    symbols: symbols.filter((s) => !isTestNode(s)),
    degrees: degreeCentrality(ids, edges),
    pageRank: pageRank(ids, edges),
    graphEdges: edges.length,
    includeTests,
  };
};

/**
 * Loads the project's symbol graph (SYMBOL_LINKS; a file counts as a node for its module-level
 * calls) without the tests and their links (see withoutTests), and ranks it both ways.
 */
export const symbolRanks = async (graph: GraphQueryable): Promise<SymbolRanks> => ranksOf(withoutTests(await loadSymbolGraph(graph)), false);

/** symbolRanks with the tests' links counted: what include_tests asks for. A function of its own, so a snapshot keeps each. */
export const symbolRanksWithTests = async (graph: GraphQueryable): Promise<SymbolRanks> => ranksOf(await loadSymbolGraph(graph), true);

/** The `limit` most central symbols of `scope` by `algorithm`, from ranks of the whole project. */
export const rankedSymbols = (ranks: SymbolRanks, algorithm: RankAlgorithm, scope: PathScope, limit: number): RankAnswer => {
  const within = inScope(scope);
  const symbols = ranks.symbols.filter((s) => within(s.file!));
  const { degrees, pageRank: pr } = ranks;
  const degree = (id: string) => {
    const d = degrees.get(id);
    return d === undefined ? 0 : d.in + d.out;
  };
  const score = algorithm === "pagerank" ? (id: string) => pr.scores.get(id) ?? 0 : degree;
  const inDegree = (id: string) => degrees.get(id)?.in ?? 0;
  // Sorted as plain scores; only the `limit` listed become answer objects (a folder holds thousands).
  const ranked = symbols
    .map((s) => ({ s, score: score(s.id), in: inDegree(s.id) }))
    .sort((a, b) => b.score - a.score || b.in - a.in || (a.s.id < b.s.id ? -1 : 1))
    .slice(0, limit)
    .map(({ s, score }) => ({ ...s, score, in: inDegree(s.id), out: degrees.get(s.id)?.out ?? 0 }));
  const [iterations, converged] = algorithm === "pagerank" ? [pr.iterations, pr.converged] : [0, true];
  return { algorithm, ranked, candidates: symbols.length, graphNodes: degrees.size, graphEdges: ranks.graphEdges, includeTests: ranks.includeTests, iterations, converged };
};

/**
 * The most central symbols of `scope`, tests never listed (and their links not counted unless
 * `includeTests`). Ranks are computed on the whole project's symbol graph, then filtered to the
 * scope, so a helper used all over the project ranks high in its own folder.
 */
export const rankSymbols = async (graph: GraphQueryable, algorithm: RankAlgorithm, scope: PathScope, limit: number, includeTests = false): Promise<RankAnswer> =>
  rankedSymbols(await (includeTests ? symbolRanksWithTests : symbolRanks)(graph), algorithm, scope, limit);
