import type { FileChanged, FileDeleted, FileSkipped } from "../events/index.js";
import { parsedByAnotherVersion } from "../parse/index.js";
import type { KnownFile } from "./readKnownFiles.js";

/** One indexable file as it is on disk now: what a FileChanged records. */
export interface ScannedFile {
  readonly path: string;
  readonly contentHash: string;
  readonly size: number;
  readonly mtime: number;
  /**
   * The inode's change time when it was read (ms). Not recorded: with size and mtime, it tells
   * whether the file is still as seen when the look is appended (see `stillAsSeen`). mtime alone
   * cannot (tar, rsync and `cp -p` set it back); nothing sets ctime back. Without it, the file
   * is looked at again before it is appended.
   */
  readonly ctime?: number;
  readonly language: string;
}

/** A file a change source saw but will not index, and why: what a FileSkipped records. */
export interface Skip {
  readonly path: string;
  readonly reason: string;
}

export type FileEvent =
  | { readonly type: "FileChanged"; readonly data: FileChanged }
  | { readonly type: "FileDeleted"; readonly data: FileDeleted }
  | { readonly type: "FileSkipped"; readonly data: FileSkipped };

/** The events one file's stream needs, appended at `expectedVersion`. */
export interface FileDecision {
  readonly path: string;
  readonly expectedVersion: number | "no_stream";
  readonly events: ReadonlyArray<FileEvent>;
}

export interface DecideInput {
  readonly files: ReadonlyArray<ScannedFile>;
  readonly skipped: ReadonlyArray<Skip>;
  /** Only known files under this directory (relative, no trailing slash; "" = all) can be deleted. */
  readonly scope?: string;
  /**
   * Only these paths were looked at (the watcher's batch): a known file among them that neither
   * `files` nor `skipped` holds is deleted, and no other known file is touched.
   */
  readonly paths?: ReadonlyArray<string>;
}

const inScope = (path: string, scope: string | undefined): boolean =>
  !scope || path === scope || path.startsWith(`${scope}/`);

/**
 * Whether the file's content was last parsed by another version of the extractors: it is
 * recorded as changed again, so an upgrade's extraction fixes reach files nobody edits (a fresh
 * index would have them) instead of only the next ones saved.
 */
export const outdatedParse = (k: KnownFile): boolean => parsedByAnotherVersion(k.parsedWith);

const expectedOf = (k: KnownFile | undefined): number | "no_stream" => (k && k.version > 0 ? k.version : "no_stream");

/**
 * Compares a scan with what the log knows and returns only what differs: FileChanged for new
 * or edited content (by hash, never by mtime) or content parsed by an older extractor, FileSkipped for a skip whose reason is new,
 * FileDeleted for a known file the scan no longer sees (of `paths` only, when given). A file that was indexed and is now
 * skipped gets FileDeleted first, so every read model drops it.
 */
export const decideFileChanges = (
  known: ReadonlyMap<string, KnownFile>,
  input: DecideInput,
  lookup: (path: string) => KnownFile | undefined = (p) => known.get(p),
): FileDecision[] => {
  const out: FileDecision[] = [];
  const seen = new Set<string>();
  for (const f of input.files) {
    seen.add(f.path);
    const k = lookup(f.path);
    if (k?.state === "changed" && k.contentHash === f.contentHash && !outdatedParse(k)) continue;
    const data: FileChanged = { path: f.path, contentHash: f.contentHash, size: f.size, mtime: f.mtime, language: f.language };
    out.push({ path: f.path, expectedVersion: expectedOf(k), events: [{ type: "FileChanged", data }] });
  }
  for (const s of input.skipped) {
    seen.add(s.path);
    const k = lookup(s.path);
    if (k?.state === "skipped" && k.reason === s.reason) continue;
    const skip: FileEvent = { type: "FileSkipped", data: { path: s.path, reason: s.reason } };
    const events: FileEvent[] = k?.state === "changed" ? [{ type: "FileDeleted", data: { path: s.path } }, skip] : [skip];
    out.push({ path: s.path, expectedVersion: expectedOf(k), events });
  }
  const deletable = input.paths ? input.paths.flatMap((p) => lookup(p) ?? []) : known.values();
  for (const k of deletable) {
    if (k.state === "deleted" || seen.has(k.path) || !inScope(k.path, input.scope)) continue;
    const current = lookup(k.path);
    if (!current || current.state === "deleted") continue;
    out.push({ path: k.path, expectedVersion: expectedOf(current), events: [{ type: "FileDeleted", data: { path: k.path } }] });
  }
  return out;
};
