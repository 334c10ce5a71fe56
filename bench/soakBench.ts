/**
 * Soak: a day of work compressed into a bounded run, through the real server. `nemesis serve`
 * (the owner, its watcher on) on an indexed copy of the bench repository (a git checkout of
 * sympy: the kept index of the mcp suite), a second `serve` of the same project (a second editor
 * window: a front end of the first, DESIGN.md §6), and for NEMESIS_BENCH_SOAK_MINUTES (10):
 *   - NEMESIS_BENCH_SOAK_SAVES (5,000) scripted saves, spread evenly, across
 *     NEMESIS_BENCH_SOAK_FILES (200) library files: edits, new files, deletions and renames, and
 *     every NEMESIS_BENCH_SOAK_SWITCH_EVERY (1,000) saves a branch switch: the saves are committed
 *     and another sympy commit is checked out (NEMESIS_BENCH_SOAK_OTHER, default HEAD~180: ~300
 *     Python files differ), then back; each switch is timed until the engine has caught up;
 *   - NEMESIS_BENCH_SOAK_CALLS (3,000) calls in all, from the two clients, cycling through every
 *     core tool;
 *   - after every NEMESIS_BENCH_SOAK_HOOK_EVERY-th (10th) save, `nemesis hook file-changed` fed
 *     Claude Code's PostToolUse JSON, as Claude Code runs it.
 * Figures: the owner's RSS (from /proc) and V8 heap (SIGUSR2 makes `serve` log it) at the end of
 * the first minute and at the end, and its open file descriptors; p50/p95 of each tool in the
 * first minute and in the last; every save found in the log; whether at the end the read models
 * equal a fresh `nemesis index` of the disk (graph dump, chunk ids, catalog hashes).
 *
 * The `switch` phase (NEMESIS_BENCH_SOAK_PHASES=switch,soak) compares a branch switch through
 * the server (checkout, then index_project) with `nemesis index` after the same checkout, on two
 * copies, alternately, NEMESIS_BENCH_SWITCH_RUNS (4) times each. Run after `npm run build`.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { nemesisPaths } from "../src/config/index.js";
import { engineOwner } from "../src/engine/index.js";
import { closeEventLog, countPendingEvents, headPosition, openEventLog, readEvents, readProjectionHint, readReactorCheckpoint, type LogHandle } from "../src/events/index.js";
import { parseMemoryLine } from "../src/mcp/memoryLine.js";
import { PARSE_REACTOR } from "../src/parse/reactor/index.js";
import { digestDifferences, PROJECTIONS, readModelDigest } from "../src/projections/index.js";
import { hashContent } from "../src/shared/sourceFile/hashContent.js";
import { readWatcherState } from "../src/sources/watcher/index.js";
import { BENCH_REPO } from "./benchRepo.js";
import { caughtUp, CLI, connect, stop, textOf, warmedUp, type Server } from "./benchServer.js";
import { indexedCopy, KEPT } from "./keptIndex.js";
import { seedMemory, TOOL_ARGS } from "./mcpBench.js";
import { median, percentile } from "./stats.js";

const env = process.env;
const MINUTES = Number(env.NEMESIS_BENCH_SOAK_MINUTES ?? 10);
const SAVES = Number(env.NEMESIS_BENCH_SOAK_SAVES ?? 5_000);
const CALLS = Number(env.NEMESIS_BENCH_SOAK_CALLS ?? 3_000);
const FILES = Number(env.NEMESIS_BENCH_SOAK_FILES ?? 200);
const SWITCH_EVERY = Number(env.NEMESIS_BENCH_SOAK_SWITCH_EVERY ?? 1_000);
const HOOK_EVERY = Number(env.NEMESIS_BENCH_SOAK_HOOK_EVERY ?? 10);
const OTHER = env.NEMESIS_BENCH_SOAK_OTHER ?? "HEAD~180";
const PHASES = (env.NEMESIS_BENCH_SOAK_PHASES ?? "switch,soak").split(",").map((p) => p.trim());
const SWITCH_RUNS = Number(env.NEMESIS_BENCH_SWITCH_RUNS ?? 4);
/**
 * How the switch phase changes the tree: `checkout` is `git checkout` (git rewrites the files that
 * differ); `rewrite` deletes every file and writes the commit's tree anew (what the localisation
 * harness does, and tools that materialise a tree: every file's mtime moves, ~300 differ in content).
 */
const SWITCH_KINDS = (env.NEMESIS_BENCH_SWITCH_KINDS ?? "checkout,rewrite").split(",").map((k) => k.trim()) as Array<"checkout" | "rewrite">;
const VERBOSE = env.NEMESIS_BENCH_VERBOSE === "1";
/** Print where the owner's RSS is (scripts/smaps-summary.mjs) with each sample. */
const SMAPS = env.NEMESIS_BENCH_SOAK_SMAPS === "1";
/** Skip the comparison with a fresh index at the end (a memory experiment does not need it). */
const VERIFY = env.NEMESIS_BENCH_SOAK_VERIFY !== "0";
/** Seconds the owner is kept at rest after the last sample (to look at it from outside: smaps, gdb). */
const HOLD_S = Number(env.NEMESIS_BENCH_SOAK_HOLD_S ?? 0);

