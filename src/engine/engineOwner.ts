import { readFileSync } from "node:fs";

/** What `.nemesis/engine.lock` holds: the owner's pid, and its socket when it serves one. */
export interface LockContent {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
  /** Where the owner answers other local processes (absent for a one-shot `nemesis index`). */
  readonly socket?: string;
}

/** The lock's content; null when absent, unreadable or half-written (it then counts as stale). */
export const readLock = (path: string): LockContent | null => {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<LockContent>;
    return typeof parsed.pid === "number" ? (parsed as LockContent) : null;
  } catch {
    return null;
  }
};

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The pid holding the lock at `path` if that process is alive, else null. */
export const engineLockHolder = (path: string): number | null => engineOwner(path)?.pid ?? null;

/** The live process holding the lock at `path`, and its socket if it serves one; null when none. */
export const engineOwner = (path: string): { readonly pid: number; readonly socket: string | null } | null => {
  const content = readLock(path);
  return content && isAlive(content.pid) ? { pid: content.pid, socket: content.socket ?? null } : null;
};
