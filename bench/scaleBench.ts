/**
 * Memory at scale: a cold `nemesis index --no-progress` (no .nemesis, the default config) of the
 * scale tree (`scaleTree.ts`: eight public repositories side by side, ≥ 6,000 source files and
 * ≥ 70 MB) and of the tree doubled (two copies side by side), as a child process. Prints each
 * run's wall time, CPU time, the load average, and the child's peak RSS: VmHWM from
 * /proc/<pid>/status polled every 50 ms (its threads included), beside getrusage's maxRSS
 * reported by the child on exit. The target: under 1.5 GB on the tree, at most 1.5× that on the
 * tree doubled.
 * NEMESIS_BENCH_SCALE_DIR (/tmp/nemesis-bench/scale) holds the trees, NEMESIS_BENCH_SCALE_COPIES
 * (1,2) says which to index, NEMESIS_BENCH_RUNS (1) how often each, NEMESIS_BENCH_NODE_ARGS
 * extra Node options for the child (e.g. "--max-old-space-size=512" to see the live set).
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scaleTree, SCALE_DIR, sourceStats } from "./scaleTree.js";

const CLI = fileURLToPath(new URL("../cli.js", import.meta.url));
const RUNS = Number(process.env.NEMESIS_BENCH_RUNS ?? 1);
const COPIES = (process.env.NEMESIS_BENCH_SCALE_COPIES ?? "1,2").split(",").map(Number);
const NODE_ARGS = (process.env.NEMESIS_BENCH_NODE_ARGS ?? "").split(" ").filter((a) => a !== "");
const GB = 1024 * 1024 * 1024;

const out = (line: string) => process.stdout.write(`${line}\n`);

interface ColdRun {
  readonly wallMs: number;
  readonly cpuMs: number;
  /** VmHWM of the child (bytes), polled. */
  readonly hwm: number;
  /** getrusage maxRSS of the child (bytes), reported by it on exit. */
  readonly maxRss: number;
  readonly load: number;
  readonly summary: {
    readonly files?: { readonly scanned?: number };
    readonly timings?: { readonly scanMs: number; readonly parseMs: number; readonly projectMs: Record<string, number> };
    readonly maxRssMb?: Record<string, number>;
  };
}

const vmHwm = (pid: number): number | null => {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
};

/** One cold index of `dir` in a child process (its .nemesis removed first). */
const coldIndex = (dir: string): Promise<ColdRun> =>
  new Promise((resolveRun, reject) => {
    rmSync(join(dir, ".nemesis"), { recursive: true, force: true });
    const usageFile = join(tmpdir(), `nemesis-scale-usage-${process.pid}-${Date.now()}`);
    const preload =
      "data:text/javascript,import{writeFileSync}from'node:fs';process.on('exit',()=>{writeFileSync(process.env.NEMESIS_USAGE_FILE,JSON.stringify(process.resourceUsage()))})";
    const load = loadavg()[0]!;
    const t0 = performance.now();
    const child = spawn(process.execPath, [...NODE_ARGS, "--import", preload, CLI, "index", dir, "--json", "--no-progress"], {
      env: { ...process.env, NEMESIS_USAGE_FILE: usageFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let hwm = 0;
    const poll = setInterval(() => {
      const v = child.pid === undefined ? null : vmHwm(child.pid);
      if (v !== null) hwm = Math.max(hwm, v);
    }, 50);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => {
      clearInterval(poll);
      const wallMs = performance.now() - t0;
      if (code !== 0) return reject(new Error(`nemesis index exited ${code}: ${stderr.trim().slice(-2000)}`));
      const usage = JSON.parse(readFileSync(usageFile, "utf8")) as NodeJS.ResourceUsage;
      rmSync(usageFile, { force: true });
      resolveRun({
        wallMs,
        cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
        hwm,
        maxRss: usage.maxRSS * 1024,
        load,
        summary: JSON.parse(stdout),
      });
    });
  });

const gb = (bytes: number) => `${(bytes / GB).toFixed(2)} GB`;

export const run = async (): Promise<void> => {
  out(`trees under ${SCALE_DIR}; ${availableParallelism()} cores; child node options: ${NODE_ARGS.join(" ") || "(none)"}`);
  const peaks = new Map<number, number>();
  for (const copies of COPIES) {
    let dir: string;
    try {
      dir = scaleTree(copies, SCALE_DIR, out);
    } catch (e) {
      out(`scale: ${(e as Error).message}`);
      return;
    }
    const s = sourceStats(dir);
    out(`tree ×${copies}: ${dir}, ${s.files} source files, ${(s.bytes / 1e6).toFixed(1)} MB`);
    for (let i = 0; i < RUNS; i++) {
      const r = await coldIndex(dir);
      peaks.set(copies, Math.max(peaks.get(copies) ?? 0, r.hwm));
      out(
        `  cold index: ${(r.wallMs / 1000).toFixed(1)} s wall, ${(r.cpuMs / 1000).toFixed(1)} s CPU (load ${r.load.toFixed(1)}), ` +
          `peak RSS ${gb(r.hwm)} (VmHWM; getrusage ${gb(r.maxRss)}), ${r.summary.files?.scanned ?? "?"} files indexed`,
      );
      const t = r.summary.timings;
      if (t) {
        const stages = [["scan", t.scanMs], ["parse", t.parseMs], ...Object.entries(t.projectMs)] as const;
        out(`    stages: ${stages.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(", ")}`);
      }
      const m = r.summary.maxRssMb;
      if (m) out(`    peak RSS (MB) at the end of each stage: ${Object.entries(m).map(([n, mb]) => `${n} ${mb}`).join(", ")}`);
    }
    rmSync(join(dir, ".nemesis"), { recursive: true, force: true });
  }
  const one = peaks.get(1);
  const two = peaks.get(2);
  if (one !== undefined) out(`peak RSS on the tree: ${gb(one)} (target < 1.50 GB: ${one < 1.5 * GB ? "met" : "NOT met"})`);
  if (one !== undefined && two !== undefined)
    out(`doubled / single: ${(two / one).toFixed(2)}× (target ≤ 1.5×: ${two <= 1.5 * one ? "met" : "NOT met"})`);
};
