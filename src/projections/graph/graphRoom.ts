import { requireSpace } from "../../shared/index.js";
import { statSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Room a write needs on the graph's disk before it may start: Kuzu 0.11 does not fail cleanly on
 * a full disk (its checkpoint dies with SIGSEGV or `terminate`, or leaves a checkpoint row whose
 * COPY data it never wrote), so a write that might fill the disk is refused before it begins.
 * Measured peaks of a cold graph: 12 MB for 27k rows, 28 MB for 91k rows (sympy: ~270 bytes a
 * row); the fixed part covers a checkpoint's metadata and hash-index pages.
 */
export const KUZU_ROOM = { fixedBytes: 8 * 1024 * 1024, bytesPerRow: 512 } as const;

/**
 * Refuses a write of about `rows` rows (DiskFull) when the graph's disk lacks the room Kuzu
 * needs to commit and checkpoint it (KUZU_ROOM), the write-ahead log's pages included.
 */
export const requireGraphRoom = (path: string, rows: number): void => {
  let wal = 0;
  try {
    wal = statSync(`${path}.wal`).size;
  } catch {
    // No write-ahead log yet.
  }
  requireSpace(dirname(path), KUZU_ROOM.fixedBytes + rows * KUZU_ROOM.bytesPerRow + wal);
};
