// From the log's light entry, not the events index: a hook records one file through this
// command, and the index would load the schema library (~150 ms) with the catalog.
import type { EventMeta, LogHandle, NewEvent, StreamAppend } from "../events/log.js";
import { decideFileChanges, type FileDecision } from "./decideFileChanges.js";
import { eventStoreOf } from "./eventStoreOf.js";
import { answerOrThrow, handleCommand } from "./handleCommand.js";
import { fileStream, readKnownFile, readKnownFiles, readKnownFilesAt, type KnownFile } from "./readKnownFiles.js";
import type { ScannedFile, Skip } from "./decideFileChanges.js";
import { stillAsSeen } from "./stillAsSeen.js";

export interface RecordFileChangesInput {
  readonly files: ReadonlyArray<ScannedFile>;
  readonly skipped: ReadonlyArray<Skip>;
  /** Limit deletions to known files under this directory (a partial scan); default: the whole project. */
  readonly scope?: string;
  /** Only these paths were looked at (the watcher): deletions are limited to them, and only their streams are read. */
  readonly paths?: ReadonlyArray<string>;
}

/**
 * How the writer looks at one path of the project under `root` again, with the rules and limits
 * of its first look: an indexable file, a skip, or null for nothing to index there (absent,
 * ignored, a directory). Synchronous: it may run under the log's write lock.
 */
export interface LookAgain {
  readonly root: string;
  readonly look: (path: string) => ScannedFile | Skip | null;
}

export interface RecordFileChangesOptions {
  readonly meta: EventMeta;
  /** Streams per transaction: large enough to amortise the commit, small enough to keep other writers waiting briefly. */
  readonly batchSize?: number;
  /** The log's file state if already read; a stale one is safe (conflicting streams are re-read). */
  readonly known?: ReadonlyMap<string, KnownFile>;
  /**
   * Checks each look against the disk before it is appended, and looks again where the disk
   * moved since, so a look older than another writer's record never lands on top of it. Every
   * change source passes it; without it the looks are appended as they are, which is right only
   * for a log nothing else writes to while the files stand still (some tests, the bench).
   */
  readonly lookAgain?: LookAgain;
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
 * in multi-stream batches with an expected version per stream.
 *
 * Several writers record the same files (the scan, the watcher, hooks, the parse reactor), each
 * looking at the disk first and appending later. A look that is no longer true when it is
 * appended would undo a newer record another writer made meanwhile (a file hashed half-way
 * through a `git checkout`, appended after `index_project` recorded the checkout). So, with
 * `lookAgain`, each file about to be appended is checked against the disk first (`stillAsSeen`:
 * a stat) and looked at again where it moved: what is appended is what the disk held then. If
 * another writer appended to one of the streams meanwhile, that batch conflicts and is decided
 * again under the write lock (appendOrRedecide), checked against the disk once more: no append
 * can come between that check and this one, so the last record of a file is the newest look.
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
  // What was seen at each path; a second look replaces it.
  const seen = {
    files: new Map(input.files.map((f) => [f.path, f])),
    skipped: new Map(input.skipped.map((s) => [s.path, s])),
  };
  const toAppend = (d: FileDecision): StreamAppend => ({
    stream: fileStream(d.path),
    expectedVersion: d.expectedVersion,
    events: d.events.map((e): NewEvent => ({ type: e.type, data: e.data, meta: options.meta })),
  });
  // Looks again at the paths whose disk moved since they were seen; whether any did.
  const lookAgain = (paths: ReadonlyArray<string>): boolean => {
    const again = options.lookAgain;
    if (!again) return false;
    let moved = false;
    for (const path of paths) {
      if (stillAsSeen(again.root, path, seen.files.get(path) ?? seen.skipped.get(path) ?? null)) continue;
      moved = true;
      const now = again.look(path);
      seen.files.delete(path);
      seen.skipped.delete(path);
      if (now !== null) {
        if ("reason" in now) seen.skipped.set(path, now);
        else seen.files.set(path, now);
      }
    }
    return moved;
  };
  // These paths decided again, against `knownAt`, from what is seen at them now. Each path
  // was either seen or among the known files a look did not find, so deciding them as the
  // paths looked at (the watcher's form) is what the whole input decided for them.
  const decideAt = (paths: ReadonlyArray<string>, knownAt: ReadonlyMap<string, KnownFile>): FileDecision[] =>
    decideFileChanges(knownAt, {
      files: paths.flatMap((p) => seen.files.get(p) ?? []),
      skipped: paths.flatMap((p) => seen.skipped.get(p) ?? []),
      paths,
    });
  // A conflicting batch: its files checked against the disk again and decided against what their streams hold now.
  const redecide = (batch: ReadonlyArray<FileDecision>): FileDecision[] => {
    const paths = batch.map((d) => d.path);
    lookAgain(paths);
    const fresh = new Map<string, KnownFile>();
    for (const path of paths) {
      const k = readKnownFile(log, path);
      if (k) fresh.set(path, k);
    }
    return decideAt(paths, fresh);
  };

  const store = eventStoreOf(log);
  let lastPosition = 0;
  const final: FileDecision[] = [];
  for (let i = 0; i < decisions.length; i += batchSize) {
    let batch = decisions.slice(i, i + batchSize);
    const paths = batch.map((d) => d.path);
    let tries = 0;
    // First what the scan decided, decided again only where the disk moved since it looked;
    // on a conflict, the batch's files looked at again and decided against their streams as they are now.
    const outcome = handleCommand(
      store,
      (): FileDecision[] => {
        if (tries++ > 0) batch = redecide(batch);
        else if (lookAgain(paths)) batch = decideAt(paths, known);
        return batch;
      },
      (decided: FileDecision[]) => ({
        appends: decided.map(toAppend),
        answer: (appended) => {
          final.push(...decided);
          return appended.lastPosition;
        },
      }),
    );
    lastPosition = Math.max(lastPosition, answerOrThrow(outcome));
  }

  let changed = 0;
  let deleted = 0;
  let newlySkipped = 0;
  for (const d of final) {
    const skips = d.events.some((e) => e.type === "FileSkipped");
    for (const e of d.events) {
      if (e.type === "FileChanged") changed++;
      else if (e.type === "FileSkipped") newlySkipped++;
      // FileDeleted before FileSkipped only drops an indexed file from the read models.
      else if (!skips) deleted++;
    }
  }
  return { changed, deleted, newlySkipped, unchanged: input.files.length - changed, lastPosition };
};
