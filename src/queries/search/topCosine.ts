import type { VectorMatrix } from "../../projections/chunks/index.js";

/**
 * The `k` rows of `m` nearest to `query` by dot product (vectors are unit length, so this is
 * cosine), skipping rows `allow` rejects. Brute force: at 100k × 384 it is ~40M multiply-adds,
 * tens of milliseconds, and needs no index to build or keep fresh.
 */
export const topCosine = (
  m: VectorMatrix,
  query: Float32Array,
  k: number,
  allow?: (id: string) => boolean,
): Array<[string, number]> => {
  const d = m.dimensions;
  const n = m.ids.length;
  const data = m.data;
  // Hashing embedders give queries a handful of non-zero dimensions: visiting only those is
  // the same dot product at a fraction of the cost.
  const nz: number[] = [];
  for (let j = 0; j < d; j++) if (query[j] !== 0) nz.push(j);
  const sparse = nz.length < d / 4;
  const nzIdx = Int32Array.from(nz);
  const nzVal = Float32Array.from(nz, (j) => query[j]!);
  const nnz = nzIdx.length;
  // A min-heap of the best k (score, row) pairs seen so far.
  const hs = new Float64Array(k);
  const hi = new Int32Array(k);
  let size = 0;
  for (let r = 0; r < n; r++) {
    let s = 0;
    const off = r * d;
    if (sparse) for (let j = 0; j < nnz; j++) s += data[off + nzIdx[j]!]! * nzVal[j]!;
    else for (let j = 0; j < d; j++) s += data[off + j]! * query[j]!;
    if (size === k && s <= hs[0]!) continue;
    if (allow && !allow(m.ids[r]!)) continue;
    if (size < k) {
      let i = size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (hs[p]! <= s) break;
        hs[i] = hs[p]!;
        hi[i] = hi[p]!;
        i = p;
      }
      hs[i] = s;
      hi[i] = r;
    } else {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= k) break;
        const c = l + 1 < k && hs[l + 1]! < hs[l]! ? l + 1 : l;
        if (hs[c]! >= s) break;
        hs[i] = hs[c]!;
        hi[i] = hi[c]!;
        i = c;
      }
      hs[i] = s;
      hi[i] = r;
    }
  }
  const out: Array<[string, number]> = [];
  for (let i = 0; i < size; i++) out.push([m.ids[hi[i]!]!, hs[i]!]);
  return out.sort((a, b) => b[1] - a[1]);
};
