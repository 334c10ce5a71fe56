import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

export type SourceRead =
  | { readonly ok: true; readonly bytes: Buffer; readonly mtime: number; readonly ctime: number }
  /** Vanished (deleted or renamed away) before it could be read. */
  | { readonly ok: false; readonly gone: true }
  | { readonly ok: false; readonly gone: false; readonly reason: string };

const errorCode = (e: unknown): string => (e as NodeJS.ErrnoException)?.code ?? "EIO";

/** Why a path could not be read, as a skip reason (`unreadable: EACCES`). */
export const unreadableReason = (e: unknown): string => {
  const code = errorCode(e);
  return code === "ELOOP" ? "symlink loop" : `unreadable: ${code}`;
};

/** Reads at most `max + 1` bytes: enough to tell "too large" without loading a huge file. */
const readUpTo = (fd: number, expected: number, max: number): Buffer => {
  let buf = Buffer.allocUnsafe(Math.min(expected, max) + 1);
  let length = 0;
  for (;;) {
    if (length === buf.length) {
      if (buf.length > max) break;
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, max + 1));
      buf.copy(bigger, 0, 0, length);
      buf = bigger;
    }
    const n = readSync(fd, buf, length, buf.length - length, null);
    if (n === 0) break;
    length += n;
  }
  return buf.subarray(0, length);
};

/**
 * Reads a whole source file, or says why not. Synchronous on purpose: for files in the page
 * cache four syscalls beat the promise machinery several times over. Opened with O_NONBLOCK
 * and checked with fstat on the open descriptor, so a FIFO or device that replaced the file
 * after it was listed can neither block the caller nor be read.
 */
export const readSourceFile = (absPath: string, maxBytes: number): SourceRead => {
  let fd: number;
  try {
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if (errorCode(e) === "ENOENT" || errorCode(e) === "ENOTDIR") return { ok: false, gone: true };
    return { ok: false, gone: false, reason: unreadableReason(e) };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, gone: false, reason: "not a regular file" };
    if (stat.size > maxBytes) return { ok: false, gone: false, reason: "too large" };
    // The file may have grown since fstat (a writer is appending): judge what was read.
    const bytes = readUpTo(fd, stat.size, maxBytes);
    if (bytes.length > maxBytes) return { ok: false, gone: false, reason: "too large" };
    return { ok: true, bytes, mtime: stat.mtimeMs, ctime: stat.ctimeMs };
  } catch (e) {
    if (errorCode(e) === "ENOENT") return { ok: false, gone: true };
    return { ok: false, gone: false, reason: unreadableReason(e) };
  } finally {
    closeSync(fd);
  }
};
