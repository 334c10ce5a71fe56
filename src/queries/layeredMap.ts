import { ReadThroughMap } from "./readThroughMap.js";

/** Overlay entries past which a layered map is flattened into one map again. */
const OVERLAY_MAX = 20_000;

/**
 * A map as `base` plus the entries an edit changed (`overlay`; `gone` for deleted keys), so that
 * following a one-file edit of a large graph writes a few entries instead of copying tens of
 * thousands. Reads are `get` and `has`; iteration flattens it once.
 */
export class LayeredMap<K, V> extends ReadThroughMap<K, V> {
  private flat: Map<K, V> | null = null;

  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly overlay: ReadonlyMap<K, V>,
    private readonly gone: ReadonlySet<K>,
  ) {
    super();
  }

  /** `previous` with `removed` deleted and then `added` set: layered over the same base while the overlay stays small. */
  static after<K, V>(previous: ReadonlyMap<K, V>, removed: Iterable<K>, added: Iterable<readonly [K, V]>): ReadonlyMap<K, V> {
    const layered = previous instanceof LayeredMap ? (previous as LayeredMap<K, V>) : null;
    const base = layered?.base ?? previous;
    const overlay = new Map(layered?.overlay ?? []);
    const gone = new Set(layered?.gone ?? []);
    for (const k of removed) {
      overlay.delete(k);
      gone.add(k);
    }
    for (const [k, v] of added) {
      overlay.set(k, v);
      gone.delete(k);
    }
    const next = new LayeredMap(base, overlay, gone);
    return overlay.size + gone.size > OVERLAY_MAX ? new Map(next) : next;
  }

  get(key: K): V | undefined {
    const over = this.overlay.get(key);
    if (over !== undefined) return over;
    return this.gone.has(key) ? undefined : this.base.get(key);
  }
  has(key: K): boolean {
    return this.overlay.has(key) || (!this.gone.has(key) && this.base.has(key));
  }
  protected whole(): Map<K, V> {
    if (this.flat === null) {
      const flat = new Map<K, V>();
      for (const [k, v] of this.base) if (!this.gone.has(k) && !this.overlay.has(k)) flat.set(k, v);
      for (const [k, v] of this.overlay) flat.set(k, v);
      this.flat = flat;
    }
    return this.flat;
  }
}
