import { appendFileSync } from "node:fs";

const file = process.env.NEMESIS_TRACE || null;

/**
 * Where a save spends its time, stage by stage. With NEMESIS_TRACE naming a file
 * (`NEMESIS_TRACE=/tmp/nemesis.trace nemesis serve`), each stage appends a line
 * `<epoch ms> [pid] <name> <detail>`; names follow the code (`Watcher.recorded`, `Pipeline.parsed`)
 * so a trace reads like it. Unset, a call costs a comparison: `detail` is only called when tracing.
 */
export const trace = (name: string, detail?: () => string): void => {
  if (file === null) return;
  try {
    appendFileSync(file, `${(performance.timeOrigin + performance.now()).toFixed(1)} [${process.pid}] ${name}${detail ? ` ${detail()}` : ""}\n`);
  } catch {
    // A trace is for a person looking: it never fails the work it describes.
  }
};
