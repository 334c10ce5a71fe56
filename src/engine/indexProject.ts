import * as Either from "effect/Either";
import type { EventSource } from "../events/index.js";
import { recordFileChanges, completeIndexRun, startIndexRun } from "../commands/index.js";
import { DirectoryRules, lookAgainAt, scanFile, scanProject, recordHistory, type HistoryReport } from "../sources/index.js";
import type { GraphCounts } from "../projections/index.js";
import { asDiskFull } from "../shared/index.js";
import { Engine, type EngineContext, type EngineOptions } from "./Engine.js";
import { maxRssMb, type PipelineProgress } from "./runPipeline.js";

export type IndexProgress = { readonly stage: "scan"; readonly done: number; readonly total: number } | PipelineProgress;

export interface IndexOptions extends EngineOptions {
  /** Scan only this directory (relative to the root); deletions are limited to it. */
  readonly scope?: string;
  /** Look at only this file (relative to the root, `/`-separated); nothing else is touched. */
  readonly file?: string;
  readonly source?: EventSource;
  readonly onProgress?: (p: IndexProgress) => void;
  /** A running engine to parse and project with (the MCP server's own); it stays open. */
  readonly engine?: Engine;
}

export interface IndexSummary {
  readonly root: string;
  /** The directory scanned (relative to the root); null for the whole project. */
  readonly scope: string | null;
  /** The one file looked at (relative to the root); null for a scan. */
  readonly file: string | null;
  readonly runId: string;
  readonly files: {
    readonly scanned: number;
    readonly bytes: number;
    readonly changed: number;
    readonly unchanged: number;
    readonly deleted: number;
    readonly skipped: Record<string, number>;
    readonly ignored: number;
    readonly unsupported: number;
  };
  /** Null when another engine owns the read models: it parses and projects these changes itself. */
  readonly parse: {
    readonly parsed: number;
    readonly rewritten: number;
    readonly deleted: number;
    readonly failed: Record<string, number>;
  } | null;
  readonly graph: Pick<GraphCounts, "files" | "symbols" | "edges"> | null;
  /**
   * The git commits this run recorded; `available` is false where history is not read (turned
   * off, no git, a shallow clone), and `note` says why the first time it is so. Null when only
   * one file was indexed.
   */
  readonly history: { readonly available: boolean; readonly observed: number; readonly note: string | null } | null;
  /** Pid of a running engine that will project the recorded changes (this run did not). */
  readonly engineBusy: number | null;
  readonly timings: {
    readonly scanMs: number;
    readonly recordMs: number;
    readonly historyMs: number;
    readonly parseMs: number;
    readonly projectMs: Record<string, number>;
  };
  /** Peak RSS of the process (MB) at the end of each stage: the stage where it jumps sets the peak. */
  readonly maxRssMb: Record<string, number>;
  readonly durationMs: number;
}

const countBy = (items: ReadonlyArray<{ readonly reason: string }>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const { reason } of items) out[reason] = (out[reason] ?? 0) + 1;
  return out;
};

/**
 * `nemesis index`: scan, append what changed (wrapped in IndexRunStarted/Completed), then,
 * unless another engine owns the read models, parse and project it all. Bad files never stop
 * it: each ends parsed or recorded as skipped/failed with a reason. A full disk stops it with a
 * `DiskFull`, whichever store met it: what was appended stays, and the next run resumes there.
 */
export const indexProject = async (ctx: EngineContext, options: IndexOptions = {}): Promise<IndexSummary> => {
  try {
    return await indexAndProject(ctx, options);
  } catch (e) {
    throw asDiskFull(e, ctx.paths.dir) ?? e;
  }
};

