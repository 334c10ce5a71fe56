import { statSync } from "node:fs";
import { join } from "node:path";
import { hashContent } from "../../parse/reactor/hashContent.js";
import { readSourceFile } from "../../parse/reactor/readSourceFile.js";

export interface IndexedFile {
  readonly path: string;
  readonly content_hash: string | null;
  readonly size: number | null;
  readonly mtime: number | null;
}

export interface StaleFiles {
  /** Content on disk differs from what was indexed. */
  readonly changed: string[];
  /** Indexed, but no longer on disk. */
  readonly missing: string[];
}

/**
 * Files changed on disk since they were indexed. mtime and size are compared first (one stat
 * each); only files whose stat differs are read and hashed, so a touched-but-identical file
 * is not stale and an untouched tree costs one stat per file.
 */
export const findStaleFiles = (root: string, files: Iterable<IndexedFile>, maxFileBytes: number): StaleFiles => {
  const changed: string[] = [];
  const missing: string[] = [];
  for (const f of files) {
    if (f.content_hash === null) continue;
    const abs = join(root, f.path);
    let stat;
    try {
      stat = statSync(abs);
    } catch {
      missing.push(f.path);
      continue;
    }
    if (stat.size === f.size && stat.mtimeMs === f.mtime) continue;
    const read = readSourceFile(abs, Math.max(maxFileBytes, stat.size));
    if (!read.ok) {
      if (read.gone) missing.push(f.path);
      else changed.push(f.path);
    } else if (hashContent(read.bytes) !== f.content_hash) changed.push(f.path);
  }
  return { changed, missing };
};