/** Most a switch (or the end of the run) may take to be caught up with before it counts as never. */
const GIVE_UP_MS = 300_000;
/** Calls of each tool in each at-rest probe (before the load and after it). */
const PROBE_CALLS = Number(env.NEMESIS_BENCH_SOAK_PROBE_CALLS ?? 5);
const REST_SETTLE_MS = 15_000;
/** How often RSS, heap and descriptors are sampled. */
const SAMPLE_MS = 30_000;
/** Hooks running at once at most: a hook that finds two still running is skipped (and counted). */
const HOOKS_AT_ONCE = 2;
/** A file added, renamed or moved is left alone this long before its next operation, so each save is its own batch. */
const SETTLED_MS = 5_000;

const out = (line: string) => process.stdout.write(`${line}\n`);
const load = () => `load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => `${n.toFixed(0)} MB`;
const pct = (from: number, to: number) => `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;

// ---------------------------------------------------------------- the process, from outside

/** Resident set of a process in MB, every thread included (VmRSS); null where /proc is not there. */
const rssMb = (pid: number | null): number | null => {
  if (pid === null) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return kb ? Number(kb[1]) / 1024 : null;
  } catch {
    return null;
  }
};

/** Open file descriptors of a process; null where /proc is not there. */
const fdCount = (pid: number | null): number | null => {
  if (pid === null) return null;
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
};

/** CPU time (user + system, ms) the process has used so far, every thread included. */
const cpuMs = (pid: number | null): number | null => {
  if (pid === null) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
};

/** Settles once the process has used under a tenth of a core for a second (its idle-time work done), or after 60 s. */
const idle = async (pid: number | null): Promise<void> => {
  for (let i = 0; i < 60; i++) {
    const c0 = cpuMs(pid);
    await sleep(1_000);
    const c1 = cpuMs(pid);
    if (c0 === null || c1 === null || c1 - c0 < 100) return;
  }
};

/** The server's V8 heap (MB, used): SIGUSR2 makes it log a memory line; null when none came within 10 s. */
const heapMb = async (root: string, pid: number | null): Promise<number | null> => {
  if (pid === null) return null;
  const log = join(root, ".nemesis", "logs", "serve.log");
  const before = existsSync(log) ? readFileSync(log, "utf8").length : 0;
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    const added = readFileSync(log, "utf8").slice(before);
    const line = added.split("\n").find((l) => l.includes(`[${pid}] memory: `));
    const parsed = line ? parseMemoryLine(line) : null;
    if (parsed) return parsed.heapUsed;
  }
  return null;
};

interface Sample {
  readonly atS: number;
  readonly rss: number | null;
  readonly heap: number | null;
  readonly fds: number | null;
  readonly frontRss: number | null;
}

const SMAPS_SCRIPT = fileURLToPath(new URL("../../scripts/smaps-summary.mjs", import.meta.url));

/** The owner's smaps, summarised by what allocated each mapping, printed with `label`. */
const printSmaps = (label: string, pid: number | null): void => {
  if (!SMAPS || pid === null) return;
  const r = spawnSync(process.execPath, [existsSync(SMAPS_SCRIPT) ? SMAPS_SCRIPT : "scripts/smaps-summary.mjs", String(pid)], { encoding: "utf8" });
  out(`smaps, ${label}: ${r.stdout.trim() || r.stderr.trim()}`);
};

const sample = async (root: string, owner: Server, front: Server, t0: number): Promise<Sample> => ({
  atS: (performance.now() - t0) / 1000,
  rss: rssMb(owner.pid),
  heap: await heapMb(root, owner.pid),
  fds: fdCount(owner.pid),
  frontRss: rssMb(front.pid),
});

// ---------------------------------------------------------------- the project

const git = (root: string, ...args: string[]): string =>
  execFileSync("git", ["-C", root, "-c", "user.name=soak", "-c", "user.email=soak@example.com", ...args], { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 }).toString();

/**
 * The copy as a developer's checkout: `.nemesis/` ignored through .git/info/exclude rather than
 * the .gitignore `nemesis init` wrote to, so that checking out another commit never conflicts.
 */
const asCheckout = (root: string): void => {
  appendFileSync(join(root, ".git", "info", "exclude"), "\n.nemesis/\n");
  git(root, "checkout", "-q", "--", ".gitignore");
};

/** Files named by the tools' arguments (a get_impact of basic.py): the saves leave them alone. */
const ASKED_ABOUT = new Set(["sympy/core/basic.py", "sympy/core/symbol.py", "sympy/printing/printer.py", "sympy/printing/latex.py"]);

/** Library Python files of ordinary size present at both commits, spread over the tree. */
const poolFiles = (root: string, commits: ReadonlyArray<string>, count: number): string[] => {
  const at = commits.map((c) => new Set(git(root, "ls-tree", "-r", "--name-only", c).split("\n")));
  const all = [...at[0]!]
    .filter((p) => at.every((s) => s.has(p)))
    .filter((p) => p.endsWith(".py") && !p.includes("/tests/") && !p.endsWith("__init__.py") && !ASKED_ABOUT.has(p) && existsSync(join(root, p)))
    .filter((p) => {
      const size = statSync(join(root, p)).size;
      return size >= 4_000 && size <= 40_000;
    })
    .sort();
  const step = Math.max(1, Math.floor(all.length / count));
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[i * step]!);
};

