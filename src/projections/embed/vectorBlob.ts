/**
 * The SQLite form of a vector, in the embedding cache and the chunk read model alike. Hashing embedders give a few hundred non-zeros of 768:
 * those are stored sparse (float32 values, then uint16 dimension numbers; 6 bytes a
 * non-zero), anything denser as the plain float32 row. A blob of exactly `4 × dimensions`
 * bytes is dense; anything shorter is sparse.
 */
export const encodeVector = (v: Float32Array, dimensions: number): Buffer => {
  let nnz = 0;
  for (let j = 0; j < dimensions; j++) if (v[j] !== 0) nnz++;
  if (dimensions > 65_536 || nnz * 6 >= dimensions * 4) {
    return Buffer.from(new Uint8Array(v.buffer, v.byteOffset, dimensions * 4));
  }
  // One buffer, values then dimension numbers (4-byte aligned, then 2-byte aligned at nnz × 4).
  const out = new ArrayBuffer(nnz * 6);
  const values = new Float32Array(out, 0, nnz);
  const index = new Uint16Array(out, nnz * 4, nnz);
  for (let j = 0, k = 0; j < dimensions; j++) {
    if (v[j] !== 0) {
      values[k] = v[j]!;
      index[k++] = j;
    }
  }
  return Buffer.from(out);
};

export const isDenseBlob = (blob: Uint8Array, dimensions: number): boolean => blob.byteLength === dimensions * 4;

/** Non-zeros in a sparse blob. */
export const sparseCount = (blob: Uint8Array): number => blob.byteLength / 6;

/**
 * Copies a sparse blob's values and dimension numbers into `values`/`index` at `at`. Byte
 * copies: SQLite's buffers carry no alignment promise, so they cannot be viewed as floats.
 */
export const copySparse = (blob: Uint8Array, values: Float32Array, index: Uint16Array, at: number): void => {
  const n = sparseCount(blob);
  new Uint8Array(values.buffer, values.byteOffset + at * 4, n * 4).set(blob.subarray(0, n * 4));
  new Uint8Array(index.buffer, index.byteOffset + at * 2, n * 2).set(blob.subarray(n * 4, n * 6));
};

/** Copies a blob (either form) into row `row` of a dense row-major matrix. */
export const copyDense = (blob: Uint8Array, data: Float32Array, row: number, dimensions: number): void => {
  const off = row * dimensions;
  if (isDenseBlob(blob, dimensions)) {
    new Uint8Array(data.buffer, data.byteOffset + off * 4, dimensions * 4).set(blob);
    return;
  }
  const n = sparseCount(blob);
  const values = new Float32Array(n);
  const index = new Uint16Array(n);
  copySparse(blob, values, index, 0);
  for (let k = 0; k < n; k++) data[off + index[k]!] = values[k]!;
};

/**
 * The vector a blob holds (either form), or undefined when the blob cannot be one of
 * `dimensions` (another model's, or damaged): a cache miss, never a wrong vector.
 */
export const decodeVector = (blob: Uint8Array, dimensions: number): Float32Array | undefined => {
  if (isDenseBlob(blob, dimensions)) {
    // Copied out: a Buffer's byte offset need not be 4-aligned, which a Float32Array view requires.
    const v = new Float32Array(dimensions);
    new Uint8Array(v.buffer).set(blob);
    return v;
  }
  if (blob.byteLength % 6 !== 0 || blob.byteLength >= dimensions * 4) return undefined;
  const n = sparseCount(blob);
  const index = new Uint16Array(n);
  new Uint8Array(index.buffer).set(blob.subarray(n * 4, n * 6));
  for (let k = 0; k < n; k++) if (index[k]! >= dimensions) return undefined;
  const values = new Float32Array(n);
  new Uint8Array(values.buffer).set(blob.subarray(0, n * 4));
  const v = new Float32Array(dimensions);
  for (let k = 0; k < n; k++) v[index[k]!] = values[k]!;
  return v;
};

/** True when `blob` is a vector of `dimensions` in either form (a sparse one names only dimensions below it). */
export const isVectorBlob = (blob: Uint8Array, dimensions: number): boolean => {
  if (isDenseBlob(blob, dimensions)) return true;
  if (blob.byteLength % 6 !== 0 || blob.byteLength >= dimensions * 4) return false;
  const n = sparseCount(blob);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  for (let k = 0; k < n; k++) if (view.getUint16(n * 4 + k * 2, true) >= dimensions) return false;
  return true;
};

/**
 * Writes a blob (either form, checked by isVectorBlob) into row `row` of a zeroed row-major
 * matrix, with no intermediate array: a bulk build decodes tens of thousands of these.
 */
export const decodeInto = (blob: Uint8Array, data: Float32Array, row: number, dimensions: number): void => {
  const off = row * dimensions;
  if (isDenseBlob(blob, dimensions)) {
    new Uint8Array(data.buffer, data.byteOffset + off * 4, dimensions * 4).set(blob);
    return;
  }
  const n = sparseCount(blob);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  for (let k = 0; k < n; k++) data[off + view.getUint16(n * 4 + k * 2, true)] = view.getFloat32(k * 4, true);
};
