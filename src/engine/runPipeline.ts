import { dirname } from "node:path";
import { freeBytes, collectGarbage, trace } from "../shared/index.js";
import { countEventsOfTypes, headPosition, type LogHandle } from "../events/index.js";
import type { ParseReactor, ReactorResult } from "../parse/index.js";
import { catchUp, type CatchUpOptions, type CatchUpResult, type Projector } from "../projections/index.js";
import { LazyProjector } from "./LazyProjector.js";

export type PipelineProgress =
  | { readonly stage: "parse"; readonly done: number; readonly total: number }
  | { readonly stage: "project"; readonly name: string; readonly position: number; readonly head: number };

export interface ProjectionRun {
  readonly name: string;
  readonly from: number;
  readonly to: number;
  readonly events: number;
  readonly rebuilt: boolean;
  readonly durationMs: number;
  /** The process's peak RSS so far, when this stage ended (shows which stage sets the peak). */
  readonly maxRssMb: number;
}

/** Peak resident set size of the whole process (workers included) so far, in MB. */
export const maxRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

export interface PipelineResult {
  readonly reactor: ReactorResult;
  readonly parseMs: number;
  readonly parseMaxRssMb: number;
  readonly projections: ReadonlyArray<ProjectionRun>;
  readonly durationMs: number;
  /**
   * The log's head once parsing ended: every projector reached at least this position (each
   * catches up to the head it finds when it starts, after parsing).
   */
  readonly projectedTo: number;
}

/**
 * Whether any event the projector handles lies after its checkpoint. A projector is only
 * woken for those: its checkpoint then trails the head by events it ignores (index-run
 * markers, memory events for the graph), which costs nothing and saves opening its store.
 */
export const hasWorkFor = (log: LogHandle, projector: Projector, after: number): boolean =>
  after < headPosition(log) && countEventsOfTypes(log, projector.handles, after, 1) > 0;

/** Catches one projector up; a lazily opened one goes through its own thread when it has one. */
const catchUpOne = (log: LogHandle, projector: Projector, options: CatchUpOptions): Promise<CatchUpResult> =>
  projector instanceof LazyProjector ? projector.catchUp(log, options) : catchUp(log, projector, options);

/** Whether a projector has anything to do: a stale version, or events it handles past its checkpoint. */
const needsCatchUp = async (log: LogHandle, projector: Projector): Promise<boolean> => {
  // A threaded store with no hint must be opened to answer, and its answer comes back through
  // this thread, which is about to run the graph for seconds without yielding: the chunk thread
  // would idle waiting for the request that followed. Its own catch-up reads the checkpoint and
  // finds out whether there is work.
  if (projector instanceof LazyProjector && projector.concurrent && !projector.isOpen && projector.hint() === null) return true;
  const checkpoint = await projector.checkpoint();
  // Past the head: built from events the log lost since (see catchUp), to be rebuilt.
  return checkpoint.version !== projector.version || checkpoint.position > headPosition(log) || hasWorkFor(log, projector, checkpoint.position);
};

/** Events past which a threaded projector's catch-up counts as taking a core (see ApplyContext.alongside). */
const BUSY_EVENTS = 256;

/**
 * Whether a projector running in its own thread will keep a core busy: it has many events to
 * catch up on, or no hint says how many (a one-file edit leaves it a few milliseconds of work).
 */
export const keepsACoreBusy = (log: LogHandle, projector: LazyProjector): boolean => {
  const hint = projector.hint();
  return hint === null || countEventsOfTypes(log, projector.handles, hint.position, BUSY_EVENTS) >= BUSY_EVENTS;
};

/** Catches one projector up if it has work, timing it; null when it had none. */
const runOne = async (
  log: LogHandle,
  projector: Projector,
  options: CatchUpOptions = {},
): Promise<ProjectionRun | null> => {
  const t = performance.now();
  if (!(await needsCatchUp(log, projector))) return null;
  const r = await catchUpOne(log, projector, options);
  // A store asked without a check first (see needsCatchUp) may have had nothing to do after all.
  if (r.events === 0 && !r.rebuilt) return null;
  return { name: projector.name, ...r, durationMs: performance.now() - t, maxRssMb: maxRssMb() };
};

/**
 * Free space below which the projectors that run in their own thread wait for the others
 * instead of writing beside them. Kuzu must never meet a full disk (KuzuStore.requireRoom checks
 * before each write), and that check holds only if no other store fills the disk while Kuzu
 * commits: on a disk this full, the stores write one at a time.
 */
export const ROOM_TO_SPARE_BYTES = 1024 ** 3;

const roomToSpare = (log: LogHandle): boolean => {
  if (log.path === ":memory:") return true;
  const free = freeBytes(dirname(log.path));
  return free === null || free >= ROOM_TO_SPARE_BYTES;
};

/**
 * One pass of the engine: the parse reactor catches up (appending FileParsed), then every
 * projector catches up to the new head. Projectors that run in their own thread start when
 * parsing ends and run alongside the others: parsing already keeps every core busy (one worker
 * per core), while the graph stage that follows runs on one core and leaves the others idle.
 * Used once by `nemesis index` and on every tick of a live engine. The caller holds the engine lock.
 */
export const runPipeline = async (
  log: LogHandle,
  reactor: ParseReactor,
  projectors: ReadonlyArray<Projector>,
  onProgress?: (p: PipelineProgress) => void,
  /** Called once the reactor is done, before the projectors that follow it. */
  afterParse?: () => Promise<void>,
  /**
   * One pass and done (`nemesis index`): each projector on this thread releases what it keeps in
   * memory once caught up, so the threads still catching up (the chunks) run beside a small heap.
   */
  oneShot = false,
): Promise<PipelineResult> => {
  const t0 = performance.now();
  const isThreaded = (p: Projector) => p instanceof LazyProjector && p.concurrent;
  const result = await reactor.catchUp((p) => onProgress?.({ stage: "parse", ...p }));
  const parseMs = performance.now() - t0;
  trace("Pipeline.parsed", () => `${result.parsed} files`);
  const projectedTo = headPosition(log);
  const parseMaxRssMb = maxRssMb();
  const threadedProjectors = projectors.filter(isThreaded) as LazyProjector[];
  const sideBySide = roomToSpare(log);
  const alongside = sideBySide && threadedProjectors.some((p) => keepsACoreBusy(log, p));
  const threaded = sideBySide ? threadedProjectors.map((p) => runOne(log, p)) : [];
  // Awaited below, after the main-thread projectors: a failure meanwhile must not go unhandled.
  for (const run of threaded) run.catch(() => undefined);
  await afterParse?.();
  const projections: ProjectionRun[] = [];
  try {
    for (const projector of projectors.filter((p) => !isThreaded(p))) {
      const run = await runOne(log, projector, {
        onProgress: (position, head) => onProgress?.({ stage: "project", name: projector.name, position, head }),
        alongside,
      });
      if (run) trace("Pipeline.projected", () => projector.name);
      if (run) projections.push(run);
      if (oneShot && run !== null && projector.release !== undefined) {
        projector.release();
        collectGarbage();
      }
    }
    if (!sideBySide) {
      for (const projector of threadedProjectors) {
        const run = await runOne(log, projector);
        if (run) projections.push(run);
      }
    }
  } finally {
    const settled = await Promise.allSettled(threaded);
    for (const s of settled) {
      if (s.status === "rejected") throw s.reason;
      if (s.value !== null) projections.push(s.value);
    }
  }
  return { reactor: result, parseMs, parseMaxRssMb, projections, durationMs: performance.now() - t0, projectedTo };
};
