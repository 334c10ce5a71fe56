import { statfsSync } from "node:fs";

/**
 * A write failed because the filesystem is full (or the user's quota is used up). The one error
 * every store's "no space" becomes, whatever said it: Node (`ENOSPC`), SQLite (`SQLITE_FULL`),
 * LanceDB (`os error 28`), Kuzu (`No space left on device`), or our own check before a write that
 * must not meet a full disk (`requireSpace`). A plain class, not a Data.TaggedError, like
 * VersionConflict: the event log can raise it from a hook, which never loads the Effect runtime.
 */
export class DiskFull extends Error {
  readonly _tag = "DiskFull" as const;
  /** The folder whose filesystem is full. */
  readonly path: string;
  /** Bytes left on that filesystem when it was noticed; null when it could not be read. */
  readonly freeBytes: number | null;
  /** What the write needed, when it was our own check that refused it. */
  readonly neededBytes: number | null;
  /** What to run once there is room again (`nemesis index`, the index_project tool, the same command). */
  readonly retry: string;

  constructor(args: { readonly path: string; readonly freeBytes: number | null; readonly neededBytes?: number | null; readonly retry?: string }) {
    const retry = args.retry ?? "run the same command again";
    super(diskFullMessage(args.path, args.freeBytes, args.neededBytes ?? null, retry));
    this.name = "DiskFull";
    this.path = args.path;
    this.freeBytes = args.freeBytes;
    this.neededBytes = args.neededBytes ?? null;
    this.retry = retry;
  }

  /** The same failure with another next step (the CLI and the MCP tool each name their own). */
  withRetry(retry: string): DiskFull {
    return new DiskFull({ path: this.path, freeBytes: this.freeBytes, neededBytes: this.neededBytes, retry });
  }
}

export const megabytes = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString("en-US")} MB`;
};

const diskFullMessage = (path: string, free: number | null, needed: number | null, retry: string): string => {
  const left = free === null ? "" : needed === null ? ` (${megabytes(free)} left)` : ` (${megabytes(free)} left, about ${megabytes(needed)} needed)`;
  return (
    `the disk is full: no room to write in ${path}${left}. ` +
    `Free some space on that disk (or move the project to a larger one), then ${retry}: ` +
    "every event recorded so far is kept, and indexing resumes where it stopped"
  );
};

/** Error codes that say "no space": Node's errno names and SQLite's extended result code. */
const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL"]);

/**
 * The text each store puts in an error when the disk is full: strerror(ENOSPC/EDQUOT) (Kuzu,
 * LanceDB's "(os error 28)"), SQLite's "database or disk is full", and the errno names. An error
 * that crossed a thread or a process boundary keeps only its text, so the text is read too.
 */
const FULL_TEXT = /no space left on device|disk quota exceeded|\bos error (?:28|122)\b|\bENOSPC\b|\bEDQUOT\b|\bSQLITE_FULL\b|database or disk is full/i;

/**
 * Whether `error` (or anything it wraps: `cause`, an AggregateError's errors) says the disk is
 * full. Pure: it reads only the error.
 */
export const isDiskFullError = (error: unknown, depth = 0): boolean => {
  if (error instanceof DiskFull) return true;
  if (error === null || error === undefined || depth > 8) return false;
  if (typeof error === "string") return FULL_TEXT.test(error);
  if (typeof error !== "object") return false;
  const e = error as { code?: unknown; message?: unknown; reason?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && FULL_CODES.has(e.code)) return true;
  if (typeof e.message === "string" && FULL_TEXT.test(e.message)) return true;
  // Tagged errors that wrap a store's text in a field of their own (GraphStoreError, EventLogError).
  if (typeof e.reason === "string" && FULL_TEXT.test(e.reason)) return true;
  if (e.cause !== undefined && e.cause !== error && isDiskFullError(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDiskFullError(inner, depth + 1));
};

/** The DiskFull inside `error`, if one was raised and then wrapped. */
const innerDiskFull = (error: unknown, depth = 0): DiskFull | null => {
  if (error instanceof DiskFull) return error;
  if (error === null || typeof error !== "object" || depth > 8) return null;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error ? innerDiskFull(cause, depth + 1) : null;
};

/** Bytes a non-root user may still write on the filesystem holding `path` (null when it cannot be read). */
export const freeBytes = (path: string): number | null => {
  try {
    const s = statfsSync(path);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
};

/**
 * `error` as a DiskFull when it says the disk is full, else null. `where` is the folder to name
 * when the error does not say which file it was writing (Node's fs errors carry `path`; SQLite's,
 * LanceDB's and Kuzu's do not name one we can trust).
 */
export const asDiskFull = (error: unknown, where: string, retry?: string): DiskFull | null => {
  const inner = innerDiskFull(error);
  if (inner !== null) return retry === undefined ? inner : inner.withRetry(retry);
  if (!isDiskFullError(error)) return null;
  const path = typeof (error as { path?: unknown })?.path === "string" ? dirOf((error as { path: string }).path) : where;
  return new DiskFull({ path, freeBytes: freeBytes(path), ...(retry !== undefined ? { retry } : {}) });
};

/** A file's folder ("/a/b/c.db" → "/a/b"); a path without a slash is its own. */
const dirOf = (path: string): string => {
  const i = path.lastIndexOf("/");
  return i > 0 ? path.slice(0, i) : path;
};

/**
 * Refuses a write of about `bytes` into `dir` when its filesystem has less room, before anything
 * is written. For writers that do not fail cleanly on a full disk (Kuzu's checkpoint crashes the
 * process or leaves a checkpoint that claims data it never wrote): they are never allowed to meet one.
 * A filesystem whose free space cannot be read is let through.
 */
export const requireSpace = (dir: string, bytes: number): void => {
  const free = freeBytes(dir);
  if (free !== null && free < bytes) throw new DiskFull({ path: dir, freeBytes: free, neededBytes: bytes });
};
