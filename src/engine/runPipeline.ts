import { headPosition, type LogHandle } from "../events/index.js";
import type { ParseReactor, ReactorResult } from "../parse/reactor/index.js";
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
}

/**
 * Whether any event the projector handles lies after its checkpoint. A projector is only
 * woken for those: its checkpoint then trails the head by events it ignores (index-run
 * markers, memory events for the graph), which costs nothing and saves opening its store.
 */
export const hasWorkFor = (log: LogHandle, projector: Projector, after: number): boolean => {
  if (after >= headPosition(log)) return false;
  if (projector.handles.length === 0) return false;
  const placeholders = projector.handles.map(() => "?").join(",");
  return log.db.prepare(`SELECT 1 FROM events WHERE type IN (${placeholders}) AND position > ? LIMIT 1`).get(...projector.handles, after) !== undefined;
};

/** Catches one projector up; a lazily opened one goes through its own thread when it has one. */
const catchUpOne = (log: LogHandle, projector: Projector, options: CatchUpOptions): Promise<CatchUpResult> =>
  projector instanceof LazyProjector ? projector.catchUp(log, options) : catchUp(log, projector, options);

/** Whether a projector has anything to do: a stale version, or events it handles past its checkpoint. */
const needsCatchUp = async (log: LogHandle, projector: Projector): Promise<boolean> => {
  const checkpoint = await projector.checkpoint();
  return checkpoint.version !== projector.version || hasWorkFor(log, projector, checkpoint.position);
};

/**
 * Runs a concurrent projector's catch-up whenever it is kicked, never two at once: a kick
 * during a run makes one more run afterwards. `settle` kicks once more and waits for the end.
 */
const concurrentRunner = (log: LogHandle, projector: Projector) => {
  let running: Promise<void> | null = null;
  let again = false;
  let failure: unknown = null;
  let started = 0;
  const runs: CatchUpResult[] = [];
  const loop = async (): Promise<void> => {
    do {
      again = false;
      if (!(await needsCatchUp(log, projector))) continue;
      if (started === 0) started = performance.now();
      runs.push(await catchUpOne(log, projector, {}));
    } while (again);
  };
  const kick = (): void => {
    if (failure !== null) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = loop()
      .catch((e: unknown) => {
        failure = e;
      })
      .finally(() => {
        running = null;
      });
  };
  return {
    kick,
    settle: async (): Promise<ProjectionRun | null> => {
      kick();
      while (running !== null) await running;
      if (failure !== null) throw failure;
      if (runs.length === 0) return null;
      return {
        name: projector.name,
        from: runs[0]!.from,
        to: runs[runs.length - 1]!.to,
        events: runs.reduce((n, r) => n + r.events, 0),
        rebuilt: runs.some((r) => r.rebuilt),
        durationMs: performance.now() - started,
        maxRssMb: maxRssMb(),
      };
    },
  };
};

/**
 * One pass of the engine: the parse reactor catches up (appending FileParsed), then every
 * projector catches up to the new head. Projectors that run in their own thread start when
 * parsing ends and run alongside the others: parsing already keeps every core busy (one worker
 * per core), while the graph stage that follows runs on one core and leaves the others idle
 * (sympy, 2 cores, no embeddings: cold index 29.2 s when kicked during parsing, 23.8 s this way).
 * Used once by `nemesis index` and on every tick of a live engine. The caller holds the engine lock.
 */
export const runPipeline = async (
  log: LogHandle,
  reactor: ParseReactor,
  projectors: ReadonlyArray<Projector>,
  onProgress?: (p: PipelineProgress) => void,
  /** Called once the reactor is done, before the projectors that follow it. */
  afterParse?: () => Promise<void>,
): Promise<PipelineResult> => {
  const t0 = performance.now();
  const concurrent = projectors.filter((p) => p instanceof LazyProjector && p.concurrent).map((p) => concurrentRunner(log, p));
  const sequential = projectors.filter((p) => !(p instanceof LazyProjector && p.concurrent));
  let result: ReactorResult;
  try {
    result = await reactor.catchUp((p) => onProgress?.({ stage: "parse", ...p }));
  } catch (e) {
    await Promise.allSettled(concurrent.map((c) => c.settle()));
    throw e;
  }
  const parseMs = performance.now() - t0;
  const parseMaxRssMb = maxRssMb();
  for (const c of concurrent) c.kick();
  await afterParse?.();
  const projections: ProjectionRun[] = [];
  try {
    for (const projector of sequential) {
      const t = performance.now();
      if (!(await needsCatchUp(log, projector))) continue;
      const r = await catchUpOne(log, projector, {
        onProgress: (position, head) => onProgress?.({ stage: "project", name: projector.name, position, head }),
      });
      projections.push({ name: projector.name, ...r, durationMs: performance.now() - t, maxRssMb: maxRssMb() });
    }
  } finally {
    const settled = await Promise.allSettled(concurrent.map((c) => c.settle()));
    for (const s of settled) {
      if (s.status === "rejected") throw s.reason;
      if (s.value !== null) projections.push(s.value);
    }
  }
  return { reactor: result, parseMs, parseMaxRssMb, projections, durationMs: performance.now() - t0 };
};
