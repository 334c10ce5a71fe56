import { existsSync, renameSync, rmSync } from "node:fs";
import { sqliteDamage, sqliteFileDamage } from "../../events/index.js";
import { reportDamage, shownPath } from "../../shared/index.js";
import { RESOLUTION_CACHE_SUFFIXES, ResolutionCache, resolutionCachePath } from "./ResolutionCache.js";

/** Removes the resolution cache of the graph at `graphPath`. */
export const removeResolutionCache = (graphPath: string): void => {
  for (const suffix of RESOLUTION_CACHE_SUFFIXES) rmSync(graphPath + suffix, { force: true });
};

/** Moves the resolution cache of the graph at `from` beside the graph at `to`, replacing what is there. */
export const moveResolutionCache = (from: string, to: string): void => {
  removeResolutionCache(to);
  for (const suffix of RESOLUTION_CACHE_SUFFIXES) if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
};

/**
 * The resolution cache of one graph as the projector uses it: opened on first use, made anew
 * when it cannot be opened, closed and deleted when anything done with it fails. A cache is
 * only ever a shortcut, so nothing here throws: without one the graph resolves every file.
 */
export class CacheSlot {
  private cache: ResolutionCache | null = null;

  constructor(
    private readonly graphPath: string,
    /** A read-only graph never writes beside itself. */
    private readonly readOnly: boolean,
  ) {}

  /** Runs `f` on the cache; null when there is none, or when `f` failed (the cache is then dropped). */
  use<A>(f: (cache: ResolutionCache) => A): A | null {
    const cache = this.open();
    if (cache === null) return null;
    try {
      return f(cache);
    } catch (e) {
      const damage = sqliteDamage(e);
      if (damage !== null) this.reportDropped(damage);
      this.drop();
      return null;
    }
  }

  /** Says in one line that the cache was found damaged: a stale or foreign cache is set aside without a word. */
  private reportDropped(reason: string): void {
    reportDamage(`${shownPath(resolutionCachePath(this.graphPath))} is damaged (${reason}): dropping the graph's resolution cache (the graph resolves every file again instead)`);
  }

  /** Closes the connection (the file stays for the next start). */
  close(): void {
    try {
      this.cache?.close();
    } catch {
      // Closing a connection whose file went bad: nothing to keep from it.
    }
    this.cache = null;
  }

  /** Closes and deletes the cache. */
  drop(): void {
    this.close();
    try {
      removeResolutionCache(this.graphPath);
    } catch {
      // Left behind, it fails the position check or reads as unreadable, and is set aside again.
    }
  }

  private open(): ResolutionCache | null {
    if (this.cache !== null || this.readOnly) return this.cache;
    const path = resolutionCachePath(this.graphPath);
    const damage = sqliteFileDamage(path);
    if (damage !== null) {
      this.reportDropped(damage);
      removeResolutionCache(this.graphPath);
    }
    try {
      this.cache = ResolutionCache.open(path);
    } catch (e) {
      const damage = sqliteDamage(e);
      if (damage !== null) this.reportDropped(damage);
      try {
        removeResolutionCache(this.graphPath);
        this.cache = ResolutionCache.open(path);
      } catch {
        return null;
      }
    }
    return this.cache;
  }
}
