import type { VectorMatrix } from "./VectorMatrix.js";

/**
 * The vectors of one epoch as search reads them: `base` (a whole load) without the rows of
 * `dropped` (1 = left out), plus `recent`, the rows changed since `base` was read as they
 * are now. A save then costs a matrix of its own rows, not a copy of every vector. Each id is
 * live in one part at most; scores do not depend on the part or the row a vector sits in.
 */
export interface VectorSet {
  readonly base: VectorMatrix;
  readonly dropped: Uint8Array | null;
  readonly recent: VectorMatrix | null;
  readonly dimensions: number;
  /** What the vectors were read at: follow its changes when it moves. */
  readonly version: number;
  /** Live rows: base's not dropped, and recent's. */
  readonly size: number;
}

/** A whole load as a set: nothing dropped, nothing recent. */
export const wholeSet = (m: VectorMatrix): VectorSet => ({
  base: m,
  dropped: null,
  recent: null,
  dimensions: m.dimensions,
  version: m.version,
  size: m.ids.length,
});
