import { statSync } from "node:fs";
import { inspectFile, type FileLimits } from "./inspectFile.js";
import { unchangedSince, type KnownFile, type ScannedFile, type Skip } from "../../commands/index.js";
import { walkProject, type WalkOptions } from "./walkProject.js";

export type { ScannedFile };

export interface ScanResult {
  readonly files: ScannedFile[];
  readonly skipped: Skip[];
  readonly ignored: number;
  readonly unsupported: number;
  readonly bytes: number;
  readonly durationMs: number;
}

export interface ScanOptions extends WalkOptions, FileLimits {
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * What the log knows of a path. With it, a file whose size and mtime are what its FileChanged
   * recorded keeps the recorded hash without being read (see `unchangedSince`): a scan that runs
   * every few seconds or minutes (the watcher's) costs a stat per file. Without it every file is
   * read and hashed.
   */
  readonly known?: (path: string) => KnownFile | undefined;
}

const statOrNull = (abs: string) => {
  try {
    return statSync(abs);
  } catch {
    return null;
  }
};

/** Walks the project, then reads and hashes each candidate once (given `known`, only those whose stat moved). Never throws for one bad file. */
export const scanProject = async (root: string, options: ScanOptions): Promise<ScanResult> => {
  const t0 = performance.now();
  const walk = await walkProject(root, options);
  const { candidates } = walk;
  const results: (ScannedFile | Skip | null)[] = new Array(candidates.length).fill(null);
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    const st = options.known ? statOrNull(c.abs) : null;
    const kept = st ? unchangedSince(options.known!(c.path), st.size, st.mtimeMs) : undefined;
    const r = st && kept !== undefined ? ({ kind: "file", contentHash: kept, size: st.size, mtime: st.mtimeMs, ctime: st.ctimeMs } as const) : inspectFile(c.abs, options);
    if (r.kind === "file") {
      results[i] = { path: c.path, contentHash: r.contentHash, size: r.size, mtime: r.mtime, ctime: r.ctime, language: c.language };
    } else if (r.kind === "skip") {
      results[i] = { path: c.path, reason: r.reason };
    }
    if ((i & 63) === 63 || i === candidates.length - 1) {
      options.onProgress?.(i + 1, candidates.length);
      // Let timers (the progress bar, a tail) run between slices of synchronous reads.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  const files: ScannedFile[] = [];
  const skipped: Skip[] = [...walk.skipped];
  let bytes = 0;
  for (const r of results) {
    if (r === null) continue;
    if ("reason" in r) skipped.push(r);
    else {
      files.push(r);
      bytes += r.size;
    }
  }
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped, ignored: walk.ignored, unsupported: walk.unsupported, bytes, durationMs: performance.now() - t0 };
};
