import { statSync, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
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
  const out: StaleFiles = { changed: [], missing: [] };
  for (const f of files) {
    if (f.content_hash === null) continue;
    let stat: Stats | null;
    try {
      stat = statSync(join(root, f.path));
    } catch {
      stat = null;
    }
    classify(root, f, stat, maxFileBytes, out);
  }
  return out;
};

/**
 * The same check with the stats issued concurrently, for a server that must keep answering
 * while it looks: the event loop is free between batches.
 */
export const findStaleFilesAsync = async (root: string, files: ReadonlyArray<IndexedFile>, maxFileBytes: number, batch = 128): Promise<StaleFiles> => {
  const out: StaleFiles = { changed: [], missing: [] };
  const indexed = files.filter((f) => f.content_hash !== null);
  for (let i = 0; i < indexed.length; i += batch) {
    const slice = indexed.slice(i, i + batch);
    const stats = await Promise.all(slice.map((f) => stat(join(root, f.path)).catch(() => null)));
    slice.forEach((f, j) => classify(root, f, stats[j]!, maxFileBytes, out));
  }
  return out;
};

/** Unchanged stat: fresh. Otherwise only the content's hash decides (a touched file is not stale). */
const classify = (root: string, f: IndexedFile, stat: Stats | null, maxFileBytes: number, out: StaleFiles): void => {
  if (stat === null) {
    out.missing.push(f.path);
    return;
  }
  if (stat.size === f.size && stat.mtimeMs === f.mtime) return;
  const read = readSourceFile(join(root, f.path), Math.max(maxFileBytes, stat.size));
  if (!read.ok) {
    if (read.gone) out.missing.push(f.path);
    else out.changed.push(f.path);
  } else if (hashContent(read.bytes) !== f.content_hash) out.changed.push(f.path);
};