/** What the log must show for one save: a FileChanged of `path` with `hash`, or a FileDeleted of `path`. */
interface Expected {
  readonly path: string;
  readonly hash: string | null;
  readonly kind: string;
}

/** A pool file: its tracked path, the path it has now (a rename moves it to `<name>_moved.py` and back), its text as checked out. */
interface PoolFile {
  readonly home: string;
  path: string;
  original: string;
  /** When it was last renamed (a rename's delete and create must be batches of their own). */
  movedAt: number;
}

/**
 * The scripted saves: round-robin over the pool (each file is saved again only after every other
 * one, so no two saves of a file fall in one batch) with one operation in ten a new file, one a
 * deletion of an earlier new file, and two renames (a pool file moved and back, a new file renamed).
 */
class Saver {
  private readonly pool: PoolFile[];
  private added: Array<{ path: string; at: number }> = [];
  private next = 0;
  private made = 0;

  constructor(
    private readonly root: string,
    paths: ReadonlyArray<string>,
  ) {
    this.pool = paths.map((p) => ({ home: p, path: p, original: readFileSync(join(root, p), "utf8"), movedAt: 0 }));
  }

  get paths(): ReadonlyArray<string> {
    return this.pool.map((f) => f.path);
  }

  /** After a branch switch: every pool file back at its path with the commit's text; the new files are gone. */
  reset(): void {
    for (const f of this.pool) {
      f.path = f.home;
      f.original = readFileSync(join(this.root, f.home), "utf8");
    }
    this.added = [];
  }

  private write(path: string, text: string): Expected {
    writeFileSync(join(this.root, path), text);
    return { path, hash: hashContent(Buffer.from(text)), kind: "edit" };
  }

  /** One save; what the log must show for it. */
  save(i: number): { readonly expected: Expected[]; readonly path: string } {
    const now = Date.now();
    const op = i % 10;
    const oldest = this.added[0];
    const settled = oldest !== undefined && now - oldest.at > SETTLED_MS;
    const name = `zqsoak${i}`;
    if (op === 0) {
      const dir = dirname(this.pool[i % this.pool.length]!.home);
      const path = `${dir}/zqsoak_${this.made++}.py`;
      this.added.push({ path, at: now });
      const e = this.write(path, `from sympy.core.basic import Basic\n\n\ndef ${name}(expr):\n    """Added by the soak bench."""\n    return Basic(expr)\n`);
      return { expected: [{ ...e, kind: "add" }], path };
    }
    if (op === 5 && settled) {
      this.added.shift();
      unlinkSync(join(this.root, oldest.path));
      return { expected: [{ path: oldest.path, hash: null, kind: "delete" }], path: oldest.path };
    }
    if (op === 7 && settled) {
      this.added.shift();
      const to = oldest.path.replace(/\.py$/, "_r.py");
      renameSync(join(this.root, oldest.path), join(this.root, to));
      this.added.push({ path: to, at: now });
      const hash = hashContent(readFileSync(join(this.root, to)));
      return { expected: [{ path: oldest.path, hash: null, kind: "rename" }, { path: to, hash, kind: "rename" }], path: to };
    }
    const f = this.pool[this.next++ % this.pool.length]!;
    if (op === 3 && now - f.movedAt > SETTLED_MS) {
      const to = f.path === f.home ? f.home.replace(/\.py$/, "_moved.py") : f.home;
      renameSync(join(this.root, f.path), join(this.root, to));
      const from = f.path;
      f.path = to;
      f.movedAt = now;
      const hash = hashContent(readFileSync(join(this.root, to)));
      return { expected: [{ path: from, hash: null, kind: "rename" }, { path: to, hash, kind: "rename" }], path: to };
    }
    // An edit: the file as checked out with one function of the bench's at its end, replaced each time.
    const e = this.write(f.path, `${f.original}\n\ndef ${name}(expr):\n    """Saved by the soak bench."""\n    return expr.subs(${i % 7}, ${i % 11})\n`);
    return { expected: [e], path: f.path };
  }
}

// ---------------------------------------------------------------- caught up, from outside

const withLog = <A>(root: string, f: (log: LogHandle) => A): A => {
  const log = openEventLog(join(root, ".nemesis", "events.db"), { readonly: true });
  try {
    return f(log);
  } finally {
    closeEventLog(log);
  }
};

/** Whether the log holds nothing the parse reactor, the graph or the chunks have yet to take (from the engine's checkpoint and hints). */
const logProjected = (root: string): boolean =>
  withLog(root, (log) => {
    if (countPendingEvents(log, readReactorCheckpoint(log, PARSE_REACTOR), ["FileChanged"]).pending > 0) return false;
    return (["graph", "chunks"] as const).every((name) => {
      const hint = readProjectionHint(log, name);
      return hint !== null && countPendingEvents(log, hint.position, PROJECTIONS[name].handles).pending === 0;
    });
  });

/**
 * Settles once the engine has caught up with what the watcher saw after `since` (epoch ms): the
 * watcher has recorded a batch or a scan since then, has nothing waiting, and the engine has
 * parsed and projected everything in the log. The ms from `since`, or null after GIVE_UP_MS.
 */
