import { trace } from "../shared/index.js";
import * as Either from "effect/Either";
import { availableParallelism } from "node:os";
import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import { dropProjectionHint, headPosition, type EventLogDamaged, type LogHandle } from "../events/index.js";
import { ParseReactor, type SourceParser } from "../parse/index.js";
import {
  damageOf,
  GraphReader,
  lookForDamage,
  openProjector,
  PROJECTIONS,
  PROJECTION_NAMES,
  readPlanOf,
  type GraphCounts,
  type GraphQueryable,
  type ProjectionName,
  type Projector,
  StoreDamaged,
} from "../projections/index.js";
import { findDamage } from "./findDamage.js";
import { LazyProjector } from "./LazyProjector.js";
import { inlineParser } from "./inlineParser.js";
import { INLINE_MAX_FILES, lazySourceParser, type LazySourceParser } from "./lazySourceParser.js";
import { projectorThreadUrl, ThreadedProjector } from "./ThreadedProjector.js";

import { acquireEngineLock, type EngineLock, type EngineLockHeld } from "./engineLock.js";
import { openSourceParser } from "./openSourceParser.js";
import { parseAhead, type ParseAheadParser } from "./parseAhead.js";
import { runPipeline, type PipelineProgress, type PipelineResult } from "./runPipeline.js";

export interface EngineContext {
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  readonly log: LogHandle;
}

export interface EngineOptions {
  /** Parse workers; default: one per core, at most 8. */
  readonly workers?: number;
  /** A parser to use instead of a worker pool (tests). */
  readonly parser?: SourceParser & { close(): Promise<void> };
  readonly projections?: ReadonlyArray<ProjectionName>;
  /** Called before the reactor reads each file (tests change the disk here). */
  readonly beforeRead?: (path: string) => void | Promise<void>;
  /**
   * One pass and done (`nemesis index`): the parse workers stop once parsing is over, so their
   * memory is free for the graph stage. A live engine keeps them for the next save.
   */
  readonly oneShot?: boolean;
  /** Catch the chunk model up in its own thread (default: when the built thread entry exists; a URL names the entry). */
  readonly threads?: boolean | URL;
  /** The socket this engine will serve other local processes on, recorded in the engine lock. */
  readonly socket?: string;
}

export const defaultWorkers = (): number => Math.max(1, Math.min(8, availableParallelism()));

/**
 * The catalog projects nearly every event, so each pass leaves it at the log's head: standing
 * past the head, it says the log lost its newest events since (SQLite dropped a torn end of its
 * WAL, or the log was restored from a copy). The engine's hints live in the log and were lost
 * with them, so they stand in for stores that may be ahead as well: dropped, each store is
 * opened at its next pass and its own checkpoint is held against the head (see catchUp).
 */
const distrustHintsPastTheLog = async (log: LogHandle, projectors: ReadonlyArray<Projector>): Promise<void> => {
  const catalog = projectors.find((p) => p.name === "catalog");
  if (catalog === undefined || (await catalog.checkpoint()).position <= headPosition(log)) return;
  for (const p of projectors) dropProjectionHint(log, p.name);
};

/**
 * The one process that owns a project's read models: it holds the engine lock, the parse
 * workers, the reactor and every projector. Hooks and the watcher only append to the log;
 * this picks their events up (`catchUp` once, or `follow` live).
 */
export class Engine {
  private running: Promise<unknown> = Promise.resolve();
  /** Catch-ups running or waiting their turn. */
  private passes = 0;

  private constructor(
    readonly ctx: EngineContext,
    private readonly lock: EngineLock,
    private readonly parser: SourceParser & { close(): Promise<void> },
    private readonly ahead: ParseAheadParser,
    readonly reactor: ParseReactor,
    readonly projectors: ReadonlyArray<Projector>,
    private readonly releaseParserAfterParse: (() => Promise<void>) | null,
    /** The engine's own worker pool (null when the caller passed a parser). */
    private readonly workers: LazySourceParser | null,
  ) {
    // A dropped store has to be rebuilt even when nothing new was appended.
    for (const p of projectors) if (p instanceof LazyProjector) p.onDropped = () => this.wantPass();
  }

