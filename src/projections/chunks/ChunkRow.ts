/** One chunk as both chunk stores hold it (the LanceDB table adds its vector). */
export interface ChunkRow {
  readonly id: string;
  readonly path: string;
  /** Id of the enclosing symbol (its qualified name), or null for module-level code. */
  readonly symbol: string | null;
  readonly kind: string;
  readonly language: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly text: string;
}
