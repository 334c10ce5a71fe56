import type { SparseColumns } from "./VectorMatrix.js";

/** Row-major sparse rows to column-major (a counting sort by dimension; rows stay ascending). */
export const sparseByColumn = (rowOffsets: Int32Array, index: Uint16Array, values: Float32Array, dimensions: number): SparseColumns => {
  const offsets = new Int32Array(dimensions + 1);
  for (let k = 0; k < index.length; k++) offsets[index[k]! + 1]!++;
  for (let j = 0; j < dimensions; j++) offsets[j + 1]! += offsets[j]!;
  const next = offsets.slice(0, dimensions);
  const rows = new Int32Array(index.length);
  const out = new Float32Array(index.length);
  for (let r = 0; r + 1 < rowOffsets.length; r++) {
    for (let k = rowOffsets[r]!; k < rowOffsets[r + 1]!; k++) {
      const at = next[index[k]!]!++;
      rows[at] = r;
      out[at] = values[k]!;
    }
  }
  return { offsets, rows, values: out };
};