const caughtUpSince = async (root: string, since: number): Promise<number | null> => {
  const dir = join(root, ".nemesis");
  while (Date.now() - since < GIVE_UP_MS) {
    const w = readWatcherState(dir);
    const noticed = w !== null && [w.lastBatch?.at, w.lastReconcile?.at].some((at) => at !== undefined && Date.parse(at) >= since);
    if (noticed && w.behindSince === null && logProjected(root)) return Date.now() - since;
    await sleep(50);
  }
  return null;
};

/** Settles once the watcher has nothing waiting and the engine has projected the whole log (bounded). */
const quiet = async (root: string): Promise<boolean> => {
  const t0 = Date.now();
  while (Date.now() - t0 < GIVE_UP_MS) {
    const w = readWatcherState(join(root, ".nemesis"));
    if (w !== null && w.mode !== "starting" && w.behindSince === null && logProjected(root)) return true;
    await sleep(100);
  }
  return false;
};

/** Polls index_status until the watcher reports its first reconciliation. */
const watcherReady = async (client: Client): Promise<void> => {
  const t0 = performance.now();
  while (performance.now() - t0 < GIVE_UP_MS) {
    const s = (await client.callTool({ name: "index_status", arguments: { json_output: true } })).structuredContent as { watcher?: { mode: string; last_reconciliation: unknown } | null };
    if (s.watcher && s.watcher.mode !== "starting" && s.watcher.last_reconciliation) return;
    await sleep(200);
  }
  throw new Error("the watcher was not ready within 5 minutes");
};

// ---------------------------------------------------------------- the load

/** `nemesis hook file-changed` on `path`, as Claude Code runs it after an Edit: a fresh process, its JSON on stdin. */
const runHook = (root: string, path: string): Promise<string | null> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "hook", "file-changed"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (e) => resolve(e.message));
    child.on("close", (code) => resolve(code === 0 && output === "" ? null : `exit ${code}: ${output.slice(0, 200)}`));
    child.stdin.end(JSON.stringify({ session_id: "soak-bench", cwd: root, hook_event_name: "PostToolUse", tool_name: "Edit", tool_input: { file_path: join(root, path) } }));
  });

interface Call {
  readonly tool: string;
  readonly client: number;
  /** ms since the load began. */
  readonly at: number;
  readonly ms: number;
  readonly error: string | null;
}

interface Switch {
  readonly to: string;
  readonly paths: number;
  readonly checkoutMs: number;
  /** From the start of `git checkout` until the engine had caught up; null: never within GIVE_UP_MS. */
  readonly caughtUpMs: number | null;
}

const TOOL_ROWS: Record<string, (i: number) => Record<string, unknown>> = {
  ...Object.fromEntries(Object.entries(TOOL_ARGS).map(([name, spec]) => [name, spec.args])),
  // Asked to watch what it already watches: answers its state (enabled: false would stop the watcher).
  watch_project: () => ({ enabled: true }),
};

/** Sequential calls from one client, cycling through `tools`, at most one per `intervalMs`, until `end`. */
const callLoop = async (client: Client, k: number, tools: ReadonlyArray<string>, t0: number, intervalMs: number, end: number, calls: Call[]): Promise<void> => {
  for (let j = 0; ; j++) {
    const due = t0 + j * intervalMs;
    if (due > end) return;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() > end) return;
    const tool = tools[(j + k * Math.floor(tools.length / 2)) % tools.length]!;
    const start = performance.now();
    let error: string | null = null;
    try {
      const r = await client.callTool({ name: tool, arguments: TOOL_ROWS[tool]!(j) }, undefined, { timeout: 600_000 });
      // get_file_history answers an error where the index read no git history: not a failure of the server.
      if (r.isError && !/history/i.test(textOf(r))) error = textOf(r).split("\n")[0]!.slice(0, 160);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    calls.push({ tool, client: k, at: start - t0, ms: performance.now() - start, error });
  }
};

/**
 * Every tool called PROBE_CALLS times in turn from one client, the server otherwise idle (caught
 * up, no saves): its p50 per tool. Taken before the load and after it, so a drift between the two
 * is the server's own, not the load's of the minute a call fell in.
 */
const probeAtRest = async (client: Client, tools: ReadonlyArray<string>): Promise<Map<string, number>> => {
  // The idle-time warm-ups a change schedules (3 s after it, a few seconds long) run first, and
  // one unmeasured round loads what a first call loads.
  await sleep(REST_SETTLE_MS);
  const times = new Map<string, number[]>(tools.map((t) => [t, []]));
  for (let j = -1; j < PROBE_CALLS; j++) {
    for (const tool of tools) {
      const start = performance.now();
      await client.callTool({ name: tool, arguments: TOOL_ROWS[tool]!(Math.max(0, j)) }, undefined, { timeout: 600_000 });
      if (j >= 0) times.get(tool)!.push(performance.now() - start);
    }
  }
  return new Map([...times].map(([t, ms]) => [t, median(ms)]));
};

const restTable = (before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): string => {
  const head = ["tool", "p50 before", "p50 after", "drift"];
  const rows = [...before.keys()].sort().map((tool) => {
    const [b, a] = [before.get(tool)!, after.get(tool) ?? NaN];
    return [tool, b.toFixed(1), a.toFixed(1), pct(b, a)];
  });
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  return [head, widths.map((w) => "-".repeat(w)), ...rows].map((r) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join("  ")).join("\n");
};

