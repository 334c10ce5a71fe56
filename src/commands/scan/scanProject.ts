import { inspectFile, type FileLimits } from "./inspectFile.js";
import { walkProject, type Skip, type WalkOptions } from "./walkProject.js";

/** One indexable file as it is on disk now: what a FileChanged records. */
export interface ScannedFile {
  readonly path: string;
  readonly contentHash: string;
  readonly size: number;
  readonly mtime: number;
  readonly language: string;
}

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
}

/** Walks the project, then reads and hashes each candidate once. Never throws for one bad file. */
export const scanProject = async (root: string, options: ScanOptions): Promise<ScanResult> => {
  const t0 = performance.now();
  const walk = await walkProject(root, options);
  const { candidates } = walk;
  const results: (ScannedFile | Skip | null)[] = new Array(candidates.length).fill(null);
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    const r = inspectFile(c.abs, options);
    if (r.kind === "file") {
      results[i] = { path: c.path, contentHash: r.contentHash, size: r.size, mtime: r.mtime, language: c.language };
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
