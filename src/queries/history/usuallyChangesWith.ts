import type { HistoryReader } from "../../projections/index.js";

/** A file that changed together with another in `together` of that one's `of` commits. */
export interface ChangesWith {
  readonly file: string;
  readonly together: number;
  readonly of: number;
}

/** Fewest commits together that make a habit: one shared commit is a coincidence as often as not. */
export const MIN_TOGETHER = 2;

/**
 * The files that most often changed in the same commit as `file`, at most `limit`, most often
 * first (merges and commits of over 50 files never count, see the history projector). Empty when
 * the file has no history, or no file changed with it MIN_TOGETHER times.
 */
export const usuallyChangesWith = (history: HistoryReader, file: string, limit: number): ChangesWith[] =>
  history
    .coChanged([file], limit)
    .filter((c) => c.together >= MIN_TOGETHER)
    .map((c) => ({ file: c.with, together: c.together, of: c.commitsOfPath }));
