import type { GraphQueryable } from "../../projections/index.js";
import { matchNames, type MatchKind } from "./matchNames.js";
import { nodeIndex, type GraphNode } from "./nodeIndex.js";

export interface NodeSearchOptions {
  /** Only these kinds (`Class`, `Function`, `Method`, `File`, `External`, …); any when absent. */
  readonly kinds?: ReadonlyArray<string>;
  /** Most hits returned (default 20). */
  readonly limit?: number;
}

export interface NodeHit {
  readonly node: GraphNode;
  readonly match: MatchKind;
}

export interface NodeSearchResult {
  readonly query: string;
  readonly hits: ReadonlyArray<NodeHit>;
  /** Matches before `limit` cut the list. */
  readonly total: number;
}

/**
 * Graph nodes whose names match `query` at any tier (exact, suffix, normalised, fuzzy: see
 * `MatchKind`), ranked as symbol resolution ranks them: tier, closeness, kind, exported, path.
 */
export const searchNodes = async (graph: GraphQueryable, query: string, options: NodeSearchOptions = {}): Promise<NodeSearchResult> => {
  const index = await nodeIndex(graph);
  const matches = matchNames(index, query, { kinds: options.kinds === undefined ? undefined : new Set(options.kinds) });
  const limit = options.limit ?? 20;
  return {
    query: query.trim(),
    hits: matches.slice(0, limit).map((m) => ({ node: m.node, match: m.match })),
    total: matches.length,
  };
};
