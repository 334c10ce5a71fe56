import type { VectorMatrix, VectorSet } from "../../projections/index.js";

/** Best first; equal scores by id. */
const byRank = (a: [string, number], b: [string, number]): number => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * topCosine over a set's parts: the best k of the union is among each part's best k (one
 * order, score then id, and each id live in one part), so this is the whole set's top k.
 */
export const topCosineOf = (v: VectorSet, query: Float32Array, k: number, allow?: (id: string) => boolean): Array<[string, number]> => {
  const base = topCosine(v.base, query, k, allow, v.dropped);
  if (!v.recent) return base;
  return [...base, ...topCosine(v.recent, query, k, allow)].sort(byRank).slice(0, k);
};

/**
 * The `k` rows of `m` nearest to `query` by dot product (vectors are unit length, so this is
 * cosine), skipping rows `allow` rejects and rows `skip` marks. Brute force: at 100k × 384 it is ~40M multiply-adds,
 * tens of milliseconds, and needs no index to build or keep fresh.
 */
export const topCosine = (
  m: VectorMatrix,
  query: Float32Array,
  k: number,
  allow?: (id: string) => boolean,
  skip?: Uint8Array | null,
): Array<[string, number]> => {
  const scores = m.sparse ? sparseScores(m, query) : denseScores(m, query);
  const top = new TopK(k, m.ids);
  for (let r = 0; r < scores.length; r++) {
    if (skip && skip[r] === 1) continue;
    const s = scores[r]!;
    if (!top.admits(s, r)) continue;
    if (allow && !allow(m.ids[r]!)) continue;
    top.add(s, r);
  }
  return top.sorted().map(([r, s]) => [m.ids[r]!, s]);
};

/**
 * Column-major sparse vectors against the query: only the query's non-zero dimensions are
 * read. Dimensions are visited in ascending order, so each row's sum adds the same products
 * in the same order as the dense loop would.
 */
const sparseScores = (m: VectorMatrix, query: Float32Array): Float64Array => {
  const { offsets, rows, values } = m.sparse!;
  const out = new Float64Array(m.ids.length);
  for (let j = 0; j < m.dimensions; j++) {
    const q = query[j]!;
    if (q === 0) continue;
    for (let k = offsets[j]!; k < offsets[j + 1]!; k++) out[rows[k]!]! += values[k]! * q;
  }
  return out;
};

const denseScores = (m: VectorMatrix, query: Float32Array): Float64Array => {
  const d = m.dimensions;
  const n = m.ids.length;
  const data = m.data!;
  const out = new Float64Array(n);
  // Hashing embedders give queries a handful of non-zero dimensions: visiting only those is
  // the same dot product at a fraction of the cost.
  const nz: number[] = [];
  for (let j = 0; j < d; j++) if (query[j] !== 0) nz.push(j);
  const sparse = nz.length < d / 4;
  const nzIdx = Int32Array.from(nz);
  const nzVal = Float32Array.from(nz, (j) => query[j]!);
  const nnz = nzIdx.length;
  for (let r = 0; r < n; r++) {
    let s = 0;
    const off = r * d;
    if (sparse) for (let j = 0; j < nnz; j++) s += data[off + nzIdx[j]!]! * nzVal[j]!;
    else for (let j = 0; j < d; j++) s += data[off + j]! * query[j]!;
    out[r] = s;
  }
  return out;
};

/**
 * A min-heap of the best k (score, row) pairs seen so far. Equal scores (near-identical chunks
 * are common) rank by id, never by row: the rows' order is the order the index inserted them,
 * which differs between a delta-built index and a fresh one of the same tree.
 */
class TopK {
  private readonly hs: Float64Array;
  private readonly hi: Int32Array;
  private size = 0;

  constructor(
    private readonly k: number,
    private readonly ids: ReadonlyArray<string>,
  ) {
    this.hs = new Float64Array(k);
    this.hi = new Int32Array(k);
  }

  /** Whether (s, r) ranks below (t, q): a lower score, or the same score and a later id. */
  private below(s: number, r: number, t: number, q: number): boolean {
    return s < t || (s === t && this.ids[r]! > this.ids[q]!);
  }

  admits(s: number, r: number): boolean {
    return this.size < this.k || s > this.hs[0]! || (s === this.hs[0]! && this.ids[r]! < this.ids[this.hi[0]!]!);
  }

  add(s: number, r: number): void {
    const { hs, hi, k } = this;
    if (this.size < k) {
      let i = this.size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.below(s, r, hs[p]!, hi[p]!)) break;
        hs[i] = hs[p]!;
        hi[i] = hi[p]!;
        i = p;
      }
      hs[i] = s;
      hi[i] = r;
      return;
    }
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= k) break;
      const c = l + 1 < k && this.below(hs[l + 1]!, hi[l + 1]!, hs[l]!, hi[l]!) ? l + 1 : l;
      if (!this.below(hs[c]!, hi[c]!, s, r)) break;
      hs[i] = hs[c]!;
      hi[i] = hi[c]!;
      i = c;
    }
    hs[i] = s;
    hi[i] = r;
  }

  sorted(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.size; i++) out.push([this.hi[i]!, this.hs[i]!]);
    const ids = this.ids;
    return out.sort((a, b) => b[1] - a[1] || (ids[a[0]]! < ids[b[0]]! ? -1 : ids[a[0]]! > ids[b[0]]! ? 1 : 0));
  }
}
