import { lstatSync, type Stats } from "node:fs";
import { join } from "node:path";
import { classifyEntry, languageFilter } from "./classifyEntry.js";
import type { DirectoryRules } from "./DirectoryRules.js";
import { inspectFile, type FileLimits } from "./inspectFile.js";
import type { LookAgain } from "../../commands/index.js";
import type { ScannedFile } from "./scanProject.js";
import type { Skip } from "./walkProject.js";

export interface InspectPathsOptions extends FileLimits {
  /** The rules of the project's directories (one value for a batch: it caches per directory). */
  readonly rules: DirectoryRules;
  /** Languages to index; empty means every supported one. */
  readonly languages: ReadonlyArray<string>;
}

export interface PathsInspection {
  /** Indexable files, read and hashed now. */
  readonly files: ScannedFile[];
  readonly skipped: Skip[];
  /** Paths with nothing on disk (deleted, or renamed away). */
  readonly absent: string[];
}

const parentOf = (rel: string): string => {
  const slash = rel.lastIndexOf("/");
  return slash < 0 ? "" : rel.slice(0, slash);
};

const lstatOrNull = (abs: string): Stats | null => {
  try {
    return lstatSync(abs);
  } catch {
    // ENOENT, or ENOTDIR when a directory on the way became a file: nothing is there.
    return null;
  }
};

/** What a scan finds at one path. */
export type PathInspection =
  | { readonly kind: "file"; readonly file: ScannedFile }
  | { readonly kind: "skip"; readonly skip: Skip }
  /** Nothing on disk (deleted, or renamed away). */
  | { readonly kind: "absent" }
  /** Something the scan does not index: ignored, a directory, in no indexed language. */
  | { readonly kind: "not indexed" };

/**
 * What a full scan would find at exactly this path (relative to the root, `/`-separated): the
 * same ignore rules, symlink and special-file decisions (`classifyEntry`) and the same hashing.
 * Synchronous: a writer looks at a path again under the log's write lock (`lookAgainAt`).
 */
export const inspectPath = (root: string, path: string, options: InspectPathsOptions): PathInspection => {
  const dirRel = parentOf(path);
  const rules = options.rules.within(dirRel);
  if (rules === null) return { kind: "not indexed" };
  const abs = join(root, path);
  const type = lstatOrNull(abs);
  if (type === null) return { kind: "absent" };
  const ctx = { realRoot: options.rules.realRoot, languageOf: languageFilter(options.languages) };
  const verdict = classifyEntry(ctx, { dirRel, name: path.slice(dirRel === "" ? 0 : dirRel.length + 1), abs, type }, rules);
  if (verdict.kind === "skip") return { kind: "skip", skip: { path, reason: verdict.reason } };
  if (verdict.kind !== "candidate") return { kind: "not indexed" };
  const r = inspectFile(abs, options);
  if (r.kind === "file") return { kind: "file", file: { path, contentHash: r.contentHash, size: r.size, mtime: r.mtime, ctime: r.ctime, language: verdict.language } };
  return r.kind === "skip" ? { kind: "skip", skip: { path, reason: r.reason } } : { kind: "absent" };
};

/**
 * What a full scan would find at exactly these paths, one path at a time (`inspectPath`). A path
 * that is ignored, a directory or in no indexed language ends up in none of the lists: like a
 * file a full scan does not see, it is no longer indexed.
 */
export const inspectPaths = async (root: string, paths: Iterable<string>, options: InspectPathsOptions): Promise<PathsInspection> => {
  const files: ScannedFile[] = [];
  const skipped: Skip[] = [];
  const absent: string[] = [];
  for (const path of paths) {
    const r = inspectPath(root, path, options);
    if (r.kind === "file") files.push(r.file);
    else if (r.kind === "skip") skipped.push(r.skip);
    else if (r.kind === "absent") absent.push(path);
  }
  return { files, skipped, absent };
};

/**
 * The second look `recordFileChanges` takes at a path whose disk moved since the scan or the
 * watcher looked: the same rules and limits, one path, synchronously.
 */
export const lookAgainAt = (root: string, options: InspectPathsOptions): LookAgain => ({
  root,
  look: (path) => {
    const r = inspectPath(root, path, options);
    return r.kind === "file" ? r.file : r.kind === "skip" ? r.skip : null;
  },
});
