import type { FileCommit, HistoryReader } from "../../projections/index.js";

export interface FileHistory {
  readonly commits: ReadonlyArray<FileCommit>;
  /** The commits that touched the file under its current name (merges left out), listed or not. */
  readonly total: number;
}

/** The newest `limit` commits that touched `file` (following its renames back), and how many there are. */
export const fileHistoryOf = (history: HistoryReader, file: string, limit: number): FileHistory => ({
  commits: history.fileHistory(file, limit),
  total: history.commitCount(file),
});
