import { findStaleFilesAsync, type IndexedFile, type StaleFiles } from "../sources/scan/index.js";

/** Looking at every indexed file costs a stat each (~50 ms on sympy): at most this often. */
const RECHECK_MS = 5_000;

export interface DiskFreshness {
  /**
   * What the last look found, or null before the first one finished; starts the next look in
   * the background when the last is older than the interval, so no answer waits for the disk.
   */
  current(): StaleFiles | null;
  /** Settles when a look in progress is over (tests, shutdown). */
  settled(): Promise<void>;
}

/**
 * Files changed or deleted on disk since they were indexed, as seen by a server that does not
 * watch the disk: answers say so in their freshness line. The indexed files are read again only
 * when the catalog moved.
 */
export const diskFreshness = (
  root: string,
  catalog: () => { checkpoint(): number; files(): ReadonlyArray<IndexedFile> },
  maxFileBytes: number,
  recheckMs = RECHECK_MS,
): DiskFreshness => {
  let last: { readonly at: number; readonly position: number; readonly stale: StaleFiles } | null = null;
  let files: { readonly position: number; readonly list: ReadonlyArray<IndexedFile> } | null = null;
  let running: Promise<void> | null = null;

  const look = async (): Promise<void> => {
    const c = catalog();
    const position = c.checkpoint();
    if (files?.position !== position) files = { position, list: c.files() };
    last = { at: Date.now(), position, stale: await findStaleFilesAsync(root, files.list, maxFileBytes) };
  };

  return {
    current: () => {
      // Files indexed since the last look make it wrong, not merely old: look again first.
      let position: number | null;
      try {
        position = catalog().checkpoint();
      } catch {
        position = null;
      }
      if (last !== null && last.position !== position) last = null;
      if (running === null && (last === null || Date.now() - last.at >= recheckMs)) {
        // A failed look (the catalog not there yet) is simply tried again next time.
        running = look()
          .catch(() => undefined)
          .finally(() => (running = null));
      }
      return last?.stale ?? null;
    },
    settled: () => running ?? Promise.resolve(),
  };
};

/** `2 files changed on disk since indexed (a.py, b.py)`, or null when the disk agrees. */
export const staleText = (stale: StaleFiles | null): string | null => {
  if (stale === null) return null;
  const all = [...stale.changed, ...stale.missing];
  if (all.length === 0) return null;
  const some = all.length <= 3 ? all.join(", ") : `${all.slice(0, 3).join(", ")}, … ${all.length - 3} more`;
  const what = stale.missing.length === 0 ? "changed" : stale.changed.length === 0 ? "deleted" : "changed or deleted";
  return `${all.length} ${all.length === 1 ? "file" : "files"} ${what} on disk since indexed (${some}): index_project updates them`;
};