  static async open(ctx: EngineContext, options: EngineOptions = {}): Promise<Either.Either<Engine, EngineLockHeld>> {
    const lock = acquireEngineLock(ctx.paths.lock, options.socket ? { socket: options.socket } : {});
    if (Either.isLeft(lock)) return Either.left(lock.left);
    let parser: (SourceParser & { close(): Promise<void> }) | undefined;
    let lazy: LazySourceParser | undefined;
    const projectors: Projector[] = [];
    try {
      // Workers start on the first file to parse: a run with nothing to parse never pays for them.
      // A one-shot run (`nemesis index`) parses a catch-up of a few small files on this thread
      // (see lazySourceParser). A live engine starts its workers once and keeps them; it also
      // serves queries, and only a worker can be killed and replaced if a parse ever hangs.
      if (options.parser === undefined) {
        const create = () => openSourceParser(options.workers ?? defaultWorkers());
        lazy = lazySourceParser(create, options.oneShot ? inlineParser : undefined);
      }
      parser = options.parser ?? lazy!;
      const limits = { maxFileBytes: ctx.config.index.max_file_bytes, maxLineLength: ctx.config.index.max_line_length, budgetMs: ctx.config.index.parse_budget_ms };
      const ahead = parseAhead(parser, ctx.paths.root, limits);
      const reactor = new ParseReactor(ctx.log, {
        root: ctx.paths.root,
        parser: ahead,
        ...limits,
        ...(options.beforeRead ? { beforeRead: options.beforeRead } : {}),
      });
      const threadUrl = options.threads instanceof URL ? options.threads : options.threads === false ? null : projectorThreadUrl();
      for (const name of options.projections ?? PROJECTION_NAMES) {
        const info = PROJECTIONS[name];
        // Read models with a thread of their own catch up alongside parsing and the graph (see ReadPlan.ownThread).
        const ownThread = readPlanOf(name).ownThread;
        const threaded = threadUrl !== null && ownThread !== undefined;
        const open = async (): Promise<Projector> =>
          threaded
            ? new ThreadedProjector(name, info.version, info.handles, threadUrl, { name, paths: ctx.paths, config: ctx.config, batchSize: ownThread.batchSize })
            : openProjector(name, ctx.paths, ctx.config, ctx.log);
        const slot = new LazyProjector(
          {
            name,
            version: info.version,
            handles: info.handles,
            storePath: info.storePath(ctx.paths),
            fingerprint: info.fingerprint(ctx.config),
            open,
            concurrent: threaded,
            lazy: info.lazy,
            damageOf: (e) => damageOf(name, ctx.paths, e),
            remove: () => info.remove(ctx.paths),
          },
          ctx.log,
        );
        projectors.push(slot);
        // Damage a look at the files shows is dealt with now, before anything reads them.
        slot.dropIfFound(lookForDamage(name, ctx.paths));
        // A store cheap to open (the catalog) opens now: every pass and most tools read it.
        if (!info.lazy) await slot.store();
      }
      await distrustHintsPastTheLog(ctx.log, projectors);
      const release = options.oneShot && lazy ? lazy.release : null;
      return Either.right(new Engine(ctx, lock.right, parser, ahead, reactor, projectors, release, lazy ?? null));
    } catch (e) {
      for (const p of projectors) await p.close().catch(() => undefined);
      if (parser && parser !== options.parser) await parser.close().catch(() => undefined);
      lock.right.release();
      throw e;
    }
  }

  /** Parses and projects everything appended so far. Calls never overlap. */
  catchUp(onProgress?: (p: PipelineProgress) => void): Promise<PipelineResult> {
    const afterParse = this.releaseParserAfterParse ?? undefined;
    this.passes++;
    const run = this.running.then(async () => {
      this.workers?.plan(this.reactor.pendingUpTo(INLINE_MAX_FILES + 1));
      try {
        return await runPipeline(this.ctx.log, this.reactor, this.projectors, onProgress, afterParse, this.releaseParserAfterParse !== null);
      } catch (e) {
        // Each read model deals with damage of its own files; what is left may be the log's.
        throw findDamage(this.ctx.paths, this.ctx.log, e, []) ?? e;
      }
    });
    const done = () => void this.passes--;
    this.running = run.then(done, done);
    return run;
  }

  /** Whether a catch-up is running or waiting its turn: idle-time work (the tools' warm-ups) waits. */
  get busy(): boolean {
    return this.passes > 0;
  }

