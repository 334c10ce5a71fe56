import type { KuzuStore, Params, Row } from "./KuzuStore.js";

/**
 * The graph's store as its readers reach it. A rebuild swaps in a database built beside the
 * store (see rebuildBeside): the swap waits for the reads running on the old store, and a read
 * asked for meanwhile waits for the swap, so no read ever reaches a closed store.
 */
export class SwappableStore {
  /** A swap under way, which readers wait for. */
  private swapping: Promise<void> | null = null;
  /** Queries running on the store. */
  private readonly reading = new Set<Promise<unknown>>();

  constructor(private store: KuzuStore) {}

  get current(): KuzuStore {
    return this.store;
  }

  /** Read-only Cypher on the current store, after any swap under way. */
  query(cypher: string, params?: Params): Promise<Row[]> {
    return this.read((store) => store.query(cypher, params));
  }

  /**
   * A read of the current store, after any swap under way, that a swap waits for: a Kuzu
   * connection used after its database closed crashes the process.
   */
  async read<T>(read: (store: KuzuStore) => Promise<T>): Promise<T> {
    while (this.swapping !== null) await this.swapping.catch(() => undefined);
    const running = read(this.store);
    this.reading.add(running);
    try {
      return await running;
    } finally {
      this.reading.delete(running);
    }
  }

  /** Once the running reads are done, `replace` closes the store and opens the one that takes its place; reads wait meanwhile. */
  async swap(replace: () => Promise<KuzuStore>): Promise<void> {
    const swap = (async () => {
      await Promise.allSettled([...this.reading]);
      this.store = await replace();
    })();
    this.swapping = swap;
    try {
      await swap;
    } finally {
      this.swapping = null;
    }
  }
}
