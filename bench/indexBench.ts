/**
 * Indexing figures on a real repository (NEMESIS_BENCH_REPO, default sympy materialised from
 * the local mirror into /tmp/nemesis-bench/sympy):
 *   - parse-only throughput: tree-sitter alone on 2 worker threads (the ceiling), and the
 *     indexer's own workers (parse + extract + chunk), no events (MB/s, MB per CPU-second);
 *   - cold index: `node dist/cli.js index` on a fresh copy, without embeddings (provider "none")
 *     and with the default embedder (wall, files/s, MB/s, CPU, peak RSS);
 *   - no-change re-index: the same command again (wall); graph replay (wall, ratio);
 *   - one changed file: FileChanged appended → graph checkpoint past it, in a warm engine (p50).
 * NEMESIS_BENCH_RUNS sets the repetitions of the heavy figures (default 2), NEMESIS_BENCH_PHASES
 * picks figures (parse,cold,latency), NEMESIS_BENCH_DELTAS
 * the number of single-file edits (default 20). Run after `npm run build`.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { Worker } from "node:worker_threads";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as Either from "effect/Either";
import { recordFileChanges } from "../src/commands/recordFileChanges.js";
import { inspectFile, scanProject } from "../src/sources/scan/index.js";
import { defaultConfig, nemesisPaths } from "../src/config/index.js";
import { Engine } from "../src/engine/index.js";
import { closeEventLog, openEventLog } from "../src/events/index.js";
import { createParsePool, decodeSourceBytes } from "../src/parse/index.js";
import { median, percentile } from "./stats.js";

const DEFAULT_REPO = "/tmp/nemesis-bench/sympy";
const MIRROR = "/work/.mirror/sympy+sympy/repo";
const CLI = fileURLToPath(new URL("../cli.js", import.meta.url));
const RUNS = Number(process.env.NEMESIS_BENCH_RUNS ?? 2);
const DELTAS = Number(process.env.NEMESIS_BENCH_DELTAS ?? 20);
/** Which figures to take: any of parse, cold, latency (default all). */
const PHASES = new Set((process.env.NEMESIS_BENCH_PHASES ?? "parse,cold,latency").split(","));

const out = (line: string) => process.stdout.write(`${line}\n`);

/** The benchmark repository, materialised from the local bare mirror when it is the default and missing. */
const benchRepo = (): string | null => {
  const repo = resolve(process.env.NEMESIS_BENCH_REPO ?? DEFAULT_REPO);
  if (existsSync(repo)) return repo;
  if (repo !== DEFAULT_REPO || !existsSync(MIRROR)) {
    out(
      `index: no repository at ${repo}. Get one with\n` +
        `  git clone --depth 1 https://github.com/sympy/sympy ${DEFAULT_REPO}\n` +
        `or, from a bare mirror: mkdir -p ${DEFAULT_REPO} && git --git-dir=<mirror> archive HEAD | tar -x -C ${DEFAULT_REPO}\n` +
        `or set NEMESIS_BENCH_REPO to any checkout.`,
    );
    return null;
  }
  mkdirSync(repo, { recursive: true });
  execFileSync("sh", ["-c", `git --git-dir="${MIRROR}" archive HEAD | tar -x -C "${repo}"`]);
  return repo;
};

/** Runs the built CLI; a preloaded module reports the child's peak RSS (workers included) on exit. */
interface CliRun {
  readonly wallMs: number;
  /** User + system CPU of the child and its worker threads: unlike wall time, barely moved by other load on the box. */
  readonly cpuMs: number;
  readonly maxRssMb: number;
  readonly summary: any;
}

