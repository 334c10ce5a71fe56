/**
 * Where one smart-context answer spends its time, stage by stage, written to stderr as one line
 * when NEMESIS_DEBUG_TIMINGS is set (the serve log keeps stderr): the way to find which stage
 * to speed up without a profiler. Costs nothing when unset.
 */
export interface StageTimes {
  /** Ends the stage running since the last mark (or the start) under `stage`. */
  mark(stage: string): void;
  /** Writes the line. */
  done(): void;
}

const NONE: StageTimes = { mark: () => {}, done: () => {} };

export const stageTimes = (label: string): StageTimes => {
  if (!process.env.NEMESIS_DEBUG_TIMINGS) return NONE;
  const start = performance.now();
  let last = start;
  const parts: string[] = [];
  return {
    mark: (stage) => {
      const now = performance.now();
      parts.push(`${stage} ${(now - last).toFixed(1)}`);
      last = now;
    },
    done: () => process.stderr.write(`[timings] ${label}: ${parts.join(", ")}; total ${(performance.now() - start).toFixed(1)} ms\n`),
  };
};
