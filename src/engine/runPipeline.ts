import { headPosition, type LogHandle } from "../events/index.js";
import type { ParseReactor, ReactorResult } from "../parse/reactor/index.js";
import { catchUp, type Projector } from "../projections/index.js";

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

/**
 * One pass of the engine: the parse reactor catches up (appending FileParsed), then every
 * projector catches up to the new head. Used once by `nemesis index` and on every tick of a
 * live engine. The caller holds the engine lock.
 */
export const runPipeline = async (
  log: LogHandle,
  reactor: ParseReactor,
  projectors: ReadonlyArray<Projector>,
  onProgress?: (p: PipelineProgress) => void,
): Promise<PipelineResult> => {
  const t0 = performance.now();
  const result = await reactor.catchUp((p) => onProgress?.({ stage: "parse", ...p }));
  const parseMs = performance.now() - t0;
  const parseMaxRssMb = maxRssMb();
  const projections: ProjectionRun[] = [];
  for (const projector of projectors) {
    const t = performance.now();
    const checkpoint = await projector.checkpoint();
    if (checkpoint.version === projector.version && !hasWorkFor(log, projector, checkpoint.position)) continue;
    const r = await catchUp(log, projector, {
      onProgress: (position, head) => onProgress?.({ stage: "project", name: projector.name, position, head }),
    });
    projections.push({ name: projector.name, ...r, durationMs: performance.now() - t, maxRssMb: maxRssMb() });
  }
  return { reactor: result, parseMs, parseMaxRssMb, projections, durationMs: performance.now() - t0 };
};
