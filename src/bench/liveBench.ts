/**
 * Live updates through the real server: `nemesis serve` on an indexed copy of the bench
 * repository (BENCH_REPO, sympy; the kept index of the mcp suite, copied for the run), then
 * NEMESIS_BENCH_SAVES saves (default 20), each appending a new function to another file. For
 * each save: the time from the write until get_code_semantics and query_node_edges, polled side
 * by side, first answer with the new function (the answer's arrival: the query's own time is
 * included, as an agent would wait for it), and the engine's own figure (first file event →
 * projected, from index_status). Targets: p50 < 200 ms and p95 < 600 ms, debounce included.
 * Beside them, the server's CPU time per save (its threads included, from /proc on Linux): what
 * a save costs whatever else the machine runs. NEMESIS_BENCH_VERBOSE=1 prints a line per save.
 *
 * How the change becomes known is a row of TRIGGERS: the watcher's, then Claude Code's
 * PostToolUse hook (`nemesis hook file-changed`, a fresh process fed the hook's JSON, as Claude
 * Code runs it after an Edit), with the watcher turned off. Run after `npm run build`.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, relative } from "node:path";
import { BENCH_REPO, listSourceFiles } from "./benchRepo.js";
import { caughtUp, CLI, connect, stop, textOf, type Server } from "./benchServer.js";
import { indexedCopy, KEPT } from "./keptIndex.js";
import { median, percentile } from "./stats.js";

const SAVES = Number(process.env.NEMESIS_BENCH_SAVES ?? 20);
/** Most a save may take to show up before it counts as never seen. */
const GIVE_UP_MS = 30_000;
/** Quiet time between saves, so one save's projection never overlaps the next one's. */
const BETWEEN_SAVES_MS = 400;

const VERBOSE = process.env.NEMESIS_BENCH_VERBOSE === "1";

