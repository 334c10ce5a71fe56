import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { closeEventLog, openEventLog, type LogHandle } from "../src/events/index.js";
import { recordHistory, type HistoryReport } from "../src/sources/history/index.js";
import { BENCH_REPO } from "./benchRepo.js";
import { median, percentile } from "./stats.js";

/**
 * History ingestion (issue 31): recording a repository's git history as CommitObserved events.
 *   - the first look at sympy's last 10,000 commits, into an empty log (target: under 10 s);
 *   - a look when HEAD is already recorded (one `git rev-parse` and one index lookup);
 *   - a look after one new commit (target: under 100 ms).
 * The repository is NEMESIS_BENCH_HISTORY_REPO, else BENCH_REPO (a sympy clone with its history).
 * It is never changed: the bench clones it with --shared --no-checkout (instant, no copy of its
 * objects) and makes its new commits there with git's plumbing. Wall times beside the CPU time
 * of the git processes, which the load of a shared machine barely moves.
 * NEMESIS_BENCH_HISTORY_RUNS (default 20) sets the runs of the two small figures.
 */
const REPO = process.env.NEMESIS_BENCH_HISTORY_REPO ?? BENCH_REPO;
const RUNS = Number(process.env.NEMESIS_BENCH_HISTORY_RUNS ?? 20);
const FIRST_RUNS = 3;
const FIRST_TARGET_MS = 10_000;
const NEW_COMMIT_TARGET_MS = 100;
const SETTINGS = { enabled: true, max_commits: 10_000, since_days: 100_000 };

const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const met = (ok: boolean) => (ok ? "met" : "NOT met");

const git = (cwd: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}, input?: string): string =>
  execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.com", ...args], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    ...(input !== undefined ? { input } : {}),
  }).trim();

/** CPU seconds of this process's waited-for children (git), from /proc; null elsewhere. */
const childCpuMs = (): number | null => {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    // cutime and cstime: fields 16 and 17 of stat, 14 and 15 after the command name.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return null;
  }
};

/** A commit on HEAD that changes one file, made without a work tree: read HEAD's tree into a scratch index, change one blob, commit. */
const commitOnHead = (clone: string, n: number): void => {
  const index = join(clone, ".git", "bench-index");
  const env = { GIT_INDEX_FILE: index };
  git(clone, ["read-tree", "HEAD"], env);
  const blob = git(clone, ["hash-object", "-w", "--stdin"], env, `# bench commit ${n}\n`);
  git(clone, ["update-index", "--add", "--cacheinfo", `100644,${blob},bench_history_${n % 5}.py`], env);
  const tree = git(clone, ["write-tree"], env);
  const sha = git(clone, ["commit-tree", tree, "-p", "HEAD", "-m", `bench commit ${n}`]);
  git(clone, ["update-ref", "HEAD", sha]);
};

const freshLog = (dir: string): LogHandle => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(join(dir, `events.db${suffix}`), { force: true });
  return openEventLog(join(dir, "events.db"));
};

export const run = async (): Promise<void> => {
  if (!existsSync(REPO) || !existsSync(join(REPO, ".git"))) {
    out(`skipped: ${REPO} is not a git work tree with its history. Clone sympy there (git clone https://github.com/sympy/sympy ${REPO}),`);
    out("or name another with NEMESIS_BENCH_HISTORY_REPO.");
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "nemesis-history-bench-"));
  const clone = join(work, "repo");
  const dir = join(work, ".nemesis");
  execFileSync("git", ["clone", "-q", "--shared", "--no-checkout", REPO, clone]);
  mkdirSync(dir);
  const look = (log: LogHandle): Promise<HistoryReport> => recordHistory({ root: clone, nemesisDir: dir, log, settings: SETTINGS, meta: { source: "bench" } });
  try {
    out(`repository ${REPO} (${git(clone, ["rev-list", "--count", "HEAD"])} commits), ${`load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`}`);

    const first: number[] = [];
    const firstCpu: number[] = [];
    const nodeCpu: number[] = [];
    let log: LogHandle | null = null;
    let observed = 0;
    for (let i = 0; i < FIRST_RUNS; i++) {
      if (log !== null) closeEventLog(log);
      log = freshLog(dir);
      const cpu0 = childCpuMs();
      const own0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await look(log);
      first.push(performance.now() - t0);
      const own = process.cpuUsage(own0);
      nodeCpu.push((own.user + own.system) / 1000);
      const cpu1 = childCpuMs();
      if (cpu0 !== null && cpu1 !== null) firstCpu.push(cpu1 - cpu0);
      observed = r.observed;
      if (!r.available) throw new Error(`history not read: ${r.note}`);
    }
    const firstMedian = median(first);
    out(
      `first look, ${observed.toLocaleString("en-US")} commits into an empty log: median ${ms(firstMedian)} of ${FIRST_RUNS} ` +
        `(${first.map(ms).join(", ")}); CPU: Nemesis ${ms(median(nodeCpu))}${firstCpu.length > 0 ? `, git ${ms(median(firstCpu))}` : ""} (target < ${FIRST_TARGET_MS / 1000} s: ${met(firstMedian < FIRST_TARGET_MS)})`,
    );

    /** Wall time of one look, and the CPU time of Nemesis and its git processes during it. */
    const timed = async (): Promise<{ wall: number; cpu: number | null; report: HistoryReport }> => {
      const child0 = childCpuMs();
      const own0 = process.cpuUsage();
      const t0 = performance.now();
      const report = await look(log!);
      const wall = performance.now() - t0;
      const own = process.cpuUsage(own0);
      const child1 = childCpuMs();
      return { wall, cpu: child0 === null || child1 === null ? null : (own.user + own.system) / 1000 + child1 - child0, report };
    };
    const cpuText = (cpus: ReadonlyArray<number | null>) => (cpus.every((c) => c !== null) ? `; CPU p50 ${ms(median(cpus as number[]))}` : "");

    const known: Array<Awaited<ReturnType<typeof timed>>> = [];
    for (let i = 0; i < RUNS; i++) known.push(await timed());
    const knownWall = known.map((k) => k.wall);
    out(`HEAD already recorded: p50 ${ms(median(knownWall))}, p95 ${ms(percentile(knownWall, 95))}${cpuText(known.map((k) => k.cpu))} (${RUNS} runs)`);

    const fresh: Array<Awaited<ReturnType<typeof timed>>> = [];
    for (let i = 0; i < RUNS; i++) {
      commitOnHead(clone, i);
      const t = await timed();
      if (t.report.observed !== 1) throw new Error(`one new commit, yet ${t.report.observed} recorded`);
      fresh.push(t);
    }
    const freshWall = fresh.map((f) => f.wall);
    const p50 = median(freshWall);
    out(
      `one new commit: p50 ${ms(p50)}, p95 ${ms(percentile(freshWall, 95))}${cpuText(fresh.map((f) => f.cpu))} ` +
        `(${RUNS} runs; target < ${NEW_COMMIT_TARGET_MS} ms: ${met(p50 < NEW_COMMIT_TARGET_MS)})`,
    );
    closeEventLog(log!);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};
