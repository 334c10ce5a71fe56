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
  private readonly reading = new Set<Promise<Row[]>>();

  constructor(private store: KuzuStore) {}

  get current(): KuzuStore {
    return this.store;
  }

  /** Read-only Cypher on the current store, after any swap under way. */
  async query(cypher: string, params?: Params): Promise<Row[]> {
    // While a rebuilt database replaces the store, the store is closed: wait for the swap.
    while (this.swapping !== null) await this.swapping.catch(() => undefined);
    const running = this.store.query(cypher, params);
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

  /** Takes `store` as the store at once: the caller closed the old one and has nothing for readers to wait for (a reset). */
  set(store: KuzuStore): void {
    this.store = store;
  }
}
