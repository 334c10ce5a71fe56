/** Paths in the order their events came, newest first: adding one copies nothing, however long the burst. */
type Paths = { readonly path: string; readonly next: Paths } | null;

/** What the file events of one batch named: hints only, the disk decides what changed. */
export interface Hints {
  /** Files (relative to the root, `/`-separated) added, changed or removed. */
  readonly files: ReadonlySet<string>;
  /** Directories removed: every known file under them is looked at (the events may not name each). */
  readonly goneDirs: ReadonlySet<string>;
  /** A .gitignore changed: what is indexed may change anywhere below it, so the batch is a full scan. */
  readonly rulesChanged: boolean;
  /** When the first event of the batch arrived (epoch ms). */
  readonly since: number;
  /**
   * Taken at the maxWaitMs cap while events were still arriving: a burst (a checkout, a tree
   * deleted and written anew) is under way, and a file missing now may be back in a moment.
   */
  readonly midBurst: boolean;
}

/** The file events not yet taken as a batch. A value: every change makes a new one. */
export interface PendingHints {
  readonly files: Paths;
  readonly goneDirs: Paths;
  readonly rulesChanged: boolean;
  /** When the first event arrived (epoch ms). */
  readonly since: number;
  /** When the latest event arrived. */
  readonly last: number;
}

export interface Debounce {
  /** The quiet period: a batch is taken once no event arrived for this long. */
  readonly quietMs: number;
  /** A batch is taken at the latest this long after its first event, even while events keep coming. */
  readonly maxWaitMs: number;
}

const isRules = (path: string) => path === ".gitignore" || path.endsWith("/.gitignore");

/** `pending` with a file added, changed or removed at `now`. */
export const withFile = (pending: PendingHints | null, path: string, now: number): PendingHints => ({
  files: { path, next: pending?.files ?? null },
  goneDirs: pending?.goneDirs ?? null,
  rulesChanged: (pending?.rulesChanged ?? false) || isRules(path),
  since: pending?.since ?? now,
  last: now,
});

/** `pending` with a directory removed at `now`. */
export const withGoneDir = (pending: PendingHints | null, path: string, now: number): PendingHints => ({
  files: pending?.files ?? null,
  goneDirs: { path, next: pending?.goneDirs ?? null },
  rulesChanged: pending?.rulesChanged ?? false,
  since: pending?.since ?? now,
  last: now,
});

/** How long after `now` the batch is due: trailing debounce with a cap. */
export const dueIn = (pending: PendingHints, now: number, d: Debounce): number => Math.max(0, Math.min(d.quietMs, pending.since + d.maxWaitMs - now));

const toSet = (paths: Paths): Set<string> => {
  const newestFirst: string[] = [];
  for (let p = paths; p !== null; p = p.next) newestFirst.push(p.path);
  return new Set(newestFirst.reverse());
};

/** The batch taken at `now`: mid-burst when an event came within the quiet period. */
export const takeHints = (pending: PendingHints, now: number, d: Debounce): Hints => ({
  files: toSet(pending.files),
  goneDirs: toSet(pending.goneDirs),
  rulesChanged: pending.rulesChanged,
  since: pending.since,
  midBurst: now - pending.last < d.quietMs,
});
