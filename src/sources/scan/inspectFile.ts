import { classifyContent, hashContent, readSourceFile } from "../../shared/index.js";

export interface FileLimits {
  readonly maxFileBytes: number;
  readonly maxLineLength: number;
}

export type Inspection =
  | { readonly kind: "file"; readonly contentHash: string; readonly size: number; readonly mtime: number; readonly ctime: number }
  | { readonly kind: "skip"; readonly reason: string }
  /** Vanished between listing and reading: treated as absent, not as a skip. */
  | { readonly kind: "gone" };

/** Reads a file once and decides whether it is indexable; if so, hashes it. */
export const inspectFile = (absPath: string, limits: FileLimits): Inspection => {
  const read = readSourceFile(absPath, limits.maxFileBytes);
  if (!read.ok) return read.gone ? { kind: "gone" } : { kind: "skip", reason: read.reason };
  const verdict = classifyContent(read.bytes, limits.maxLineLength);
  if (!verdict.ok) return { kind: "skip", reason: verdict.reason };
  return { kind: "file", contentHash: hashContent(read.bytes), size: read.bytes.length, mtime: read.mtime, ctime: read.ctime };
};
