/**
 * The server's memory in one log line, written when the process gets SIGUSR2 (`kill -USR2 <pid>`):
 * how a long-running `nemesis serve` is watched for growth (the soak bench reads it) without a
 * tool for it. `heap` is the main thread's V8 heap; `rss` counts every thread and native store.
 */
export const memoryLine = (usage: NodeJS.MemoryUsage = process.memoryUsage()): string => {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return `memory: rss ${mb(usage.rss)} MB, heap used ${mb(usage.heapUsed)} MB of ${mb(usage.heapTotal)} MB, external ${mb(usage.external)} MB, array buffers ${mb(usage.arrayBuffers)} MB`;
};

/** Reads a line written by `memoryLine` back (MB): null when `line` is not one. */
export const parseMemoryLine = (line: string): { rss: number; heapUsed: number; heapTotal: number; external: number } | null => {
  const m = /memory: rss ([\d.]+) MB, heap used ([\d.]+) MB of ([\d.]+) MB, external ([\d.]+) MB/.exec(line);
  return m ? { rss: Number(m[1]), heapUsed: Number(m[2]), heapTotal: Number(m[3]), external: Number(m[4]) } : null;
};
