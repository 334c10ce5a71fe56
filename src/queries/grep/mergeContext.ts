import type { LineMatch } from "./matchLines.js";

/** A matching line with its context, shown once: see `mergeContext`. */
export interface GrepMatch extends LineMatch {
  /**
   * Index of the block this match belongs to, counted from 0 in one answer: consecutive
   * matches of a block show contiguous lines of one file (grep prints `--` between blocks).
   */
  readonly block: number;
}

/**
 * Merges the context of nearby matches as grep -C does: each line appears once, and a line
 * that matches is never repeated as another match's context. The lines between two matches of
 * one block go in the earlier's `after`; the later's `before` keeps only lines not shown yet.
 * Matches must come in file then line order, one per line (as `matchLines` gives them).
 */
export const mergeContext = (matches: ReadonlyArray<LineMatch>): GrepMatch[] => {
  const out: Array<LineMatch & { block: number }> = [];
  let block = -1;
  for (const m of matches) {
    const prev = out[out.length - 1];
    if (prev === undefined || prev.file !== m.file || m.line <= prev.line) {
      out.push({ ...m, block: ++block });
      continue;
    }
    const after = prev.after.slice(0, Math.max(0, m.line - prev.line - 1));
    out[out.length - 1] = { ...prev, after };
    const lastShown = prev.line + after.length;
    const firstBefore = m.line - m.before.length;
    const before = m.before.slice(Math.max(0, lastShown + 1 - firstBefore));
    const first = m.line - before.length;
    out.push({ ...m, before, block: first <= lastShown + 1 ? block : ++block });
  }
  return out;
};