const runIndexCli = (dir: string): Promise<CliRun> =>
  new Promise((resolvePromise, reject) => {
    const rssFile = join(tmpdir(), `nemesis-rss-${process.pid}-${Date.now()}`);
    const preload =
      "data:text/javascript,import{writeFileSync}from'node:fs';process.on('exit',()=>{const u=process.resourceUsage();writeFileSync(process.env.NEMESIS_RSS_FILE,JSON.stringify(u))})";
    const t0 = performance.now();
    const child = spawn(process.execPath, ["--import", preload, CLI, "index", dir, "--json", "--no-progress"], {
      env: { ...process.env, NEMESIS_RSS_FILE: rssFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => {
      const wallMs = performance.now() - t0;
      if (code !== 0) return reject(new Error(`nemesis index exited ${code}: ${stderr.trim()}`));
      const usage = JSON.parse(readFileSync(rssFile, "utf8")) as NodeJS.ResourceUsage;
      rmSync(rssFile, { force: true });
      resolvePromise({
        wallMs,
        cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
        maxRssMb: usage.maxRSS / 1024,
        summary: JSON.parse(stdout),
      });
    });
  });

interface ParseInputs {
  readonly files: number;
  readonly bytes: number;
  readonly inputs: ReadonlyArray<{ path: string; text: string; contentHash: string; budgetMs: number }>;
}

const readInputs = async (repo: string): Promise<ParseInputs> => {
  const config = defaultConfig();
  const scan = await scanProject(repo, {
    ignore: config.index.ignore,
    languages: [],
    maxFileBytes: config.index.max_file_bytes,
    maxLineLength: config.index.max_line_length,
  });
  const inputs = scan.files.map((f) => {
    const decoded = decodeSourceBytes(readFileSync(join(repo, f.path)));
    return { path: f.path, text: "text" in decoded ? decoded.text : "", contentHash: f.contentHash, budgetMs: config.index.parse_budget_ms };
  });
  return { files: inputs.length, bytes: scan.bytes, inputs };
};

interface Timed {
  readonly ms: number[];
  readonly cpuMs: number[];
}

/** Runs `work` RUNS times, timing wall and this process's CPU (its worker threads included). */
const timed = async (work: () => Promise<void>): Promise<Timed> => {
  const ms: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await work();
    ms.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuMs.push((c.user + c.system) / 1000);
  }
  return { ms, cpuMs };
};

/** Tree-sitter alone on 2 worker threads: the parse-only ceiling. */
const treeSitterOnly = (inputs: ParseInputs["inputs"]): Promise<void> =>
  new Promise((resolveAll, reject) => {
    const url = new URL("./treeSitterWorker.js", import.meta.url);
    const workers = [new Worker(url), new Worker(url)];
    let next = 0;
    let done = 0;
    const feed = (w: Worker) => {
      if (next >= inputs.length) return;
      const i = next++;
      w.postMessage({ id: i, path: inputs[i]!.path, text: inputs[i]!.text });
    };
    const finish = () => Promise.all(workers.map((w) => w.terminate()));
    for (const w of workers) {
      w.on("message", () => {
        if (++done === inputs.length) void finish().then(() => resolveAll());
        else feed(w);
      });
      w.on("error", (e) => void finish().then(() => reject(e)));
      feed(w);
    }
  });

/** parse + extract + chunk (and the payload's JSON, made in the worker) on the indexer's own pool of 2 workers (no events). */
const parseExtractChunk = async (inputs: ParseInputs["inputs"]): Promise<void> => {
  const pool = createParsePool({ size: 2 });
  try {
    if (pool.mode !== "worker") out("  (parse pool ran in-process: build first so dist/parse/parseWorker.js exists)");
    await Promise.all(inputs.map((input) => pool.parseEncoded(input)));
  } finally {
    await pool.close();
  }
};

/**
 * Edits one file at a time in a warm engine: FileChanged appended → graph checkpoint past it.
 * The engine indexes `dir` itself first, so its graph is loaded exactly as a running engine's is.
 */
interface Latency {
  /** FileChanged appended → graph checkpoint past it (parse, then the projectors before and including the graph). */
  readonly toGraphMs: number;
  readonly totalMs: number;
  readonly parseMs: number;
  readonly projectMs: Record<string, number>;
}

/** How the latency figure edits a file: after its last line, or before its first (every line below moves). */
const EDITS = {
  "a comment appended": (text: string, i: number) => `${text}\n# bench edit ${i}\n`,
  "a line inserted at the top": (text: string, i: number) => `# bench edit ${i}\n${text}`,
} as const;
type EditKind = keyof typeof EDITS;

/** The file the CLI figure edits (in sympy): few files depend on it, as for most edits. */
const ONE_FILE = "sympy/physics/optics/waves.py";

/** Files changed at once by the batch figure (a branch switch, a formatter run). */
const BATCH_FILES = 300;

interface LatencyRun {
  readonly single: Latency[];
  /** BATCH_FILES files edited, then one catch-up: its timings. */
  readonly batch: Latency & { readonly files: number };
}

const singleFileLatency = async (dir: string, edit: EditKind): Promise<LatencyRun> => {
  const paths = nemesisPaths(dir);
  const config = defaultConfig();
  const limits = { maxFileBytes: config.index.max_file_bytes, maxLineLength: config.index.max_line_length };
  const log = openEventLog(paths.events);
  const engine = Either.getOrThrow(await Engine.open({ paths, config, log }));
  const latencies: Latency[] = [];
  try {
    const scan = await scanProject(dir, { ignore: config.index.ignore, languages: [], ...limits });
    recordFileChanges(log, scan, { meta: { source: "bench" } });
    await engine.catchUp();
    const graph = engine.projectors.find((p) => p.name === "graph");
    const candidates = scan.files.filter((f) => f.path.endsWith(".py") && !f.path.includes("/tests/"));
    for (let i = 0; i < DELTAS; i++) {
      const file = candidates[(i * 7919) % candidates.length]!;
      const abs = join(dir, file.path);
      writeFileSync(abs, EDITS[edit](readFileSync(abs, "utf8"), i));
      const seen = inspectFile(abs, limits);
      if (seen.kind !== "file") continue;
      const r = recordFileChanges(log, { files: [{ ...file, ...seen }], skipped: [], scope: file.path }, { meta: { source: "bench" } });
      const t0 = performance.now();
      const result = await engine.catchUp();
      const totalMs = performance.now() - t0;
      const projectMs = Object.fromEntries(result.projections.map((p) => [p.name, p.durationMs]));
      // Parsing, then the catalog and the graph one after the other; the chunk model runs alongside in its own thread.
      const toGraphMs = result.parseMs + result.projections.filter((p) => p.name === "catalog" || p.name === "graph").reduce((a, p) => a + p.durationMs, 0);
      latencies.push({ toGraphMs, totalMs, parseMs: result.parseMs, projectMs });
      const reached = graph ? (await graph.checkpoint()).position : Infinity;
      if (reached < r.lastPosition) throw new Error(`graph checkpoint #${reached} did not pass FileChanged #${r.lastPosition}`);
    }
    const many = candidates.filter((_, i) => i % 3 === 1).slice(0, BATCH_FILES);
    const files = many.flatMap((file, i) => {
      const abs = join(dir, file.path);
      writeFileSync(abs, EDITS[edit](readFileSync(abs, "utf8"), DELTAS + i));
      const seen = inspectFile(abs, limits);
      return seen.kind === "file" ? [{ ...file, ...seen }] : [];
    });
    // Scoped to one of the edited files, as a single edit is: no deletion is inferred for the rest.
    recordFileChanges(log, { files, skipped: [], scope: files[0]!.path }, { meta: { source: "bench" } });
    const t0 = performance.now();
    const result = await engine.catchUp();
    const totalMs = performance.now() - t0;
    const projectMs = Object.fromEntries(result.projections.map((p) => [p.name, p.durationMs]));
    const toGraphMs = result.parseMs + (projectMs.catalog ?? 0) + (projectMs.graph ?? 0);
    return { single: latencies, batch: { files: files.length, toGraphMs, totalMs, parseMs: result.parseMs, projectMs } };
  } finally {
    await engine.close();
    closeEventLog(log);
  }
};

const copyRepo = (repo: string): string => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-index-bench-"));
  cpSync(repo, dir, { recursive: true, filter: (src) => !src.includes("/.nemesis") });
  return dir;
};

