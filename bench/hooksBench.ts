/**
 * Claude Code hooks on a real repository (a copy of the kept index of BENCH_REPO, sympy, see
 * keptIndex.ts), each a fresh `node dist/cli.js hook <name>` process fed its JSON on stdin, as
 * Claude Code runs it:
 *   - file-changed: wall time, process start to exit, p50/p95 beside `node -e 0` measured in the
 *     same run, interleaved (target: within 60 ms of it); each call edits a sympy file first, so
 *     every call appends a FileChanged;
 *   - session-start: wall time (target: under 300 ms), with the architecture an engine cached,
 *     and the size of its answer in cl100k tokens (target: under 2,000);
 *   - prompt-submit with no engine running (an engine is opened for the answer): for reference;
 *   - the auto-learn classifier's precision and recall on the labelled sets (fixtures/autolearn).
 * Wall times are measured beside CPU times (user + system, reported by each process at exit),
 * which the load of a shared machine barely moves. `measureHook` and `nodeBaseline` are exported
 * for other suites to reuse; the live suite times the file-changed hook until queries see the save.
 * NEMESIS_BENCH_HOOK_RUNS (default 30) sets the runs per figure. Run after `npm run build`.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { classifyInstruction } from "../src/commands/learn/classifyInstruction.js";
import { LABELLED_SETS, readLabelledSet } from "../src/commands/learn/labelledSets.js";
import { scoreClassifier } from "../src/commands/learn/scoreClassifier.js";
import { BENCH_REPO } from "./benchRepo.js";
import { CLI } from "./benchServer.js";
import { indexedCopy, KEPT } from "./keptIndex.js";
import { median, percentile } from "./stats.js";

const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const RUNS = Number(process.env.NEMESIS_BENCH_HOOK_RUNS ?? 30);
const PROMPT_RUNS = 3;

const FILE_CHANGED_OVER_NODE_MS = 60;
const SESSION_START_MS = 300;
const SESSION_TOKENS = 2_000;

const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const load = () => `load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`;
const met = (ok: boolean) => (ok ? "met" : "NOT met");

const USAGE_FILE = join(tmpdir(), `nemesis-hook-usage-${process.pid}`);
/** Preloaded into a process measured for CPU: at exit it writes its resource usage where the bench reads it. */
const USAGE_PRELOAD =
  "data:text/javascript,import{writeFileSync}from'node:fs';process.on('exit',()=>writeFileSync(process.env.NEMESIS_USAGE_FILE,JSON.stringify(process.resourceUsage())))";

/**
 * One process, start to exit, with `stdin` written to it: its wall time, or with `cpu` its user +
 * system CPU time (a preload reports it at exit; unlike wall time, the load of a shared box barely
 * moves it). Fails on a non-zero exit or anything on stderr.
 */
