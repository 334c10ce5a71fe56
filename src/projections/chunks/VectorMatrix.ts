/** Rows stored sparse: row i's non-zeros are `index`/`values` from `offsets[i]` to `offsets[i + 1]`. */
export interface SparseRows {
  readonly offsets: Int32Array;
  readonly index: Uint16Array;
  readonly values: Float32Array;
}

/**
 * Every stored vector (row i is `ids[i]`), for brute-force search: dense row-major `data`, or,
 * when every vector is sparse (the hashing embedders), `sparse` rows at a fifth of the memory.
 */
export interface VectorMatrix {
  readonly ids: string[];
  readonly dimensions: number;
  readonly data: Float32Array | null;
  readonly sparse: SparseRows | null;
  /** What the vectors were read at: reload when it moves. */
  readonly version: number;
}
