import { rmSync } from "node:fs";

/** Removes one SQLite read model: its file and what SQLite keeps beside it. */
export const removeSqliteStore = (path: string): void => {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
};
