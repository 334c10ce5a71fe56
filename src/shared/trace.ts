import { appendFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeHeapSnapshot } from "node:v8";
import { collectGarbage } from "./collectGarbage.js";

const file = process.env.NEMESIS_TRACE || null;
/**
 * NEMESIS_TRACE_MEMORY=1: each line also says the process's RSS and this thread's V8 heap (MB);
 * `live`: after a full collection, so the heap figure is what is live (slow: for looking only).
 */
const memory = process.env.NEMESIS_TRACE_MEMORY === "1" || process.env.NEMESIS_TRACE_MEMORY === "live";
const live = process.env.NEMESIS_TRACE_MEMORY === "live";
/** NEMESIS_TRACE_SNAPSHOT=<line name>[@n]: a heap snapshot of the thread at the n-th such line (1st), beside the trace file. */
const [snapshotAt, snapshotNth] = (process.env.NEMESIS_TRACE_SNAPSHOT ?? "").split("@");
let seen = 0;

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

const memoryNow = (): string => {
  const m = process.memoryUsage();
  return ` [rss=${mb(m.rss)} heap=${mb(m.heapUsed)}/${mb(m.heapTotal)} external=${mb(m.external)} buffers=${mb(m.arrayBuffers)}]`;
};

/**
 * Where a save spends its time, stage by stage. With NEMESIS_TRACE naming a file
 * (`NEMESIS_TRACE=/tmp/nemesis.trace nemesis serve`), each stage appends a line
 * `<epoch ms> [pid] <name> <detail>`; names follow the code (`Watcher.recorded`, `Pipeline.parsed`)
 * so a trace reads like it. Unset, a call costs a comparison: `detail` is only called when tracing.
 * With NEMESIS_TRACE_MEMORY=1 a line ends with the memory at that moment (`memoryNow`).
 */
export const trace = (name: string, detail?: () => string): void => {
  if (file === null) return;
  if (live) collectGarbage();
  if (snapshotAt === name && ++seen === Number(snapshotNth ?? 1)) writeHeapSnapshot(join(dirname(file), `nemesis-${name}-${process.pid}.heapsnapshot`));
  try {
    appendFileSync(file, `${(performance.timeOrigin + performance.now()).toFixed(1)} [${process.pid}] ${name}${detail ? ` ${detail()}` : ""}${memory ? memoryNow() : ""}\n`);
  } catch {
    // A trace is for a person looking: it never fails the work it describes.
  }
};
