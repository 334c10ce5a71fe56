import { recordFileChanges, readKnownFiles } from "../../commands/index.js";
import { inspectPaths, lookAgainAt, type DirectoryRules, type InspectPathsOptions, type PathsInspection } from "../scan/index.js";
import type { NemesisConfig } from "../../config/index.js";
import type { LogHandle } from "../../events/index.js";
import type { Hints } from "./pendingHints.js";

/** What the watcher works with: the project, its config and the log it appends to. */
export interface SourceContext {
  readonly root: string;
  readonly config: NemesisConfig;
  readonly log: LogHandle;
}

export interface Recorded {
  /** Paths looked at. */
  readonly paths: number;
  readonly changed: number;
  readonly deleted: number;
  /** Position of the last event appended; 0 when the log already agreed with the disk. */
  readonly lastPosition: number;
}

export interface BatchRecorded extends Recorded {
  /** Paths found missing and left for a later look (see `recordBatch`'s `keepAbsent`). */
  readonly deferred: ReadonlyArray<string>;
}

export const WATCHER_META = { source: "watcher" } as const;

/**
 * How long a path found missing gets to come back before it is recorded as deleted. An editor
 * that saves by renaming the original away and a new file into its place leaves a moment with
 * nothing there; a query must never see the file deleted because a look fell into it.
 */
export const ABSENT_GRACE_MS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const isUnder = (path: string, dir: string): boolean => dir === "" || path.startsWith(`${dir}/`);

/** How the watcher looks at a path: the scan's rules and limits. */
export const inspectOptions = (ctx: SourceContext, rules: DirectoryRules): InspectPathsOptions => {
  const { index, project } = ctx.config;
  return { rules, languages: project.languages, maxFileBytes: index.max_file_bytes, maxLineLength: index.max_line_length };
};

/**
 * Looks at `paths` as a scan would; the ones found missing are looked at once more after
 * ABSENT_GRACE_MS, and only those still missing count as deleted.
 */
export const inspectSettled = async (ctx: SourceContext, paths: Iterable<string>, rules: DirectoryRules): Promise<PathsInspection> => {
  const options = inspectOptions(ctx, rules);
  const first = await inspectPaths(ctx.root, paths, options);
  if (first.absent.length === 0) return first;
  await sleep(ABSENT_GRACE_MS);
  const again = await inspectPaths(ctx.root, first.absent, options);
  return { files: [...first.files, ...again.files], skipped: [...first.skipped, ...again.skipped], absent: again.absent };
};

/**
 * One batch of the watcher: the disk at the paths the events named (and at every known file
 * under a removed directory) compared with the log by content hash, and the differences
 * appended as FileChanged / FileDeleted / FileSkipped. Events are hints: what is appended is what
 * the disk holds now, whatever the events said happened. A missing path `keepAbsent` says yes to
 * is not recorded deleted but handed back (`deferred`) to be looked at again: a tree being
 * deleted and written anew is half there when a batch is taken in the middle of it.
 */
export const recordBatch = async (ctx: SourceContext, hints: Hints, rules: DirectoryRules, keepAbsent: (path: string) => boolean = () => false): Promise<BatchRecorded> => {
  const paths = new Set(hints.files);
  if (hints.goneDirs.size > 0) {
    const dirs = [...hints.goneDirs];
    for (const k of readKnownFiles(ctx.log).values()) {
      if (k.state !== "deleted" && dirs.some((d) => isUnder(k.path, d))) paths.add(k.path);
    }
  }
  const seen = await inspectSettled(ctx, paths, rules);
  const deferred = seen.absent.filter(keepAbsent);
  if (deferred.length > 0) for (const p of deferred) paths.delete(p);
  const lookAgain = lookAgainAt(ctx.root, inspectOptions(ctx, rules));
  const r = recordFileChanges(ctx.log, { files: seen.files, skipped: seen.skipped, paths: [...paths] }, { meta: WATCHER_META, lookAgain });
  return { paths: paths.size, changed: r.changed, deleted: r.deleted, lastPosition: r.lastPosition, deferred };
};
