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

export interface BatcherOptions {
  /** The quiet period: a batch is taken once no event arrived for this long. */
  readonly quietMs: number;
  /** A batch is taken at the latest this long after its first event, even while events keep coming. */
  readonly maxWaitMs: number;
  readonly onBatch: (hints: Hints) => void;
}

/**
 * Collects file events into batches: trailing debounce with a cap. A save (one to three events)
 * is one batch, a burst of writes to one file is one batch taken when it stops, and a branch
 * switch (hundreds of files within a moment) is one batch rather than hundreds; a file written
 * without pause (a generator) cannot hold everything else back longer than `maxWaitMs`.
 */
export class HintBatcher {
  private files = new Set<string>();
  private goneDirs = new Set<string>();
  private rulesChanged = false;
  private since: number | null = null;
  private last = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: BatcherOptions) {}

  /** When the oldest event not yet taken arrived, or null when none waits. */
  get pendingSince(): number | null {
    return this.since;
  }

  file(path: string): void {
    if (path === ".gitignore" || path.endsWith("/.gitignore")) this.rulesChanged = true;
    this.files.add(path);
    this.touch();
  }

  goneDir(path: string): void {
    this.goneDirs.add(path);
    this.touch();
  }

  /** Takes what is pending now (null when nothing is), without waiting for the quiet period. */
  take(): Hints | null {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.since === null) return null;
    const midBurst = Date.now() - this.last < this.options.quietMs;
    const hints = { files: this.files, goneDirs: this.goneDirs, rulesChanged: this.rulesChanged, since: this.since, midBurst };
    this.files = new Set();
    this.goneDirs = new Set();
    this.rulesChanged = false;
    this.since = null;
    return hints;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private touch(): void {
    const now = Date.now();
    this.last = now;
    this.since ??= now;
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.options.quietMs, this.since + this.options.maxWaitMs - now));
    this.timer = setTimeout(() => {
      const hints = this.take();
      if (hints) this.options.onBatch(hints);
    }, wait);
  }
}
