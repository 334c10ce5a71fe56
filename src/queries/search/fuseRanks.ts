/** Reciprocal rank fusion's damping constant (Cormack et al.): ranks past ~60 add little. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each list adds `weight / (k + rank)` (rank 1-based) to an item's
 * score. Lists rank by incomparable scores (BM25, cosine); ranks are what they share.
 */
export const fuseRanks = (
  lists: ReadonlyArray<{ readonly ids: ReadonlyArray<string>; readonly weight: number }>,
  k = RRF_K,
): Map<string, number> => {
  const out = new Map<string, number>();
  for (const { ids, weight } of lists) {
    ids.forEach((id, i) => out.set(id, (out.get(id) ?? 0) + weight / (k + i + 1)));
  }
  return out;
};

/** Entries of a score map, best first; ties broken by key so results are deterministic. */
export const byScore = <K extends string>(scores: ReadonlyMap<K, number>): Array<[K, number]> =>
  [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