/**
 * What the log says of each file path the saves touched, followed incrementally: the latest
 * state of each (a content hash, or null once deleted), and every (path, hash) it ever recorded.
 */
class LogView {
  private after: number;
  private readonly latest = new Map<string, string | null>();
  private readonly recorded = new Set<string>();

  constructor(private readonly root: string) {
    this.after = withLog(root, headPosition);
  }

  private refresh(): void {
    withLog(this.root, (log) => {
      for (const e of readEvents(log, { after: this.after, types: ["FileChanged", "FileDeleted"], limit: 10_000_000 })) {
        const d = e.data as { path: string; contentHash?: string };
        const hash = e.type === "FileDeleted" ? null : (d.contentHash ?? null);
        this.latest.set(d.path, hash);
        this.recorded.add(`${d.path}\0${hash ?? "-"}`);
        this.after = e.position;
      }
    });
  }

  /** Whether the log's latest event of each path says what the disk holds now. */
  agrees(paths: Iterable<string>): boolean {
    this.refresh();
    for (const path of paths) {
      const full = join(this.root, path);
      const disk = existsSync(full) ? hashContent(readFileSync(full)) : null;
      if ((this.latest.get(path) ?? null) !== disk) return false;
    }
    return true;
  }

  shows(e: Expected): boolean {
    this.refresh();
    return this.recorded.has(`${e.path}\0${e.hash ?? "-"}`);
  }
}

/** Settles once the log agrees with the disk on `paths` and the engine has projected it all: ms taken, or null after GIVE_UP_MS. */
const recorded = async (root: string, view: LogView, paths: Iterable<string>): Promise<number | null> => {
  const t0 = Date.now();
  const wanted = [...paths];
  while (Date.now() - t0 < GIVE_UP_MS) {
    if (view.agrees(wanted) && logProjected(root)) return Date.now() - t0;
    await sleep(100);
  }
  return null;
};

const toolTable = (calls: ReadonlyArray<Call>, windowMs: number, endMs: number): string => {
  const tools = [...new Set(calls.map((c) => c.tool))].sort();
  const head = ["tool", "calls", "errors", "first p50", "first p95", "last p50", "last p95", "p50 drift"];
  const rows = tools.map((tool) => {
    const mine = calls.filter((c) => c.tool === tool && c.error === null);
    const first = mine.filter((c) => c.at < windowMs).map((c) => c.ms);
    const last = mine.filter((c) => c.at >= endMs - windowMs).map((c) => c.ms);
    const f50 = median(first);
    const l50 = median(last);
    const fmt = (n: number) => (Number.isNaN(n) ? "—" : n.toFixed(1));
    return [tool, String(calls.filter((c) => c.tool === tool).length), String(calls.filter((c) => c.tool === tool && c.error !== null).length), fmt(f50), fmt(percentile(first, 95)), fmt(l50), fmt(percentile(last, 95)), Number.isNaN(f50) || Number.isNaN(l50) ? "—" : pct(f50, l50)];
  });
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: ReadonlyArray<string>) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join("  ");
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
};

/** A fresh `nemesis index` of what the disk of `root` holds now, in a copy (its history left out: no read model compared reads it). */
const freshIndexOf = (root: string): string => {
  const fresh = `${root}-fresh`;
  rmSync(fresh, { recursive: true, force: true });
  execFileSync("cp", ["-a", root, fresh]);
  const dir = join(fresh, ".nemesis");
  // The embedding cache is no read model: keeping it spares the fresh index the embeddings' time, not their result.
  for (const name of readdirSync(dir)) if (!name.startsWith("embeddings.db")) rmSync(join(dir, name), { recursive: true, force: true });
  // The soak's project runs on the defaults; the fresh index differs in not reading git history.
  writeFileSync(join(dir, "config.toml"), "[history]\nenabled = false\n");
  execFileSync(process.execPath, [CLI, "index", fresh, "--no-progress"], { stdio: ["ignore", "ignore", "pipe"] });
  return fresh;
};

// ---------------------------------------------------------------- the soak

