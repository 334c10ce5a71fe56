import { recordFileChanges, readKnownFiles } from "../../commands/index.js";
import { lookAgainAt, scanProject, type DirectoryRules } from "../scan/index.js";
import { inspectOptions, inspectSettled, WATCHER_META, type Recorded, type SourceContext } from "./recordBatch.js";

export interface Reconciled extends Recorded {
  /** Indexable files the scan found. */
  readonly files: number;
}

const inScope = (path: string, scope: string): boolean => scope === "" || path === scope || path.startsWith(`${scope}/`);

/**
 * The watcher's safety net: a scan of the watched folder compared with the log, so a change the
 * file events missed (a full event queue, a change while the watch was being set up, an editor
 * the events misread) is recorded within one period. It reads only files whose size or mtime
 * moved (`scanProject`'s `known`). A known file the scan did not see gets the same second look
 * as in a batch before it is recorded as deleted: a save caught mid-rename is not a deletion.
 */
export const reconcile = async (ctx: SourceContext, scope: string, rules: DirectoryRules): Promise<Reconciled> => {
  const { index, project } = ctx.config;
  const known = readKnownFiles(ctx.log);
  const scan = await scanProject(ctx.root, {
    ignore: index.ignore,
    requireGit: index.require_git,
    languages: project.languages,
    maxFileBytes: index.max_file_bytes,
    maxLineLength: index.max_line_length,
    rules,
    known: (p) => known.get(p),
    ...(scope !== "" ? { scope } : {}),
  });
  const found = new Set([...scan.files.map((f) => f.path), ...scan.skipped.map((s) => s.path)]);
  const missing = [...known.values()].filter((k) => k.state !== "deleted" && !found.has(k.path) && inScope(k.path, scope)).map((k) => k.path);
  const back = missing.length > 0 ? await inspectSettled(ctx, missing, rules) : { files: [], skipped: [] };
  const r = recordFileChanges(
    ctx.log,
    { files: [...scan.files, ...back.files], skipped: [...scan.skipped, ...back.skipped], ...(scope !== "" ? { scope } : {}) },
    { meta: WATCHER_META, known, lookAgain: lookAgainAt(ctx.root, inspectOptions(ctx, rules)) },
  );
  return { files: scan.files.length, paths: scan.files.length + missing.length, changed: r.changed, deleted: r.deleted, lastPosition: r.lastPosition };
};
