/** Median and percentiles of repeated measurements: single runs on a shared 2-core box are noise. */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
};
export const median = (values: ReadonlyArray<number>): number => percentile(values, 50);

export const fmtRate = (n: number): string => `${Math.round(n).toLocaleString("en-US")}`;

/** Runs `f` `times` times and returns each wall time in ms. */
export const timeRuns = async (times: number, f: () => unknown | Promise<unknown>): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await f();
    out.push(performance.now() - t0);
  }
  return out;
};