const indexAndProject = async (ctx: EngineContext, options: IndexOptions): Promise<IndexSummary> => {
  const t0 = performance.now();
  const meta = { source: options.source ?? ("cli" as const) };
  const { index, project } = ctx.config;
  const runId = startIndexRun(ctx.log, { root: ctx.paths.root, languages: project.languages, meta });
  const runMeta = { ...meta, correlationId: runId };
  const rules = await DirectoryRules.forRoot(ctx.paths.root, { ignore: index.ignore, requireGit: index.require_git });
  const scanOptions = {
    ignore: index.ignore,
    requireGit: index.require_git,
    languages: project.languages,
    maxFileBytes: index.max_file_bytes,
    maxLineLength: index.max_line_length,
    rules,
    ...(options.scope ? { scope: options.scope } : {}),
    onProgress: (done: number, total: number) => options.onProgress?.({ stage: "scan", done, total }),
  };
  const scan = options.file !== undefined ? await scanFile(ctx.paths.root, options.file, scanOptions) : await scanProject(ctx.paths.root, scanOptions);
  const { files, skipped } = scan;
  const scanRss = maxRssMb();
  const tRecord = performance.now();
  // One file: only its stream is read and only it can be deleted (no longer indexable), as a watcher batch of one path.
  const limit = options.file !== undefined ? { paths: [options.file] } : options.scope ? { scope: options.scope } : {};
  // A file that moved since the scan read it (a checkout still running, the watcher's own
  // record) is looked at again as the scan would, so this run never records an older look.
  const lookAgain = lookAgainAt(ctx.paths.root, scanOptions);
  const recorded = recordFileChanges(ctx.log, { files, skipped, ...limit }, { meta: runMeta, lookAgain });
  const recordMs = performance.now() - tRecord;
  // The whole history, whatever the scope; not for one file, which must stay quick and touch
  // nothing else. A first look at a long history is seconds of git's CPU (line counts), so it
  // runs beside parsing and projecting, which do not keep both cores busy throughout, and is
  // done before the run is completed. It never fails: a git that cannot answer is a note.
  const historyRun: Promise<HistoryReport | null> =
    options.file === undefined
      ? recordHistory({ root: ctx.paths.root, nemesisDir: ctx.paths.dir, log: ctx.log, settings: ctx.config.history, meta: runMeta })
      : Promise.resolve(null);
  // Awaited below; until then a rejection (a full disk) must not count as unhandled.
  historyRun.catch(() => undefined);
  const historyOf = (h: HistoryReport | null) => ({
    history: h && { available: h.available, observed: h.observed, note: h.note },
    historyMs: h?.durationMs ?? 0,
  });
  const skippedByReason = countBy(skipped);
  const complete = () =>
    completeIndexRun(
      ctx.log,
      {
        runId,
        files: files.length,
        changed: recorded.changed,
        deleted: recorded.deleted,
        skipped: skippedByReason,
        durationMs: Math.round(performance.now() - t0),
      },
      runMeta,
    );
  const base = {
    root: ctx.paths.root,
    scope: options.scope ?? null,
    file: options.file ?? null,
    runId,
    files: {
      scanned: files.length,
      bytes: scan.bytes,
      changed: recorded.changed,
      unchanged: recorded.unchanged,
      deleted: recorded.deleted,
      skipped: skippedByReason,
      ignored: scan.ignored,
      unsupported: scan.unsupported,
    },
  };

  const opened = options.engine
    ? Either.right(options.engine)
    : await Engine.open(ctx, { oneShot: true, ...options }).catch(async (e: unknown) => {
        await historyRun;
        throw e;
      });
  if (Either.isLeft(opened)) {
    const { history, historyMs } = historyOf(await historyRun);
    complete();
    return {
      ...base,
      history,
      parse: null,
      graph: null,
      engineBusy: opened.left.pid,
      timings: { scanMs: scan.durationMs, recordMs, historyMs, parseMs: 0, projectMs: {} },
      maxRssMb: { scan: scanRss },
      durationMs: performance.now() - t0,
    };
  }
  const engine = opened.right;
  try {
    const pipeline = await engine.catchUp(options.onProgress);
    const { history, historyMs } = historyOf(await historyRun);
    complete();
    // Projects IndexRunCompleted too, so the catalog's run history is current when we return. A
    // live engine's follow loop projects the rest (the history's commits) on its own: a whole pass
    // here would wait for whatever saves came in meanwhile, and one more behind them.
    if (options.engine) await engine.catchUpCatalog();
    else await engine.catchUp();
    const counts = await engine.graphCounts();
    return {
      ...base,
      history,
      parse: {
        parsed: pipeline.reactor.parsed + pipeline.reactor.rewritten,
        rewritten: pipeline.reactor.rewritten,
        deleted: pipeline.reactor.deleted,
        failed: pipeline.reactor.failed,
      },
      graph: counts ? { files: counts.files, symbols: counts.symbols, edges: counts.edges } : null,
      engineBusy: null,
      timings: {
        scanMs: scan.durationMs,
        recordMs,
        historyMs,
        parseMs: pipeline.parseMs,
        projectMs: Object.fromEntries(pipeline.projections.map((p) => [p.name, p.durationMs])),
      },
      maxRssMb: {
        scan: scanRss,
        parse: pipeline.parseMaxRssMb,
        ...Object.fromEntries(pipeline.projections.map((p) => [p.name, p.maxRssMb])),
      },
      durationMs: performance.now() - t0,
    };
  } finally {
    // A pipeline that failed leaves no append of the history behind to outlive the engine.
    await historyRun;
    if (!options.engine) await engine.close();
  }
};
