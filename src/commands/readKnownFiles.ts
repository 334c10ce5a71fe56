// From the log's light entry, not the folder index: the file-changed hook imports this (see DEVELOPMENT.md, "Try a hook by hand").
import { readFileStream, readFileStreams, type LatestFileEvent, type LogHandle } from "../events/log.js";

/** What the log last said about one file: the state a new scan is compared against. */
export interface KnownFile {
  readonly path: string;
  /** The file stream's version (counting every event on it): the expected version of the next append. */
  readonly version: number;
  readonly state: "changed" | "deleted" | "skipped";
  readonly contentHash: string | null;
  readonly reason: string | null;
  /** The parser version of the latest parse of this very content, when there is one (see outdatedParse). */
  readonly parsedWith?: string | null;
  /** What the latest FileChanged saw on disk (size and mtime) and when it was recorded (ms): see `unchangedSince`. */
  readonly stat?: { readonly size: number; readonly mtime: number; readonly recordedAt: number } | null;
}

export const FILE_STREAM_PREFIX = "file:";
export const fileStream = (path: string): string => `${FILE_STREAM_PREFIX}${path}`;

const STATE = { FileChanged: "changed", FileDeleted: "deleted", FileSkipped: "skipped" } as const;

const statOf = (row: LatestFileEvent): KnownFile["stat"] =>
  row.type === "FileChanged" && typeof row.size === "number" && typeof row.mtime === "number"
    ? { size: row.size, mtime: row.mtime, recordedAt: Date.parse(row.recorded_at) }
    : null;

/**
 * The latest FileChanged / FileDeleted / FileSkipped of every file stream, read from the log
 * itself (a command never asks a read model what already happened).
 */
export const readKnownFiles = (log: LogHandle): Map<string, KnownFile> => {
  const { versions, latest, parses } = readFileStreams(log);
  const known = new Map<string, KnownFile>();
  for (const row of latest) {
    const path = row.stream.slice(FILE_STREAM_PREFIX.length);
    const parse = parses.get(row.stream);
    const parsedWith = parse !== undefined && parse.hash === row.hash ? parse.parser : null;
    known.set(path, { path, version: versions.get(row.stream) ?? 0, state: STATE[row.type], contentHash: row.hash, reason: row.reason, parsedWith, stat: statOf(row) });
  }
  for (const [stream, version] of versions) {
    const path = stream.slice(FILE_STREAM_PREFIX.length);
    if (!known.has(path)) known.set(path, { path, version, state: "deleted", contentHash: null, reason: null });
  }
  return known;
};

/** The same for one file (after a version conflict, only the streams involved are re-read). */
export const readKnownFile = (log: LogHandle, path: string): KnownFile | undefined => {
  const { version, latest: row } = readFileStream(log, fileStream(path));
  if (!row) return version === 0 ? undefined : { path, version, state: "deleted", contentHash: null, reason: null };
  return { path, version, state: STATE[row.type], contentHash: row.hash, reason: row.reason, stat: statOf(row) };
};

/** The same for a few files: a batch of the watcher looks up its own paths, not the whole log. */
export const readKnownFilesAt = (log: LogHandle, paths: Iterable<string>): Map<string, KnownFile> => {
  const known = new Map<string, KnownFile>();
  for (const path of paths) {
    const k = readKnownFile(log, path);
    if (k) known.set(path, k);
  }
  return known;
};

/** Racy-git's margin: a record taken within this long of the file's mtime may have missed a write in the same clock tick. */
const RACY_MS = 2_000;

/**
 * The recorded hash of a file whose size and mtime are still what its FileChanged saw, when the
 * record came well after that mtime; otherwise undefined and the file must be read. A write in the
 * same timestamp tick as the read that was recorded could keep size and mtime while changing the
 * content (git's "racy" entries): only a stat older than the record by RACY_MS is trusted.
 */
export const unchangedSince = (k: KnownFile | undefined, size: number, mtime: number): string | undefined => {
  const s = k?.state === "changed" ? k.stat : null;
  if (!s || k!.contentHash === null) return undefined;
  return s.size === size && s.mtime === mtime && mtime < s.recordedAt - RACY_MS ? k!.contentHash : undefined;
};