const soak = async (): Promise<void> => {
  const root = indexedCopy(BENCH_REPO, "/tmp/nemesis-bench/soak-run-", (what, took) => out(`${what} in ${took.toFixed(0)} ms (${KEPT}; ${load()})`));
  let fresh: string | null = null;
  try {
    asCheckout(root);
    const home = git(root, "rev-parse", "HEAD").trim();
    const other = git(root, "rev-parse", OTHER).trim();
    const files = poolFiles(root, [home, other], FILES);
    const saver = new Saver(root, files);
    const durationMs = MINUTES * 60_000;
    const windowMs = Math.min(60_000, durationMs / 3);
    out(`soak: ${MINUTES} min; ${SAVES} saves over ${files.length} files, a branch switch (${home.slice(0, 10)} ⇄ ${other.slice(0, 10)}) every ${SWITCH_EVERY}; ${CALLS} calls from two clients; a hook every ${HOOK_EVERY} saves (${load()})`);

    const owner = await connect(root);
    let front: Server | null = null;
    try {
      await caughtUp(root, owner.pid);
      out(`owner pid ${owner.pid}: ${await warmedUp(root, owner.pid)}`);
      await watcherReady(owner.client);
      front = await connect(root);
      const { tools } = await front.client.listTools();
      const lock = engineOwner(nemesisPaths(root).lock);
      if (lock?.pid !== owner.pid) throw new Error(`the engine lock names pid ${lock?.pid}, not the first server ${owner.pid}`);
      out(`front end pid ${front.pid}: ${tools.length} core tools; ${tools.filter((t) => !TOOL_ROWS[t.name]).map((t) => t.name).join(", ") || "every one"} without arguments here`);
      const callable = tools.map((t) => t.name).filter((name) => TOOL_ROWS[name]);
      await seedMemory(owner.client);
      await quiet(root);
      const restBefore = await probeAtRest(owner.client, callable);
      await quiet(root);
      const atRestBefore = await sample(root, owner, front, performance.now());
      printSmaps("at rest before the load", owner.pid);
      const view = new LogView(root);

      const t0 = performance.now();
      const end = t0 + durationMs;
      const calls: Call[] = [];
      const samples: Sample[] = [];
      const switches: Switch[] = [];
      const expected: Expected[] = [];
      const hookErrors: string[] = [];
      let hooksRun = 0;
      let hooksSkipped = 0;
      let hooksRunning = 0;
      const hookRuns: Promise<void>[] = [];
      let saves = 0;
      const clients = [owner.client, front.client];
      const callIntervalMs = (durationMs / CALLS) * clients.length;
      const callers = clients.map((c, k) => callLoop(c, k, callable, t0 + (k * callIntervalMs) / 2, callIntervalMs, end, calls));

      let sampling = true;
      const sampler = (async () => {
        samples.push(await sample(root, owner, front!, t0));
        let next = t0 + windowMs;
        while (sampling) {
          while (sampling && performance.now() < next) await sleep(200);
          if (!sampling) return;
          samples.push(await sample(root, owner, front!, t0));
          const s = samples.at(-1)!;
          out(`  ${(s.atS / 60).toFixed(1)} min: ${saves} saves, ${calls.length} calls, ${switches.length} switches; RSS ${mb(s.rss ?? 0)}, heap ${mb(s.heap ?? 0)}, ${s.fds} fds; front end RSS ${mb(s.frontRss ?? 0)} (${load()})`);
          printSmaps(`${(s.atS / 60).toFixed(1)} min`, owner.pid);
          next += SAMPLE_MS;
        }
      })();

      let checkedOut = home;
      let due = t0;
      const recordWaits: Array<number | null> = [];
      for (let i = 0; i < SAVES; i++) {
        // The saves left share the time left: a branch switch's wait does not cut the run's saves short.
        due = Math.max(due, performance.now() - 1_000) + (end - due) / (SAVES - i + 1);
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() > end) break;
        if (i > 0 && i % SWITCH_EVERY === 0) {
          // A developer commits the work and checks out another branch; the engine follows the disk.
          // Not before the saves are recorded: a new file committed and gone with the checkout would never be seen.
          recordWaits.push(await recorded(root, view, new Set(expected.map((e) => e.path))));
          git(root, "add", "-A");
          git(root, "commit", "-q", "--no-verify", "-m", `soak: ${i} saves`);
          const to = checkedOut === home ? other : home;
          const paths = git(root, "diff", "--name-only", "HEAD", to).split("\n").filter((p) => p.endsWith(".py")).length;
          const since = Date.now();
          const c0 = performance.now();
          git(root, "checkout", "-q", to);
          const checkoutMs = performance.now() - c0;
          checkedOut = to;
          const caught = await caughtUpSince(root, since);
          switches.push({ to, paths, checkoutMs, caughtUpMs: caught });
          out(`  switch to ${to.slice(0, 10)} (${paths} Python files differ): checkout ${checkoutMs.toFixed(0)} ms, caught up ${caught === null ? "never" : `${(caught / 1000).toFixed(1)} s`} after it began (${load()})`);
          saver.reset();
        }
        const { expected: e, path } = saver.save(i);
        expected.push(...e);
        saves++;
        if (HOOK_EVERY > 0 && i % HOOK_EVERY === HOOK_EVERY - 1 && existsSync(join(root, path))) {
          if (hooksRunning >= HOOKS_AT_ONCE) hooksSkipped++;
          else {
            hooksRunning++;
            hookRuns.push(
              runHook(root, path).then((err) => {
                hooksRunning--;
                hooksRun++;
                if (err !== null) hookErrors.push(err);
              }),
            );
          }
        }
        if (VERBOSE && i % 100 === 0) out(`  save ${i}: ${path}`);
      }
      const wait = end - performance.now();
      if (wait > 0) await sleep(wait);
      await Promise.all(callers);
      await Promise.all(hookRuns);
      const loadMs = performance.now() - t0;
      const settled = await recorded(root, view, new Set(expected.map((e) => e.path)));
      recordWaits.push(settled);
      out(`load over after ${(loadMs / 60_000).toFixed(1)} min: ${saves} saves, ${calls.length} calls, ${hooksRun} hooks (${hooksSkipped} skipped: ${HOOKS_AT_ONCE} running); caught up ${settled === null ? "NEVER" : `${(settled / 1000).toFixed(1)} s later`} (${load()})`);
      // The warm-ups the last change scheduled run before the last reading.
      await sleep(5_000);
      sampling = false;
      await sampler;
      const last = await sample(root, owner, front, t0);
      const warm = samples.find((s) => s.atS * 1000 >= windowMs - 1_000) ?? samples[0]!;

      out("");
      out(`memory and descriptors of the owner (pid ${owner.pid}), after the first ${(windowMs / 60_000).toFixed(1)} min against the end:`);
      out(`  RSS   ${mb(warm.rss ?? NaN)} → ${mb(last.rss ?? NaN)} (${pct(warm.rss ?? NaN, last.rss ?? NaN)}; target < +15%); max sampled ${mb(Math.max(...samples.map((s) => s.rss ?? 0), last.rss ?? 0))}`);
      out(`  heap  ${mb(warm.heap ?? NaN)} → ${mb(last.heap ?? NaN)} (${pct(warm.heap ?? NaN, last.heap ?? NaN)}; V8 heap used, main thread, as SIGUSR2 logs it)`);
      out(`  fds   ${warm.fds} → ${last.fds} (${(last.fds ?? 0) - (warm.fds ?? 0) >= 0 ? "+" : ""}${(last.fds ?? 0) - (warm.fds ?? 0)}; target within ±10)`);
      out(`  front end RSS ${mb(warm.frontRss ?? NaN)} → ${mb(last.frontRss ?? NaN)}`);
      out("");
      out(`tools, p50/p95 ms in the first ${(windowMs / 60_000).toFixed(1)} min and the last (target: p50 drift within ±20%):`);
      out(toolTable(calls, windowMs, loadMs));
      const errors = calls.filter((c) => c.error !== null);
      if (errors.length > 0) out(`errors: ${errors.length}, first: ${errors.slice(0, 3).map((c) => `${c.tool}: ${c.error}`).join(" | ")}`);
      if (hookErrors.length > 0) out(`hook errors: ${hookErrors.length}, first: ${hookErrors[0]}`);
      out("");
      await quiet(root);
      const restAfter = await probeAtRest(owner.client, callable);
      await quiet(root);
      await sleep(5_000);
      const atRestAfter = await sample(root, owner, front, t0);
      printSmaps("at rest after the load", owner.pid);
      if (HOLD_S > 0) {
        out(`holding the owner (pid ${owner.pid}) at rest for ${HOLD_S} s`);
        await sleep(HOLD_S * 1000);
        printSmaps("at rest, end of the hold", owner.pid);
      }
      out(`at rest (caught up, no saves), before the load and after it: RSS ${mb(atRestBefore.rss ?? NaN)} → ${mb(atRestAfter.rss ?? NaN)} (${pct(atRestBefore.rss ?? NaN, atRestAfter.rss ?? NaN)}), heap ${mb(atRestBefore.heap ?? NaN)} → ${mb(atRestAfter.heap ?? NaN)}, fds ${atRestBefore.fds} → ${atRestAfter.fds}`);
      out(`tools at rest, ${PROBE_CALLS} calls each, p50 ms before the load and after it (target: drift within ±20%):`);
      out(restTable(restBefore, restAfter));
      out("");
      const caught = switches.flatMap((s) => (s.caughtUpMs === null ? [] : [s.caughtUpMs]));
      out(`branch switches: ${switches.length}; checkout → caught up ${switches.map((s) => (s.caughtUpMs === null ? "never" : `${(s.caughtUpMs / 1000).toFixed(1)} s`)).join(", ")}${caught.length > 0 ? `; median ${(median(caught) / 1000).toFixed(1)} s` : ""}`);
      const unseen = expected.filter((e) => !view.shows(e));
      const agreed = recordWaits.filter((w) => w !== null).length;
      out(
        `saves the log shows: ${expected.length - unseen.length} of ${expected.length} (the others overwritten, renamed or deleted before the watcher looked); ` +
          `the log held what the disk did for every file saved before ${agreed} of ${recordWaits.length} switches and the end${agreed < recordWaits.length ? " — NOT the others" : ""}`,
      );

      await stop(front);
      front = null;
      await stop(owner);
      if (!VERIFY) return;
      const t = performance.now();
      fresh = freshIndexOf(root);
      const [soaked, clean] = [await readModelDigest(nemesisPaths(root)), await readModelDigest(nemesisPaths(fresh))];
      const differences = digestDifferences(soaked, clean);
      out(
        `read models against a fresh index of the disk (${((performance.now() - t) / 1000).toFixed(0)} s): ${differences.length === 0 ? "equal" : "DIFFERENT"} ` +
          `(graph ${soaked.graph.length.toLocaleString("en-US")} lines, ${soaked.chunks.length.toLocaleString("en-US")} chunks, ${soaked.catalog.length.toLocaleString("en-US")} files)`,
      );
      for (const d of differences) out(`  ${d}`);
      out(`(${load()})`);
    } finally {
      if (front) await stop(front);
      await stop(owner);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
    if (fresh) rmSync(fresh, { recursive: true, force: true });
  }
};

