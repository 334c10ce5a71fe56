import { statSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { hashContent, readSourceFile } from "../../shared/index.js";

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
  /** Size or mtime differ, but the hashing deadline passed before the content was compared. */
  readonly unverified: string[];
  /** Files not even stat'ed: the whole check's deadline passed first. */
  readonly unchecked: number;
}

export interface StaleCheckOptions {
  /** `Date.now()` after which files whose stat differs are listed as unverified instead of hashed. */
  readonly deadline?: number;
  /** `Date.now()` after which the remaining files are not looked at (counted in `unchecked`). */
  readonly stopAt?: number;
}

/**
 * Files changed on disk since they were indexed. mtime and size are compared first (one stat
 * each); only files whose stat differs are read and hashed, so a touched-but-identical file
 * is not stale and an untouched tree costs one stat per file. For a caller with a time budget (a
 * hook): past `options.deadline` the rest are only compared by stat, past `options.stopAt` not at all.
 */
export const findStaleFiles = (root: string, files: Iterable<IndexedFile>, maxFileBytes: number, options: StaleCheckOptions = {}): StaleFiles => {
  const changed: string[] = [];
  const missing: string[] = [];
  const unverified: string[] = [];
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const stopAt = options.stopAt ?? Number.POSITIVE_INFINITY;
  let unchecked = 0;
  for (const f of files) {
    if (f.content_hash === null) continue;
    // Date.now, not performance.now: the first use of `performance` loads perf_hooks (~25 ms of a hook).
    if (unchecked > 0 || Date.now() > stopAt) {
      unchecked++;
      continue;
    }
    const abs = join(root, f.path);
    let stat;
    try {
      stat = statSync(abs);
    } catch {
      missing.push(f.path);
      continue;
    }
    if (stat.size === f.size && stat.mtimeMs === f.mtime) continue;
    if (Date.now() > deadline) {
      unverified.push(f.path);
      continue;
    }
    const read = readSourceFile(abs, Math.max(maxFileBytes, stat.size));
    if (!read.ok) {
      if (read.gone) missing.push(f.path);
      else changed.push(f.path);
    } else if (hashContent(read.bytes) !== f.content_hash) changed.push(f.path);
  }
  return { changed, missing, unverified, unchecked };
};

/**
 * The same check with the stats issued concurrently, for a server that must keep answering
 * while it looks: the event loop is free between batches.
 */
export const findStaleFilesAsync = async (root: string, files: ReadonlyArray<IndexedFile>, maxFileBytes: number, batch = 128): Promise<StaleFiles> => {
  const out: StaleFiles = { changed: [], missing: [], unverified: [], unchecked: 0 };
  const indexed = files.filter((f) => f.content_hash !== null);
  for (let i = 0; i < indexed.length; i += batch) {
    const slice = indexed.slice(i, i + batch);
    const stats = await Promise.all(slice.map((f) => stat(join(root, f.path)).catch(() => null)));
    slice.forEach((f, j) => {
      const s = stats[j]!;
      if (s === null) out.missing.push(f.path);
      else if (s.size !== f.size || s.mtimeMs !== f.mtime) {
        const read = readSourceFile(join(root, f.path), Math.max(maxFileBytes, s.size));
        if (!read.ok) (read.gone ? out.missing : out.changed).push(f.path);
        else if (hashContent(read.bytes) !== f.content_hash) out.changed.push(f.path);
      }
    });
  }
  return out;
};