const out = (line: string) => process.stdout.write(`${line}\n`);
const load = () => `load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How a change on disk becomes known to the engine. */
interface Trigger {
  readonly name: string;
  /** Before the first save: set the server up for this trigger. */
  prepare(server: Server, root: string): Promise<void>;
  /** After each write, in the measured time: whatever this trigger does to report the save. */
  afterWrite(root: string, path: string): Promise<void>;
  readonly target: { readonly p50: number; readonly p95: number };
}

/** CPU time (user + system, ms) the process has used so far, every thread included; null where /proc is not there. */
const cpuMs = (pid: number | null): number | null => {
  if (pid === null) return null;
  try {
    // Fields after the command name (which may hold spaces, hence the last ")"): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
};

const call = async (server: Server, name: string, args: Record<string, unknown>) => server.client.callTool({ name, arguments: args });

/** Polls index_status until the watcher reports its first reconciliation (events flow, the disk is recorded). */
const watcherReady = async (server: Server): Promise<void> => {
  const t0 = performance.now();
  while (performance.now() - t0 < 300_000) {
    const s = (await call(server, "index_status", { json_output: true })).structuredContent as { watcher?: { mode: string; last_reconciliation: unknown } | null };
    if (s.watcher && s.watcher.mode !== "starting" && s.watcher.last_reconciliation) return;
    await sleep(100);
  }
  throw new Error("the watcher was not ready within 5 minutes");
};

/** `nemesis hook file-changed` on `path`, as Claude Code runs it after an Edit: a fresh process, its JSON on stdin. */
const runFileChangedHook = (root: string, path: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "hook", "file-changed"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 && output === "" ? resolve() : reject(new Error(`nemesis hook file-changed exited ${code}: ${output}`))));
    child.stdin.end(JSON.stringify({ session_id: "live-bench", cwd: root, hook_event_name: "PostToolUse", tool_name: "Edit", tool_input: { file_path: join(root, path) } }));
  });

const TRIGGERS: ReadonlyArray<Trigger> = [
  {
    name: "watcher",
    prepare: async (server) => {
      const r = await call(server, "watch_project", { enabled: true });
      if (r.isError) throw new Error(`watch_project failed: ${textOf(r)}`);
      await watcherReady(server);
    },
    afterWrite: async () => {},
    target: { p50: 200, p95: 600 },
  },
  {
    // Issue 23 sets p50 < 300 ms for this path, process start included; p95 as for the watcher.
    name: "hook file-changed",
    prepare: async (server) => {
      const r = await call(server, "watch_project", { enabled: false });
      if (r.isError) throw new Error(`watch_project failed: ${textOf(r)}`);
    },
    afterWrite: runFileChangedHook,
    target: { p50: 300, p95: 600 },
  },
];

/** What each tool must answer for the save to count as visible. */
const PROBES: ReadonlyArray<{ readonly tool: string; readonly args: (name: string) => Record<string, unknown> }> = [
  { tool: "get_code_semantics", args: (name) => ({ query: name, limit: 5 }) },
  { tool: "query_node_edges", args: (name) => ({ node_identifier: name }) },
];

/** Python files of the library (not its tests) of ordinary size, spread over the tree: one per save. */
const filesToEdit = (root: string, count: number): string[] => {
  const all = listSourceFiles(root)
    .map((f) => relative(root, f))
    .filter((p) => p.endsWith(".py") && !p.includes("/tests/") && !p.endsWith("__init__.py"))
    .filter((p) => {
      const size = statSync(join(root, p)).size;
      return size >= 4_000 && size <= 40_000;
    })
    .sort();
  const step = Math.max(1, Math.floor(all.length / count));
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[i * step]!);
};

/** Calls `probe` until its answer names `name`; the time from `t0` to that answer, or null after GIVE_UP_MS. */
const timeUntilSeen = async (server: Server, probe: (typeof PROBES)[number], name: string, t0: number): Promise<number | null> => {
  while (performance.now() - t0 < GIVE_UP_MS) {
    const answer = await call(server, probe.tool, probe.args(name));
    if (!answer.isError && textOf(answer).includes(name)) return performance.now() - t0;
    await sleep(5);
  }
  return null;
};

interface Row {
  readonly trigger: string;
  readonly what: string;
  readonly times: number[];
  readonly missed: number;
  readonly target: Trigger["target"] | null;
}

const table = (rows: ReadonlyArray<Row>): string => {
  const cells = rows.map((r) => {
    const p50 = median(r.times);
    const p95 = percentile(r.times, 95);
    const met = r.target === null ? "—" : r.missed === 0 && p50 < r.target.p50 && p95 < r.target.p95 ? "yes" : "NO";
    return [
      r.trigger,
      r.what,
      p50.toFixed(0),
      p95.toFixed(0),
      Math.max(...r.times).toFixed(0),
      String(r.missed),
      r.target === null ? "—" : `p50 < ${r.target.p50}, p95 < ${r.target.p95}`,
      met,
    ];
  });
  const head = ["trigger", "visible to", "p50 ms", "p95 ms", "max ms", "missed", "target", "met?"];
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]!.length)));
  const line = (row: ReadonlyArray<string>) => row.map((v, c) => (c >= 2 && c <= 5 ? v.padStart(widths[c]!) : v.padEnd(widths[c]!))).join("  ").trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
};

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

/**
 * Each file is saved once per round. The first save of a file after the server started pays for
 * what the engine loads on a file's first change (the whole parses of the files that depend on
 * it, the graph's pages); the second round is the editing loop, saving files already touched.
 */
const ROUNDS = ["first save of a file", "saved again"] as const;

interface Saved {
  /** Per probe: ms until its answer showed the save, null when it never did. */
  readonly times: ReadonlyArray<number | null>;
  /** The watcher's own figure (first event → projected), when the trigger is the watcher. */
  readonly engine: number | null;
  readonly cpu: number | null;
}

const saveOnce = async (server: Server, root: string, trigger: Trigger, path: string, name: string): Promise<Saved> => {
  const text = `${readFileSync(join(root, path), "utf8")}\n\ndef ${name}(expr):\n    """Added by the live bench."""\n    return expr\n`;
  const cpu0 = cpuMs(server.pid);
  const t0 = performance.now();
  writeFileSync(join(root, path), text);
  await trigger.afterWrite(root, path);
  const times = await Promise.all(PROBES.map((p) => timeUntilSeen(server, p, name, t0)));
  const status = (await call(server, "index_status", { json_output: true })).structuredContent as { watcher?: { last_batch: { visible_after_ms: number } | null } | null };
  const own = trigger.name === "watcher" ? (status.watcher?.last_batch?.visible_after_ms ?? null) : null;
  await sleep(BETWEEN_SAVES_MS);
  // After the pause: the chunk thread may finish after the graph answered.
  const cpu1 = cpuMs(server.pid);
  return { times, engine: own, cpu: cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null };
};

const measure = async (server: Server, root: string, trigger: Trigger, files: ReadonlyArray<string>, ti: number): Promise<Row[]> => {
  await trigger.prepare(server, root);
  const rows: Row[] = [];
  for (const [ri, round] of ROUNDS.entries()) {
    out(`${trigger.name}, ${round}: ${files.length} saves, each a new function appended to another file (${load()})`);
    const saved: Saved[] = [];
    for (const [i, path] of files.entries()) {
      const s = await saveOnce(server, root, trigger, path, `zqlive${ti}r${ri}n${i}${letters(6)}`);
      saved.push(s);
      if (VERBOSE) {
        const shown = s.times.map((t, k) => `${PROBES[k]!.tool} ${t === null ? "missed" : `${t.toFixed(0)} ms`}`).join(", ");
        out(`  ${path}: ${shown}; engine ${s.engine ?? "?"} ms; server CPU ${s.cpu?.toFixed(0) ?? "?"} ms (${load()})`);
      }
    }
    const label = `${trigger.name}, ${round}`;
    for (const [k, p] of PROBES.entries()) {
      const times = saved.map((s) => s.times[k]!);
      rows.push({ trigger: label, what: p.tool, times: times.filter((t): t is number => t !== null), missed: times.filter((t) => t === null).length, target: trigger.target });
    }
    const engine = saved.flatMap((s) => (s.engine === null ? [] : [s.engine]));
    if (engine.length > 0) rows.push({ trigger: label, what: "(engine: first event → projected)", times: engine, missed: 0, target: null });
    const cpu = saved.flatMap((s) => (s.cpu === null ? [] : [s.cpu]));
    if (cpu.length > 0) rows.push({ trigger: label, what: "(server CPU per save, not wall)", times: cpu, missed: 0, target: null });
  }
  return rows;
};

export const run = async (): Promise<void> => {
  if (!existsSync(CLI)) return void out(`live: ${CLI} is missing: run \`npm run build\` first`);
  if (!existsSync(BENCH_REPO)) return void out(`live: no repository at ${BENCH_REPO}; clone one (e.g. git clone https://github.com/sympy/sympy ${BENCH_REPO}) or set NEMESIS_BENCH_REPO`);
  const root = indexedCopy(BENCH_REPO, "/tmp/nemesis-bench/live-run-", (what, took) => out(`${what} in ${took.toFixed(0)} ms (${KEPT}; ${load()})`));
  try {
    const server = await connect(root);
    try {
      await caughtUp(root, server.pid);
      const files = filesToEdit(root, SAVES);
      const rows: Row[] = [];
      for (const [ti, trigger] of TRIGGERS.entries()) rows.push(...(await measure(server, root, trigger, files, ti)));
      out(table(rows));
      out(`(${load()})`);
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
