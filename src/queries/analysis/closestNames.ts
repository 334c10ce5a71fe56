/** Past this, a name shares too little with what was asked to be worth listing (more than half of it edited). */
const FAR = 1.5;

/**
 * The candidates closest to `wanted`, best first, for a "did you mean" list: an exact
 * case-insensitive match, then names containing it (or contained in it), then by edit distance
 * relative to length; at most `limit`, and only those that share most of the name unless that
 * leaves fewer than `atLeast`. `keysOf` gives the names a candidate answers to (a symbol's name
 * and qualified name, a file's path and base name); its best key counts.
 */
export const closestNames = <T>(
  wanted: string,
  candidates: ReadonlyArray<T>,
  keysOf: (t: T) => ReadonlyArray<string>,
  limit: number,
  atLeast = 3,
): T[] => {
  const w = wanted.toLowerCase();
  const scored = candidates
    .map((c, order) => ({ c, order, score: Math.min(...keysOf(c).map((k) => distance(w, k.toLowerCase()))) }))
    .sort((a, b) => a.score - b.score || a.order - b.order);
  const near = scored.filter((s) => s.score <= FAR).length;
  return scored.slice(0, Math.min(limit, Math.max(near, atLeast))).map((s) => s.c);
};

const distance = (wanted: string, key: string): number => {
  if (key === wanted) return 0;
  if (key.includes(wanted) || wanted.includes(key)) return 1 - Math.min(key.length, wanted.length) / Math.max(key.length, wanted.length);
  return 1 + levenshtein(wanted, key) / Math.max(wanted.length, key.length);
};

const levenshtein = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = current;
  }
  return previous[b.length]!;
};
