/**
 * Files ranked by how strongly the graph joins them to the search's best files: each seed
 * (a top file, best first) lends its neighbours a share that falls with the seed's rank and
 * grows with the log of the edges between them. The caller fuses this list, weakly, into the
 * file ranking, so the code around a hit (the struct a matched method builds, the helper the
 * matched handler calls) can surface even when it shares no words with the query.
 */
export const graphNeighbourRanks = (
  seeds: ReadonlyArray<string>,
  links: ReadonlyMap<string, ReadonlyMap<string, number>>,
): string[] => {
  const score = new Map<string, number>();
  seeds.forEach((seed, rank) => {
    for (const [file, edges] of links.get(seed) ?? []) {
      score.set(file, (score.get(file) ?? 0) + Math.log1p(edges) / (rank + 1));
    }
  });
  return [...score].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([file]) => file);
};
