import { nodeFile } from "./nodeFile.js";
import type { RankedNode } from "./rankNeighbourhood.js";

/**
 * What each node is worth to the answer, best first: its file's relevance (the best file's is 1)
 * over the square of its place among that file's nodes (ranked by `score`, best first). Breadth
 * before depth: the first symbol of the sixth file tells an agent more than the third helper of
 * the first, and the packer, which buys by worth per token, then covers the files in order.
 */
export const worthInFile = (ranked: ReadonlyArray<RankedNode>, files: ReadonlyMap<string, number>): RankedNode[] => {
  const top = Math.max(Number.MIN_VALUE, ...files.values());
  const place = new Map<string, number>();
  return [...ranked]
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .map((r) => {
      const file = nodeFile(r.id) ?? "";
      const k = (place.get(file) ?? 0) + 1;
      place.set(file, k);
      return { ...r, score: (files.get(file) ?? 0) / top / (k * k) };
    })
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
};
