import { findStaleFilesAsync, type IndexedFile, type StaleFiles } from "../../sources/index.js";

/** Looking at every indexed file costs a stat each (~50 ms on sympy): at most this often. */
const RECHECK_MS = 5_000;

export interface DiskFreshness {
  /**
   * What a look at the disk found at the index's current state. The first look, and the first
   * after the index moved, are waited for: a one-shot `nemesis query` answers once, and an
   * answer must not go out unmarked because the look had not finished. After that, a look older
   * than the interval is redone in the background and the last one is answered meanwhile.
   */
  current(): Promise<StaleFiles | null>;
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
  const position = (): number | null => {
    try {
      return catalog().checkpoint();
    } catch {
      return null;
    }
  };
  const startLook = (): Promise<void> =>
    (running ??= look()
      // A failed look (the catalog not there yet) is simply tried again next time.
      .catch(() => undefined)
      .finally(() => (running = null)));

  return {
    current: async () => {
      const at = position();
      // Files indexed since the last look make it wrong, not merely old.
      if (last !== null && last.position !== at) last = null;
      if (last === null || Date.now() - last.at >= recheckMs) void startLook();
      // A look already under way may have started before the index moved: then one more.
      for (let i = 0; i < 2 && (last === null || last.position !== at) && running !== null; i++) {
        await running;
        if (last === null || last.position !== at) void startLook();
      }
      return last !== null && last.position === at ? last.stale : null;
    },
    settled: () => running ?? Promise.resolve(),
  };
};

/** `2 files changed on disk since indexed (a.py, b.py)`, or null when the disk agrees. */
export const staleText = (stale: StaleFiles | null, remedy = "index_project updates them"): string | null => {
  if (stale === null) return null;
  const all = [...stale.changed, ...stale.missing];
  if (all.length === 0) return null;
  const some = all.length <= 3 ? all.join(", ") : `${all.slice(0, 3).join(", ")}, … ${all.length - 3} more`;
  const what = stale.missing.length === 0 ? "changed" : stale.changed.length === 0 ? "deleted" : "changed or deleted";
  return `${all.length} ${all.length === 1 ? "file" : "files"} ${what} on disk since indexed (${some}): ${remedy}`;
};
