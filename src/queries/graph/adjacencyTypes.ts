/** One direction's edges, grouped by the node they start from (`out`) or end at (`in`). */
export interface Side {
  /** Edges of node n are positions `start[n]` to `start[n + 1]`, sorted by kind, far node, line. */
  readonly start: Int32Array;
  readonly far: Int32Array;
  /** Index into KINDS. */
  readonly kind: Uint8Array;
  readonly line: Int32Array;
}

/**
 * Every edge of one graph state in memory, both ways. Following edges level by level costs a
 * Cypher query per level whose `id IN $list` Kuzu answers with a scan of every edge (sympy: 80 ms
 * for the callers of one class's methods, 500 ms for a two-level walk); here it is array reads.
 */
export interface Adjacency {
  /** Node ids by number, in code-point order: comparing numbers compares ids. */
  readonly ids: ReadonlyArray<string>;
  /** A map for a loaded state; a binary search over `ids` for one followed from it. */
  readonly numbers: Pick<ReadonlyMap<string, number>, "get" | "has">;
  readonly out: Side;
  readonly in: Side;
}
