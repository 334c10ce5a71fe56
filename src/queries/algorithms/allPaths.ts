import { successorLists, type AnalysisGraph } from "./AnalysisGraph.js";

export interface AllPaths {
  /** Simple paths (no node twice) as node numbers, shortest first, then in the order found. */
  readonly paths: number[][];
  /** More paths exist than `maxPaths`, or the search stopped at its step budget. */
  readonly capped: boolean;
  readonly reason: "max_paths" | "budget" | null;
}

/**
 * Simple paths from `source` to `target` of at most `maxLength` edges (parallel edges are one
 * step), shortest first (depth-first by iterative deepening), at most `maxPaths` of them. The number of paths grows exponentially with
 * length in a dense graph, so the search also stops after `budget` steps and says so.
 */
export const allPaths = (g: AnalysisGraph, source: number, target: number, maxLength: number, maxPaths: number, budget = 2_000_000): AllPaths => {
  if (source === target) return { paths: [[source]], capped: false, reason: null };
  const next = successorLists(g);
  const found: number[][] = [];
  const path = [source];
  const onPath = new Uint8Array(g.labels.length);
  onPath[source] = 1;
  let steps = 0;
  let reason: AllPaths["reason"] = null;
  // Paths of exactly `length` edges; deepening one length at a time lists (and, when capped, keeps) the shortest first.
  const visit = (u: number, length: number): void => {
    for (const w of next[u]!) {
      if (reason !== null) return;
      if (++steps > budget) {
        reason = "budget";
        return;
      }
      if (path.length === length) {
        if (w !== target) continue;
        if (found.length === maxPaths) {
          reason = "max_paths";
          return;
        }
        found.push([...path, w]);
        continue;
      }
      if (w === target || onPath[w] === 1) continue;
      onPath[w] = 1;
      path.push(w);
      visit(w, length);
      path.pop();
      onPath[w] = 0;
    }
  };
  for (let length = 1; length <= maxLength && reason === null; length++) visit(source, length);
  return { paths: found, capped: reason !== null, reason };
};