  /**
   * Follows the log: whenever any process appends, catches up within `intervalMs` (polling
   * the head is one b-tree lookup). The head is read before each pass and every pass reaches at
   * least that head, so an event appended at any moment — before following started, or during
   * a pass — leads to one more pass. `onCaughtUp` gets the head the pass reached: everything up
   * to it is visible to queries (the watcher reports a save visible from this). Returns a
   * function that stops following.
   */
  follow(
    options: { readonly intervalMs?: number; readonly onCaughtUp?: (r: PipelineResult, head: number) => void; readonly onError?: (e: unknown) => void } = {},
  ): () => void {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    // -1: one pass at once, for whatever was appended since the caller last caught up.
    let seen = -1;
    let ticking = false;
    this.wantPass = () => {
      seen = -1;
      this.wake();
    };
    const tick = async () => {
      timer = undefined;
      if (stopped) return;
      ticking = true;
      const head = headPosition(this.ctx.log);
      if (head !== seen) {
        seen = head;
        trace("Engine.pass", () => `to ${head}`);
        try {
          // Not `onCaughtUp?.(await this.catchUp())`: an optional call skips its arguments, so
          // without a listener nothing would ever catch up.
          const result = await this.catchUp();
          // The pass's own FileParsed events lie past `head`: when nothing is left to parse, the
          // next tick need not run a pass for them (each projector reached `projectedTo`).
          if (result.projectedTo > seen && this.reactor.pendingUpTo(1).files === 0) seen = result.projectedTo;
          trace("Engine.caughtUp", () => [`parse ${Math.round(result.parseMs)} ms`, ...result.projections.map((p) => `${p.name} ${Math.round(p.durationMs)} ms`)].join(", "));
          options.onCaughtUp?.(result, Math.max(head, seen));
        } catch (e) {
          options.onError?.(e);
        }
      }
      ticking = false;
      if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 10);
    };
    this.wakeFollow = () => {
      if (stopped || ticking || timer === undefined) return;
      clearTimeout(timer);
      void tick();
    };
    void tick();
    return () => {
      stopped = true;
      this.wakeFollow = () => {};
      this.wantPass = () => {};
      if (timer) clearTimeout(timer);
    };
  }

  /** While following: run a pass at the next tick, whether or not the log moved. */
  private wantPass: () => void = () => {};

  /**
   * A tool's read failed with `e`, having read the read models in `read` (each with the
   * generation of its files it read, see `generationOf`): when `e` says one of them is damaged,
   * that model is dropped once the pass under way is over, and rebuilt by the next one. Returns
   * the damage, for the caller to say so (EventLogDamaged: the log itself, left as it is), or
   * null when `e` is something else.
   */
  readModelFailed(e: unknown, read: ReadonlyMap<ProjectionName, number>): StoreDamaged | EventLogDamaged | null {
    const damage = findDamage(this.ctx.paths, this.ctx.log, e, read.keys());
    if (!(damage instanceof StoreDamaged)) return damage;
    const slot = this.slot(damage.model);
    if (slot === undefined) return damage;
    const seen = read.get(damage.model as ProjectionName) ?? slot.generation;
    const drop = this.running.then(() => slot.discard(damage, seen));
    this.running = drop.catch(() => undefined);
    return damage;
  }

  /** How many times `name`'s store was dropped and opened anew: a reader opened at another generation reads deleted files. */
  generationOf(name: ProjectionName): number {
    return this.slot(name)?.generation ?? 0;
  }

  private slot(name: string): LazyProjector | undefined {
    const found = this.projectors.find((p) => p.name === name);
    return found instanceof LazyProjector ? found : undefined;
  }

  /**
   * Brings the catalog alone up to the log, now, without waiting for a pass of the whole
   * pipeline (which may be parsing or projecting a large change for seconds): a memory write is
   * then readable as soon as its call returns. Safe beside a running pass: applying a batch twice
   * leaves the same catalog (the projection specs prove it).
   */
  async catchUpCatalog(): Promise<void> {
    await this.slot("catalog")?.catchUp(this.ctx.log);
  }

  /** Something was appended: a following engine looks at the log now rather than at its next poll. */
  wake(): void {
    this.wakeFollow();
  }

  private wakeFollow: () => void = () => {};

  /**
   * A file event named `path` (relative to the root): its parse starts now, while the watcher
   * waits out its debounce, and the catch-up that records the change takes it (see parseAhead).
   */
  parseAhead(path: string): void {
    this.ahead.ahead(path);
  }

  /** Whether the engine's parse workers are running (a small catch-up parses on this thread instead). */
  get parseWorkersStarted(): boolean {
    return this.workers?.started ?? false;
  }

  /** Read access to the graph through the engine's own connection (opening it), or null without a graph projector. */
  async graph(): Promise<GraphReader | null> {
    const g = await this.graphQueryable();
    return g ? new GraphReader(g) : null;
  }

  /** Cypher over the graph through the engine's own connection (opening it), or null without a graph projector. */
  async graphQueryable(): Promise<GraphQueryable | null> {
    const found = this.projectors.find((p) => p.name === "graph");
    const g = found instanceof LazyProjector ? await found.store() : found;
    return g && "query" in g ? (g as Projector & GraphQueryable) : null;
  }

  /** Node and edge counts of the graph; from the engine's hint when the graph was not opened (nothing changed). */
  async graphCounts(): Promise<GraphCounts | null> {
    const found = this.projectors.find((p) => p.name === "graph");
    if (found instanceof LazyProjector && !found.isOpen) {
      const detail = found.hint()?.detail as { counts?: GraphCounts } | null | undefined;
      if (detail?.counts) return detail.counts;
    }
    const reader = await this.graph();
    if (reader === null) return null;
    const counts = await reader.counts();
    if (found instanceof LazyProjector) found.remember((await found.checkpoint()).position, { counts });
    return counts;
  }

  async close(): Promise<void> {
    this.ahead.clear();
    await this.running;
    for (const p of this.projectors) await p.close().catch(() => undefined);
    await this.parser.close().catch(() => undefined);
    this.lock.release();
  }
}