interface ParseFigures {
  /** Tree-sitter alone, 2 workers: the parse-only ceiling. */
  readonly treeSitter: { readonly mbPerSecond: number; readonly mbPerCpuSecond: number };
  /** The indexer's workers: parse + extract + chunk. */
  readonly workers: { readonly mbPerSecond: number; readonly mbPerCpuSecond: number };
}

/** Runs a CLI command in `dir` (no figures, just its wall time). */
const runCliMs = (dir: string, ...args: string[]): number => {
  const t0 = performance.now();
  execFileSync(process.execPath, [CLI, ...args], { cwd: dir, stdio: "ignore" });
  return performance.now() - t0;
};

const EMBEDDING_MODES = [
  // The code-graph issue's figure: the full pipeline without embeddings (keyword index only).
  { provider: "none", label: "without embeddings" },
  { provider: "default", label: "with the default embedder" },
] as const;

const reportColdIndex = async (repo: string, parse: ParseFigures | null) => {
  for (const mode of EMBEDDING_MODES) {
    const cold: CliRun[] = [];
    const noChange: number[] = [];
    const replayGraph: number[] = [];
    /** One file edited, then `nemesis index`: the first time after the cold index, then again (both restore the resolution cache). */
    const oneFile: Array<readonly [number, number]> = [];
    for (let i = 0; i < RUNS; i++) {
      const dir = copyRepo(repo);
      try {
        mkdirSync(join(dir, ".nemesis"), { recursive: true });
        writeFileSync(join(dir, ".nemesis", "config.toml"), `[embedding]\nprovider = "${mode.provider}"\n`);
        cold.push(await runIndexCli(dir));
        noChange.push((await runIndexCli(dir)).wallMs);
        if (mode.provider === "none") {
          const edited = join(dir, ONE_FILE);
          const edit = async (i: number) => {
            writeFileSync(edited, EDITS["a comment appended"](readFileSync(edited, "utf8"), i));
            return (await runIndexCli(dir)).wallMs;
          };
          // Another repository than sympy may not have it: the figure is then left out.
          if (existsSync(edited)) oneFile.push([await edit(1), await edit(2)]);
          replayGraph.push(runCliMs(dir, "replay", "--projection", "graph"));
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const coldMs = median(cold.map((c) => c.wallMs));
    const s = cold[0]!.summary;
    const rate = s.files.bytes / 1e6 / (coldMs / 1000);
    out(
      `cold index ${mode.label}: ${s.files.scanned} files, ${(s.files.bytes / 1e6).toFixed(1)} MB in ${(coldMs / 1000).toFixed(1)} s = ` +
        `${Math.round(s.files.scanned / (coldMs / 1000))} files/s, ${rate.toFixed(2)} MB/s (target < 30 s)`,
    );
    if (parse) {
      out(
        `  ${((rate / parse.treeSitter.mbPerSecond) * 100).toFixed(0)}% of tree-sitter-only throughput (target >= 40%), ` +
          `${((rate / parse.workers.mbPerSecond) * 100).toFixed(0)}% of parse+extract+chunk`,
      );
    }
    const coldCpu = median(cold.map((c) => c.cpuMs));
    const perCpu = s.files.bytes / 1e6 / (coldCpu / 1000);
    out(
      `  CPU ${(coldCpu / 1000).toFixed(1)} s = ${perCpu.toFixed(2)} MB per CPU-second` +
        (parse ? ` (${((perCpu / parse.treeSitter.mbPerCpuSecond) * 100).toFixed(0)}% of tree-sitter-only per CPU-second)` : ""),
    );
    out(
      `  peak RSS ${Math.round(median(cold.map((c) => c.maxRssMb)))} MB (target < 1536 MB); peak so far at the end of each stage: ` +
        Object.entries((s.maxRssMb ?? {}) as Record<string, number>).map(([stage, mb]) => `${stage} ${mb}`).join(", "),
    );
    const t = s.timings;
    out(
      `  phases (first run): scan ${(t.scanMs / 1000).toFixed(1)} s, record ${(t.recordMs / 1000).toFixed(1)} s, parse ${(t.parseMs / 1000).toFixed(1)} s, ` +
        Object.entries(t.projectMs as Record<string, number>).map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(", ") +
        " (the chunk model runs in its own thread, alongside parsing and the graph)",
    );
    out(`  no-change re-index: ${(median(noChange) / 1000).toFixed(2)} s wall, CLI start to exit (target < 2 s)`);
    if (oneFile.length > 0) {
      out(
        `  ${ONE_FILE} edited, then nemesis index (no engine running): ${(median(oneFile.map((r) => r[0])) / 1000).toFixed(2)} s the first time ` +
          `after the cold index, ${(median(oneFile.map((r) => r[1])) / 1000).toFixed(2)} s the next (each restores the graph's resolution cache)`,
      );
    }
    if (replayGraph.length > 0) {
      const replayMs = median(replayGraph);
      out(
        `  nemesis replay --projection graph: ${(replayMs / 1000).toFixed(1)} s wall, CLI start to exit = ` +
          `${(coldMs / replayMs).toFixed(1)}x faster than this cold index (target >= 3x)`,
      );
    }
  }
};

const reportLatency = async (repo: string) => {
  for (const edit of Object.keys(EDITS) as EditKind[]) {
    const dir = copyRepo(repo);
    try {
      const { single: latencies, batch } = await singleFileLatency(dir, edit);
      const toGraph = latencies.map((l) => l.toGraphMs);
      out(
        `one changed file (${edit}) -> graph: p50 ${median(toGraph).toFixed(0)} ms, p95 ${percentile(toGraph, 95).toFixed(0)} ms over ${latencies.length} edits (target p50 < 200 ms)`,
      );
      const names = Object.keys(latencies[0]?.projectMs ?? {});
      out(
        `  medians: parse ${median(latencies.map((l) => l.parseMs)).toFixed(0)} ms, ` +
          names.map((n) => `${n} ${median(latencies.map((l) => l.projectMs[n] ?? 0)).toFixed(0)} ms`).join(", ") +
          `, whole pipeline ${median(latencies.map((l) => l.totalMs)).toFixed(0)} ms`,
      );
      out(
        `${batch.files} files changed at once (${edit}) -> graph: ${(batch.toGraphMs / 1000).toFixed(1)} s (parse ${(batch.parseMs / 1000).toFixed(1)} s, ` +
          `graph ${((batch.projectMs.graph ?? 0) / 1000).toFixed(1)} s; whole pipeline ${(batch.totalMs / 1000).toFixed(1)} s)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
};

export const run = async (): Promise<void> => {
  const repo = benchRepo();
  if (repo === null) return;
  if (!existsSync(CLI)) {
    out(`index: ${CLI} is missing: run \`npm run build\` first`);
    return;
  }
  out(`repository ${repo} (${RUNS} runs each, medians; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
  let parseFigures: ParseFigures | null = null;
  if (PHASES.has("parse")) {
    const data = await readInputs(repo);
    const rates = (t: Timed) => ({
      mbPerSecond: data.bytes / 1e6 / (median(t.ms) / 1000),
      mbPerCpuSecond: data.bytes / 1e6 / (median(t.cpuMs) / 1000),
    });
    const tree = await timed(() => treeSitterOnly(data.inputs));
    const workers = await timed(() => parseExtractChunk(data.inputs));
    parseFigures = { treeSitter: rates(tree), workers: rates(workers) };
    for (const [label, t, r] of [
      ["tree-sitter only (parse-only)", tree, parseFigures.treeSitter],
      ["parse + extract + chunk", workers, parseFigures.workers],
    ] as const) {
      out(
        `${label}, 2 workers: ${data.files} files, ${(data.bytes / 1e6).toFixed(1)} MB in ${(median(t.ms) / 1000).toFixed(1)} s = ` +
          `${r.mbPerSecond.toFixed(2)} MB/s, ${Math.round(data.files / (median(t.ms) / 1000))} files/s; ` +
          `CPU ${(median(t.cpuMs) / 1000).toFixed(1)} s = ${r.mbPerCpuSecond.toFixed(2)} MB per CPU-second`,
      );
    }
  }
  if (PHASES.has("cold")) await reportColdIndex(repo, parseFigures);
  if (PHASES.has("latency")) await reportLatency(repo);
};
