import { existsSync, renameSync, rmSync } from "node:fs";
import { OPENING_SUFFIX } from "./graphOpening.js";
import { SEAL_SUFFIX } from "./graphSeal.js";

/** Kuzu's on-disk database: one file, what Kuzu keeps beside it (write-ahead log, shadow pages), and our seal and opening mark (graphSeal.ts, graphOpening.ts). */
const DATABASE_SUFFIXES = ["", ".wal", ".shadow", ".tmp", SEAL_SUFFIX, OPENING_SUFFIX];

export const removeGraphDatabase = (path: string): void => {
  for (const suffix of DATABASE_SUFFIXES) rmSync(path + suffix, { recursive: true, force: true });
};

/** Moves a closed database (its file and whatever lies beside it) to `to`, replacing what is there. */
export const moveGraphDatabase = (from: string, to: string): void => {
  removeGraphDatabase(to);
  for (const suffix of DATABASE_SUFFIXES) if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
};
