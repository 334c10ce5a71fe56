import { dueIn, takeHints, withFile, withGoneDir, type PendingHints } from "./pendingHints.js";

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
 * without pause (a generator) cannot hold everything else back longer than `maxWaitMs`. The
 * debounce alone, on a timer of its own; the watcher runs the same rules (pendingHints.ts) in
 * its reducer.
 */
export class HintBatcher {
  private pending: PendingHints | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: BatcherOptions) {}

  /** When the oldest event not yet taken arrived, or null when none waits. */
  get pendingSince(): number | null {
    return this.pending?.since ?? null;
  }

  file(path: string): void {
    this.touch((this.pending = withFile(this.pending, path, Date.now())));
  }

  goneDir(path: string): void {
    this.touch((this.pending = withGoneDir(this.pending, path, Date.now())));
  }

  /** Takes what is pending now (null when nothing is), without waiting for the quiet period. */
  take(): Hints | null {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === null) return null;
    const hints = takeHints(this.pending, Date.now(), this.options);
    this.pending = null;
    return hints;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private touch(pending: PendingHints): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const hints = this.take();
      if (hints) this.options.onBatch(hints);
    }, dueIn(pending, pending.last, this.options));
  }
}
