import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";
const ticks = () => {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  // utime stime cutime cstime are fields 14..17 (1-based) => after ") " index 11..14
  return f.slice(11, 15).map(Number);
};
let start: number[] = [];
let t0 = 0;
beforeAll(() => { start = ticks(); t0 = performance.now(); });
afterAll(() => {
  const end = ticks();
  const d = end.map((v, i) => (v - start[i]!) / 100);
  appendFileSync("/tmp/cpuprof/out.tsv", `${expect.getState().testPath}\t${d.join("\t")}\t${((performance.now() - t0) / 1000).toFixed(1)}\n`);
});
