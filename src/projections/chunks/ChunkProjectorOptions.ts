export interface ChunkProjectorOptions {
  /**
   * Embed while applying (a local embedder is fast). Otherwise rows are written without
   * vectors and `backfill` fills them in the background, so a slow or failing provider never
   * holds up keyword search or the graph.
   */
  readonly inlineEmbedding: boolean;
  /**
   * Build an ANN index in the background once the table is large (a long-lived engine wants
   * this; a one-shot CLI run would be killed mid-build, so it leaves it off and searches by brute force).
   */
  readonly buildAnnIndex?: boolean;
  /** Releases what the embedder holds (its cache) when the projector closes. */
  readonly release?: () => void;
  /** Called with a background failure (backfill or maintenance); indexing carries on regardless. */
  readonly onBackgroundError?: (error: unknown) => void;
  /**
   * False: what small passes leave to LanceDB waits for the next open or `rows()` (a test of a
   * process that ended before its background sync). Default true.
   */
  readonly syncLanceInBackground?: boolean;
  /** Rows per write group (default GROUP_ROWS; tests make it small to cross group boundaries). */
  readonly groupRows?: number;
}
