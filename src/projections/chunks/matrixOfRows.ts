import { copyDense, copySparse, sparseCount } from "../embed/vectorBlob.js";
import { sparseByColumn } from "./sparseByColumn.js";
import type { VectorMatrix } from "./VectorMatrix.js";

/** A matrix of the given rows (id, stored vector), dense or sparse as asked; `dense` false requires every blob sparse. */
export const matrixOfRows = (
  rows: ReadonlyArray<readonly [string, Uint8Array]>,
  dimensions: number,
  dense: boolean,
  version: number,
): VectorMatrix => {
  const ids = rows.map(([id]) => id);
  if (dense) {
    const data = new Float32Array(rows.length * dimensions);
    rows.forEach(([, blob], i) => copyDense(blob, data, i, dimensions));
    return { ids, dimensions, data, sparse: null, version };
  }
  const offsets = new Int32Array(rows.length + 1);
  rows.forEach(([, blob], i) => (offsets[i + 1] = offsets[i]! + sparseCount(blob)));
  const total = offsets[rows.length]!;
  const index = new Uint16Array(total);
  const values = new Float32Array(total);
  rows.forEach(([, blob], i) => copySparse(blob, values, index, offsets[i]!));
  return { ids, dimensions, data: null, sparse: sparseByColumn(offsets, index, values, dimensions), version };
};