// ---------------------------------------------------------------- a branch switch: server against CLI

/** Puts the tree of `rev` in `root`'s work tree, the way `kind` says. */
const switchTree = (root: string, rev: string, kind: "checkout" | "rewrite"): void => {
  if (kind === "rewrite") for (const name of readdirSync(root)) if (name !== ".git" && name !== ".nemesis") rmSync(join(root, name), { recursive: true, force: true });
  git(root, "checkout", "-q", "-f", rev);
};

/** `nemesis index` of `root` in a process of its own: wall ms and CPU ms (user + system, from /usr/bin/time where it exists). */
const cliIndex = (root: string): { wall: number; cpu: number | null } => {
  const timed = existsSync("/usr/bin/time");
  const args = [process.execPath, CLI, "index", root, "--no-progress"];
  const t0 = performance.now();
  const r = timed ? spawnSync("/usr/bin/time", ["-f", "cpu %U %S", ...args], { encoding: "utf8" }) : spawnSync(args[0]!, args.slice(1), { encoding: "utf8" });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`nemesis index failed: ${r.stderr}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr ?? "");
  return { wall, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null };
};

const switchPhase = async (): Promise<void> => {
  const say = (what: string, took: number) => out(`${what} in ${took.toFixed(0)} ms (${KEPT}; ${load()})`);
  const served = indexedCopy(BENCH_REPO, "/tmp/nemesis-bench/switch-served-", say);
  const alone = indexedCopy(BENCH_REPO, "/tmp/nemesis-bench/switch-cli-", say);
  try {
    for (const r of [served, alone]) asCheckout(r);
    const home = git(served, "rev-parse", "HEAD").trim();
    const other = git(served, "rev-parse", OTHER).trim();
    const paths = git(served, "diff", "--name-only", home, other).split("\n").filter((p) => p.endsWith(".py")).length;
    // The CLI's copy starts where the served one does once its server has caught up.
    cliIndex(alone);
    const server = await connect(served);
    try {
      await caughtUp(served, server.pid);
      await warmedUp(served, server.pid);
      await watcherReady(server.client);
      for (const kind of SWITCH_KINDS) {
        out(`branch switch by ${kind}, ${home.slice(0, 10)} ⇄ ${other.slice(0, 10)} (${paths} Python files differ), ${SWITCH_RUNS} runs each, alternating (${load()}):`);
        const rows: Array<{ how: string; wall: number; cpu: number | null }> = [];
        for (let i = 0; i < SWITCH_RUNS; i++) {
          // Each kind starts from the tree the copies hold: an odd number of runs leaves them on the other commit.
          const to = git(served, "rev-parse", "HEAD").trim() === home ? other : home;
          // Through the server: the agent checks out, then asks for the index to be brought up to date.
          await quiet(served);
          await idle(server.pid);
          switchTree(served, to, kind);
          const c0 = cpuMs(server.pid);
          const t0 = performance.now();
          const r = await server.client.callTool({ name: "index_project", arguments: {} }, undefined, { timeout: 600_000 });
          const wall = performance.now() - t0;
          const c1 = cpuMs(server.pid);
          if (r.isError) throw new Error(`index_project failed: ${textOf(r)}`);
          rows.push({ how: "server", wall, cpu: c0 !== null && c1 !== null ? c1 - c0 : null });
          out(`  server: index_project ${(wall / 1000).toFixed(1)} s, server CPU ${((c1! - c0!) / 1000).toFixed(1)} s: ${textOf(r).split("\n")[0]} (${load()})`);
          // What an agent does next: asks about the code it switched to.
          await server.client.callTool({ name: "get_smart_context", arguments: { task: "simplify trigonometric expressions", max_tokens: 4000 } });
          // Through the CLI, no server: the same checkout in the other copy, once the server is idle.
          await idle(server.pid);
          switchTree(alone, to, kind);
          const cli = cliIndex(alone);
          rows.push({ how: "cli", ...cli });
          out(`  cli:    nemesis index ${(cli.wall / 1000).toFixed(1)} s, CPU ${cli.cpu === null ? "?" : (cli.cpu / 1000).toFixed(1)} s (${load()})`);
        }
        for (const how of ["server", "cli"]) {
          const mine = rows.filter((r) => r.how === how);
          const cpu = mine.flatMap((r) => (r.cpu === null ? [] : [r.cpu]));
          out(`${kind}: ${how === "server" ? "index_project through the server" : "nemesis index, CLI"}: median ${(median(mine.map((r) => r.wall)) / 1000).toFixed(1)} s wall, ${cpu.length > 0 ? (median(cpu) / 1000).toFixed(1) : "?"} s CPU`);
        }
      }
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(served, { recursive: true, force: true });
    rmSync(alone, { recursive: true, force: true });
  }
};

export const run = async (): Promise<void> => {
  if (!existsSync(CLI)) return void out(`soak: ${CLI} is missing: run \`npm run build\` first`);
  if (!existsSync(join(BENCH_REPO, ".git"))) return void out(`soak: no git checkout at ${BENCH_REPO}; clone one (git clone https://github.com/sympy/sympy ${BENCH_REPO}) or set NEMESIS_BENCH_REPO`);
  const unknown = PHASES.filter((p) => p !== "switch" && p !== "soak");
  if (unknown.length > 0) return void out(`soak: unknown NEMESIS_BENCH_SOAK_PHASES ${unknown.join(", ")}: choose from switch, soak`);
  out(`(${load()}; commit ${(() => { try { return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dirname(CLI) }).toString().trim(); } catch { return "?"; } })()})`);
  if (PHASES.includes("switch")) await switchPhase();
  if (PHASES.includes("soak")) await soak();
};
