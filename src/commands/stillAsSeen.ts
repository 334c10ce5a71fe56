import { lstatSync, type Stats } from "node:fs";
import { join } from "node:path";
import type { ScannedFile, Skip } from "./decideFileChanges.js";

const lstatOrCode = (abs: string): Stats | string => {
  try {
    return lstatSync(abs);
  } catch (e) {
    return (e as NodeJS.ErrnoException)?.code ?? "EIO";
  }
};

/**
 * Whether a writer's look at `path` still describes the disk: the same regular file (size,
 * mtime and ctime as read), or still nothing there. A stat, not a read: a look is checked this
 * way just before it is appended, and only a file that moved is read again. A skip, or a path
 * where something appeared, is always looked at again (a skip is rare; a file that appeared may
 * be one the scan ignores). A look without its ctime cannot be trusted: mtime alone is set back
 * by tar, rsync and `cp -p`, so new bytes can keep the size and mtime of old ones.
 */
export const stillAsSeen = (root: string, path: string, seen: ScannedFile | Skip | null): boolean => {
  const now = lstatOrCode(join(root, path));
  if (typeof now === "string") return seen === null && (now === "ENOENT" || now === "ENOTDIR");
  if (seen === null || "reason" in seen || seen.ctime === undefined) return false;
  return now.isFile() && now.size === seen.size && now.mtimeMs === seen.mtime && now.ctimeMs === seen.ctime;
};
