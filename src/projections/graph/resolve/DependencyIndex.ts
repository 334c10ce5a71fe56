import type { DepKey } from "./FileTable.js";

/** Which files read which dependency keys during their last resolution, both ways round. */
export class DependencyIndex {
  private readonly keysOf = new Map<string, Set<DepKey>>();
  private readonly readersOf = new Map<DepKey, Set<string>>();

  record(path: string, keys: ReadonlySet<DepKey>): void {
    this.forget(path);
    const own = new Set(keys);
    this.keysOf.set(path, own);
    for (const key of own) {
      let readers = this.readersOf.get(key);
      if (readers === undefined) this.readersOf.set(key, (readers = new Set()));
      readers.add(path);
    }
  }

  /** The keys `path`'s last resolution read. */
  keysOfPath(path: string): ReadonlySet<DepKey> | undefined {
    return this.keysOf.get(path);
  }

  forget(path: string): void {
    const keys = this.keysOf.get(path);
    if (keys === undefined) return;
    this.keysOf.delete(path);
    for (const key of keys) {
      const readers = this.readersOf.get(key);
      if (readers === undefined) continue;
      readers.delete(path);
      if (readers.size === 0) this.readersOf.delete(key);
    }
  }

  /** Files whose last resolution read any of `keys`. */
  readersOfAny(keys: Iterable<DepKey>, into: Set<string>): Set<string> {
    for (const key of keys) for (const path of this.readersOf.get(key) ?? []) into.add(path);
    return into;
  }
}