const measure = (args: ReadonlyArray<string>, cwd: string, stdin: string, cpu: boolean, notesAllowed = false): { ms: number; stdout: string } => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, cpu ? ["--import", USAGE_PRELOAD, ...args] : args, {
    cwd,
    input: stdin,
    encoding: "utf8",
    env: { ...process.env, NEMESIS_USAGE_FILE: USAGE_FILE },
  });
  const elapsed = performance.now() - t0;
  if (r.status !== 0 || (r.stderr !== "" && !notesAllowed)) throw new Error(`node ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  if (!cpu) return { ms: elapsed, stdout: r.stdout };
  const usage = JSON.parse(readFileSync(USAGE_FILE, "utf8")) as NodeJS.ResourceUsage;
  return { ms: (usage.userCPUTime + usage.systemCPUTime) / 1000, stdout: r.stdout };
};

/** `node -e 0`: what starting Node alone costs on this machine right now (wall, or CPU with `cpu`). */
export const nodeBaseline = (cwd: string, cpu = false): number => measure(["-e", "0"], cwd, "", cpu).ms;

/** One `nemesis hook <name>` process on `root`, fed `input` as Claude Code does (wall, or CPU with `cpu`). */
export const measureHook = (root: string, name: string, input: unknown, cpu = false): { ms: number; stdout: string } =>
  measure([CLI, "hook", name], root, JSON.stringify(input), cpu);

const hookInput = (root: string, event: string, fields: Record<string, unknown>) => ({
  session_id: "bench",
  transcript_path: join(root, "bench.jsonl"),
  cwd: root,
  hook_event_name: event,
  ...fields,
});

/** Edits a source file (a comment at its end) so that the next file-changed call has something to record. */
const touch = (path: string, i: number) => appendFileSync(path, `# bench edit ${i}\n`);

const tokensOf = (text: string): number => {
  const { getEncoding } = createRequire(import.meta.url)("js-tiktoken") as typeof import("js-tiktoken");
  return getEncoding("cl100k_base").encode(text).length;
};

interface Samples {
  readonly wall: number[];
  readonly cpu: number[];
}
const samples = (): Samples => ({ wall: [], cpu: [] });
const spread = (s: Samples): string => `p50 ${ms(median(s.wall))}, p95 ${ms(percentile(s.wall, 95))} (CPU p50 ${ms(median(s.cpu))})`;

const fileChanged = (root: string): void => {
  const target = join(root, "sympy", "core", "basic.py");
  const input = hookInput(root, "PostToolUse", { tool_name: "Edit", tool_input: { file_path: target } });
  const node = samples();
  const hook = samples();
  // Warm the OS's file cache for both, then interleave: the machine's load drifts during a run.
  nodeBaseline(root);
  touch(target, -1);
  measureHook(root, "file-changed", input);
  for (let i = 0; i < RUNS; i++) {
    for (const cpu of [false, true]) {
      (cpu ? node.cpu : node.wall).push(nodeBaseline(root, cpu));
      touch(target, 2 * i + (cpu ? 1 : 0));
      const r = measureHook(root, "file-changed", input, cpu);
      if (r.stdout !== "") throw new Error(`file-changed printed ${JSON.stringify(r.stdout)}`);
      (cpu ? hook.cpu : hook.wall).push(r.ms);
    }
  }
  const over = median(hook.wall) - median(node.wall);
  out(
    `file-changed (${RUNS} calls, each after an edit of sympy/core/basic.py, process start to exit): ${spread(hook)}; node -e 0 ${spread(node)}; ` +
      `the hook's own cost p50 ${ms(over)} wall, ${ms(median(hook.cpu) - median(node.cpu))} CPU (target < ${FILE_CHANGED_OVER_NODE_MS} ms wall: ${met(over < FILE_CHANGED_OVER_NODE_MS)})`,
  );
};

const sessionStart = (root: string): void => {
  const input = hookInput(root, "SessionStart", { source: "startup" });
  measureHook(root, "session-start", input);
  const hook = samples();
  const node = samples();
  let context = "";
  for (let i = 0; i < RUNS; i++) {
    for (const cpu of [false, true]) {
      (cpu ? node.cpu : node.wall).push(nodeBaseline(root, cpu));
      const r = measureHook(root, "session-start", input, cpu);
      (cpu ? hook.cpu : hook.wall).push(r.ms);
      context = (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
    }
  }
  const tokens = tokensOf(context);
  out(
    `session-start (${RUNS} calls, with the cached architecture): ${spread(hook)} (target < ${SESSION_START_MS} ms: ${met(median(hook.wall) < SESSION_START_MS)}); node -e 0 ${spread(node)}; ` +
      `answer ${tokens.toLocaleString("en-US")} cl100k tokens, ${context.split("\n").length} lines (target < ${SESSION_TOKENS.toLocaleString("en-US")}: ${met(tokens < SESSION_TOKENS)})`,
  );
};

const promptSubmit = (root: string): void => {
  const input = JSON.stringify(hookInput(root, "UserPromptSubmit", { prompt: "Why does simplify turn products of sines into sums, and where is that done?" }));
  const times: number[] = [];
  let answered = 0;
  for (let i = 0; i < PROMPT_RUNS; i++) {
    // Past its deadline the hook answers nothing and notes why: counted, not an error.
    const r = measure([CLI, "hook", "prompt-submit"], root, input, false, true);
    times.push(r.ms);
    if (r.stdout !== "") answered++;
  }
  out(
    `prompt-submit, no engine running (${PROMPT_RUNS} calls; each opens an engine on the index for the answer): p50 ${ms(median(times))}, max ${ms(Math.max(...times))}; ` +
      `${answered} answered, ${PROMPT_RUNS - answered} gave up at the hook's deadline (no target)`,
  );
};

const classifier = (): void => {
  for (const name of LABELLED_SETS) {
    const set = readLabelledSet(REPO_ROOT, name);
    const s = scoreClassifier(set, classifyInstruction);
    out(
      `auto-learn classifier on fixtures/autolearn/${name} (${set.length} sentences, ${s.positives} instructions): precision ${s.precision.toFixed(3)} (${s.truePositives}/${s.truePositives + s.falsePositives}), ` +
        `recall ${s.recall.toFixed(3)} (${s.truePositives}/${s.positives}) (targets ≥ 0.95 and ≥ 0.70: ${met(s.precision >= 0.95 && s.recall >= 0.7)})`,
    );
    for (const m of s.mistakes) out(`  [${m.label} → ${m.got}] ${m.text}`);
  }
};

export const run = async (): Promise<void> => {
  classifier();
  if (!existsSync(CLI)) {
    out(`hooks: ${CLI} is missing: run \`npm run build\` first`);
    return;
  }
  if (!existsSync(BENCH_REPO)) {
    out(`hooks: no repository at ${BENCH_REPO}; clone one (e.g. git clone https://github.com/sympy/sympy ${BENCH_REPO}) or set NEMESIS_BENCH_REPO`);
    return;
  }
  const root = indexedCopy(BENCH_REPO, "/tmp/nemesis-bench/hooks-run-", (what, took) => out(`${what} in ${ms(took)} (${KEPT}; ${load()})`));
  try {
    const t0 = performance.now();
    // The engine caches the architecture when it computes it; session-start reads that cache.
    const arch = spawnSync(process.execPath, [CLI, "query", "get_architecture"], { cwd: root, encoding: "utf8" });
    if (arch.status !== 0) throw new Error(`get_architecture on the copy failed: ${arch.stderr}`);
    out(`architecture cached in ${ms(performance.now() - t0)} by an engine on the copy (${load()})`);
    fileChanged(root);
    sessionStart(root);
    promptSubmit(root);
    out(`(${load()})`);
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(USAGE_FILE, { force: true });
  }
};
