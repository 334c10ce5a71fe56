/**
 * Sparse vectors by dimension: the rows with a non-zero in dimension j are
 * `rows[offsets[j] .. offsets[j + 1]]` (ascending), with their `values`. A query with a few
 * dozen non-zeros then reads a few percent of the matrix.
 */
export interface SparseColumns {
  readonly offsets: Int32Array;
  readonly rows: Int32Array;
  readonly values: Float32Array;
}

/**
 * Every stored vector (row i is `ids[i]`), for brute-force search: dense row-major `data`, or,
 * when every vector is sparse (the hashing embedders), `sparse` columns at a fraction of the memory.
 */
export interface VectorMatrix {
  readonly ids: string[];
  readonly dimensions: number;
  readonly data: Float32Array | null;
  readonly sparse: SparseColumns | null;
  /** What the vectors were read at: reload when it moves. */
  readonly version: number;
}
