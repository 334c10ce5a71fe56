// From the modules themselves, not the events index: a hook records one file through this
// command, and the index would load the schema library (~150 ms) with the catalog.
import type { EventMeta, NewEvent } from "../events/envelope.js";
import { appendOrRedecide } from "../events/sqlite/appendOrRedecide.js";
import type { StreamAppend } from "../events/sqlite/appendToStreams.js";
import type { LogHandle } from "../events/sqlite/openEventLog.js";
import { decideFileChanges, type FileDecision } from "./decideFileChanges.js";
import { fileStream, readKnownFile, readKnownFiles, readKnownFilesAt, type KnownFile } from "./readKnownFiles.js";
import type { ScannedFile, Skip } from "./decideFileChanges.js";

export interface RecordFileChangesInput {
  readonly files: ReadonlyArray<ScannedFile>;
  readonly skipped: ReadonlyArray<Skip>;
  /** Limit deletions to known files under this directory (a partial scan); default: the whole project. */
  readonly scope?: string;
  /** Only these paths were looked at (the watcher): deletions are limited to them, and only their streams are read. */
  readonly paths?: ReadonlyArray<string>;
}

export interface RecordFileChangesOptions {
  readonly meta: EventMeta;
  /** Streams per transaction: large enough to amortise the commit, small enough to keep other writers waiting briefly. */
  readonly batchSize?: number;
  /** The log's file state if already read; a stale one is safe (conflicting streams are re-read). */
  readonly known?: ReadonlyMap<string, KnownFile>;
}

export interface RecordedFileChanges {
  readonly changed: number;
  readonly deleted: number;
  /** FileSkipped events appended (a skip already on record with the same reason appends nothing). */
  readonly newlySkipped: number;
  readonly unchanged: number;
  /** Position of the last event appended, or 0 when the log already agreed with the disk. */
  readonly lastPosition: number;
}

/**
 * Appends what a scan found different from the log: FileChanged, FileDeleted and FileSkipped,
 * in multi-stream batches with an expected version per stream. If another writer (a hook,
 * the watcher, the parse reactor) touched a stream meanwhile, that batch's files are re-read
 * and decided again under the write lock (appendOrRedecide): a content already recorded by
 * the other writer appends nothing.
 */
export const recordFileChanges = (
  log: LogHandle,
  input: RecordFileChangesInput,
  options: RecordFileChangesOptions,
): RecordedFileChanges => {
  const batchSize = options.batchSize ?? 2_000;
  const mentioned = () => new Set([...(input.paths ?? []), ...input.files.map((f) => f.path), ...input.skipped.map((s) => s.path)]);
  const known = options.known ?? (input.paths ? readKnownFilesAt(log, mentioned()) : readKnownFiles(log));
  const decisions = decideFileChanges(known, input);
  const byPath = {
    files: new Map(input.files.map((f) => [f.path, f])),
    skipped: new Map(input.skipped.map((s) => [s.path, s])),
  };
  const toAppend = (d: FileDecision): StreamAppend => ({
    stream: fileStream(d.path),
    expectedVersion: d.expectedVersion,
    events: d.events.map((e): NewEvent => ({ type: e.type, data: e.data, meta: options.meta })),
  });
  // A conflicting batch: decide its files again against what their streams hold now.
  const redecide = (batch: ReadonlyArray<FileDecision>): FileDecision[] => {
    const fresh = new Map<string, KnownFile>();
    for (const d of batch) {
      const k = readKnownFile(log, d.path);
      if (k) fresh.set(d.path, k);
    }
    const paths = new Set(batch.map((d) => d.path));
    return decideFileChanges(fresh, {
      files: [...paths].flatMap((p) => byPath.files.get(p) ?? []),
      skipped: [...paths].flatMap((p) => byPath.skipped.get(p) ?? []),
      ...(input.paths ? { paths: [...paths] } : {}),
    });
  };

  let lastPosition = 0;
  const final: FileDecision[] = [];
  for (let i = 0; i < decisions.length; i += batchSize) {
    let batch = decisions.slice(i, i + batchSize);
    if (batch.length === 0) continue;
    const result = appendOrRedecide(log, batch.map(toAppend), () => {
      batch = redecide(batch);
      return batch.map(toAppend);
    });
    lastPosition = Math.max(lastPosition, result.lastPosition);
    final.push(...batch);
  }

  let changed = 0;
  let deleted = 0;
  let newlySkipped = 0;
  for (const d of final) {
    for (const e of d.events) {
      if (e.type === "FileChanged") changed++;
      else if (e.type === "FileSkipped") newlySkipped++;
      // FileDeleted before FileSkipped only drops an indexed file from the read models.
      else if (!byPath.skipped.has(d.path)) deleted++;
    }
  }
  return { changed, deleted, newlySkipped, unchanged: input.files.length - changed, lastPosition };
};
