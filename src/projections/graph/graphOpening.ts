import { readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * A mark left beside the graph database while a process opens it (`graph.kuzu.opening`, holding
 * its pid). Kuzu reads its catalog on open and a damaged one can crash the process outright (a
 * segmentation fault no `catch` sees); left behind by a process that is gone, the mark says the
 * last open never finished, and the next one drops the database instead of crashing in turn.
 * A process killed while opening for another reason costs one needless rebuild.
 */
export const OPENING_SUFFIX = ".opening";

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, another user's.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Why the last open of the database at `path` is known to have died half-way, or null. */
export const diedOpening = (path: string): string | null => {
  let pid: number;
  try {
    pid = Number(readFileSync(path + OPENING_SUFFIX, "utf8"));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) return null;
  return `the process that last opened it (pid ${pid}) died while opening it`;
};

/** Marks the database at `path` as being opened by this process; the returned function clears the mark. */
export const markOpening = (path: string): (() => void) => {
  try {
    writeFileSync(path + OPENING_SUFFIX, String(process.pid));
  } catch {
    // No mark (a read-only folder): a crash while opening just goes unnoticed, as before.
    return () => {};
  }
  return () => rmSync(path + OPENING_SUFFIX, { force: true });
};
