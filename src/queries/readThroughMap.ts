/**
 * A read-only map answering `get` and `has` itself (cheaply, entry by entry) and everything
 * else from the whole map, which a subclass builds on first need: iteration is rare, lookups
 * are what the queries do.
 */
export abstract class ReadThroughMap<K, V> implements ReadonlyMap<K, V> {
  abstract get(key: K): V | undefined;
  abstract has(key: K): boolean;
  /** Every entry, built once and kept. */
  protected abstract whole(): Map<K, V>;

  get size(): number {
    return this.whole().size;
  }
  forEach(f: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    this.whole().forEach((v, k) => f(v, k, this));
  }
  entries(): MapIterator<[K, V]> {
    return this.whole().entries();
  }
  keys(): MapIterator<K> {
    return this.whole().keys();
  }
  values(): MapIterator<V> {
    return this.whole().values();
  }
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.whole()[Symbol.iterator]();
  }
}
