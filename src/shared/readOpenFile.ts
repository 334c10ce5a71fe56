import { closeSync, openSync } from "node:fs";

/**
 * `read` on the file at `path` opened read-only, closed after whatever `read` does; null when it
 * cannot be opened (missing: nothing there to be damaged, the caller's own open says the rest).
 */
export const readOpenFile = <A>(path: string, read: (fd: number) => A): A | null => {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return null;
  }
  try {
    return read(fd);
  } finally {
    closeSync(fd);
  }
};
