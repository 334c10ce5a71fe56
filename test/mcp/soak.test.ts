import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nemesisPaths } from "../../src/config/index.js";
import { engineOwner } from "../../src/engine/index.js";
import { closeEventLog, countPendingEvents, headPosition, openEventLog, readEvents, readProjectionHint, readReactorCheckpoint, type LogHandle } from "../../src/events/index.js";
import { parseMemoryLine } from "../../src/mcp/memoryLine.js";
import { PARSE_REACTOR } from "../../src/parse/reactor/index.js";
import { digestDifferences, PROJECTIONS, readModelDigest } from "../../src/projections/index.js";
import { hashContent } from "../../src/shared/sourceFile/hashContent.js";
import { startNode } from "../child.js";
import { spawnCli } from "../cli/spawnCli.js";
import { CLI } from "../helpers.js";
import { initRepo, removeDir, tempDir, write } from "../sources/scan/helpers.js";
import { connectStdio, textOf } from "./mcpClient.js";

/**
 * The soak bench (`npm run bench -- soak`, bench/soakBench.ts) in small: two `serve` windows on
 * one project, the first owning the engine with its watcher on, for LOAD_MS of scripted saves
 * (edits, new files, deletions, renames), calls of every core tool from both windows, and the
 * file-changed hook now and then. What it checks is what does not depend on the machine's speed:
 * the owner's live heap after warm-up against the end, its open descriptors, no error anywhere,
 * every save in the log, and read models equal to a fresh index of the disk at the end. Its RSS
 * is held only to a bound a leak would cross: the native memory a burst leaves depends on how
 * many saves a loaded machine let pile up (1.01× to 1.22× in runs of this test, the higher at
 * load 8). How fast each tool answers, the RSS target and their drift are the bench's (a shared
 * two-core box makes such a bound flaky); so is sympy.
 */
const LOAD_MS = 20_000;
/** One save every SAVE_MS, round-robin over FILES files: a file is saved again only after the others. */
const SAVE_MS = 150;
const FILES = 30;
/** Each client calls at most once per CALL_MS. */
const CALL_MS = 250;
const HOOK_EVERY = 15;
/** A new file is renamed or deleted only this long after its last save, so each save is a batch of its own. */
const SETTLED_MS = 4_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A project of FILES modules calling each other, plus the ones the tools ask about (never saved). */
const makeProject = (): string => {
  const root = tempDir("nemesis-soak-");
  initRepo(root);
  // Python declares no interfaces: query_interface_implementors has a TypeScript one to find.
  write(root, "web/shape.ts", "export interface Shape {\n  area(): number;\n}\n\nexport class Square implements Shape {\n  area(): number {\n    return 4;\n  }\n}\n");
  for (let i = 0; i < FILES + 5; i++) {
    const callee = i === 0 ? null : (i * 7) % i;
    write(
      root,
      `pkg/m${i}.py`,
      `${callee === null ? "" : `from pkg.m${callee} import f${callee}\n`}\n\ndef f${i}(x):\n    """Step ${i} of the chain: add one."""\n    return ${callee === null ? "x" : `f${callee}(x)`} + 1\n\n\nclass Base${i}:\n    def value(self):\n        return f${i}(${i})\n`,
    );
  }
  return root;
};

/** Arguments of each core tool on that project: the files it names (m0–m4) are never saved. */
const TOOL_ARGS: Record<string, (i: number) => Record<string, unknown>> = {
  get_smart_context: () => ({ task: "add one to a number through the chain of step functions", max_tokens: 2_000 }),
  get_code_semantics: (i) => ({ query: ["add one", "step of the chain", "class value"][i % 3] }),
  search_regex: () => ({ pattern: "def f1\\b" }),
  search_nodes: () => ({ query: "f1" }),
  query_file_symbols: () => ({ file_path: "pkg/m1.py" }),
  query_node_edges: () => ({ node_identifier: "f1" }),
  get_dependencies: () => ({ symbol: "f2" }),
  find_path: () => ({ source: "f3", target: "f0" }),
  get_impact: () => ({ file: "pkg/m1.py", function: "f1" }),
  get_file_history: () => ({ target: "pkg/m1.py" }),
  query_interface_implementors: () => ({ name_pattern: "Shape" }),
  find_cycles: () => ({ scope: "pkg" }),
  rank_symbols: () => ({ scope: "pkg" }),
  export_graph: () => ({ scope: "pkg/m2.py", format: "json" }),
  get_architecture: () => ({ scope: "project" }),
  get_project_context: () => ({ topic: "numbers" }),
  store_rule: (i) => ({ rule: `Soak rule ${i}: every step adds exactly one`, related_to: ["pkg/m1.py"] }),
  store_decision: (i) => ({ title: `Soak decision ${i}`, reasoning: "one chain of steps", alternatives: ["a table: harder to follow"] }),
  index_project: () => ({ path: "pkg" }),
  index_status: () => ({}),
  watch_project: () => ({ enabled: true }),
};

const withLog = <A>(root: string, f: (log: LogHandle) => A): A => {
  const log = openEventLog(join(root, ".nemesis", "events.db"), { readonly: true });
  try {
    return f(log);
  } finally {
    closeEventLog(log);
  }
};

/** The log's latest word on each path (a hash, null once deleted), every (path, hash) it recorded, and whether the engine has taken it all. */
const logState = (root: string, after: number) =>
  withLog(root, (log) => {
    const latest = new Map<string, string | null>();
    const recorded = new Set<string>();
    for (const e of readEvents(log, { after, types: ["FileChanged", "FileDeleted"], limit: 1_000_000 })) {
      const d = e.data as { path: string; contentHash?: string };
      const hash = e.type === "FileDeleted" ? null : (d.contentHash ?? null);
      latest.set(d.path, hash);
      recorded.add(`${d.path} ${hash ?? "-"}`);
    }
    const projected =
      countPendingEvents(log, readReactorCheckpoint(log, PARSE_REACTOR), ["FileChanged"]).pending === 0 &&
      (["graph", "chunks"] as const).every((name) => {
        const hint = readProjectionHint(log, name);
        return hint !== null && countPendingEvents(log, hint.position, PROJECTIONS[name].handles).pending === 0;
      });
    return { latest, recorded, projected };
  });

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const fdCount = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** The owner's V8 heap (MB) from the line SIGUSR2 makes it log. */
const heapMb = async (root: string, pid: number): Promise<number> => {
  const log = join(root, ".nemesis", "logs", "serve.log");
  const before = readFileSync(log, "utf8").length;
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    const line = readFileSync(log, "utf8").slice(before).split("\n").find((l) => l.includes(`[${pid}] memory: `));
    if (line) return parseMemoryLine(line)!.heapUsed;
  }
  throw new Error("serve logged no memory line within 10 s of SIGUSR2");
};

const runHook = async (root: string, path: string): Promise<string | null> => {
  const child = startNode(CLI, ["hook", "file-changed"], { cwd: root, name: "nemesis hook file-changed" });
  child.end(JSON.stringify({ session_id: "soak-test", cwd: root, hook_event_name: "PostToolUse", tool_name: "Edit", tool_input: { file_path: join(root, path) } }));
  const { code, stdout, stderr } = await child.exit();
  return code === 0 && stdout === "" && stderr === "" ? null : `exit ${code}: ${stdout}${stderr}`;
};

const dirs: string[] = [];
const servers: Array<Awaited<ReturnType<typeof connectStdio>>> = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  for (const d of dirs) removeDir(d);
});

describe.runIf(process.platform === "linux")("a soak of the server (the soak bench in small)", () => {
  it("keeps its memory and descriptors, misses no save and ends with read models equal to a fresh index", async () => {
    const root = makeProject();
    dirs.push(root);
    expect((await spawnCli(root, ["index", "--no-progress"])).code).toBe(0);
    const owner = await connectStdio(root);
    servers.push(owner);
    // The owner has caught up and its watcher runs (index_status says so) before the second window opens.
    for (let i = 0; ; i++) {
      const s = (await owner.client.callTool({ name: "index_status", arguments: { json_output: true } })).structuredContent as { watcher?: { mode: string; last_reconciliation: unknown } | null };
      if (s.watcher && s.watcher.mode !== "starting" && s.watcher.last_reconciliation) break;
      if (i > 600) throw new Error(`the owner's watcher never started: ${JSON.stringify(s)}`);
      await sleep(100);
    }
    const front = await connectStdio(root);
    servers.push(front);
    // A second window of the project is a front end of the first: one engine (DESIGN.md §6).
    expect(engineOwner(nemesisPaths(root).lock)?.pid).toBe(owner.pid);
    const tools = (await front.client.listTools()).tools.map((t) => t.name);
    expect(tools.filter((t) => TOOL_ARGS[t] === undefined)).toEqual([]);

    const start = withLog(root, headPosition);
    const t0 = performance.now();
    const end = t0 + LOAD_MS;
    const errors: string[] = [];
    const callLoop = async (client: Client, k: number) => {
      for (let j = 0; performance.now() < end; j++) {
        const tool = tools[(j + k * 10) % tools.length]!;
        const r = await client.callTool({ name: tool, arguments: TOOL_ARGS[tool]!(j) });
        // Without a commit there is no git history to tell about: that answer is no failure.
        if (r.isError && !(tool === "get_file_history" && /history|commit/i.test(textOf(r)))) errors.push(`${tool} (client ${k}): ${textOf(r).slice(0, 300)}`);
        await sleep(Math.max(0, t0 + (j + 1) * CALL_MS - performance.now()));
      }
    };
    const callers = [callLoop(owner.client, 0), callLoop(front.client, 1)];

    // The saves: pool files m5… edited in turn (one in ten moved to <name>_moved.py and back),
    // one save in ten a new file, later deleted or renamed.
    const pool = Array.from({ length: FILES }, (_, i) => ({ home: `pkg/m${i + 5}.py`, path: `pkg/m${i + 5}.py`, text: readFileSync(join(root, `pkg/m${i + 5}.py`), "utf8"), touched: 0 }));
    const added: Array<{ path: string; at: number }> = [];
    const saves: Array<{ path: string; hash: string | null }> = [];
    const hooks: Array<Promise<string | null>> = [];
    let warm: { rss: number; fds: number; heap: number } | null = null;
    for (let i = 0; performance.now() < end - 2_000; i++) {
      await sleep(Math.max(0, t0 + i * SAVE_MS - performance.now()));
      if (warm === null && performance.now() - t0 >= LOAD_MS / 3) warm = { rss: rssMb(owner.pid), fds: fdCount(owner.pid), heap: await heapMb(root, owner.pid) };
      const now = Date.now();
      const settled = added[0] !== undefined && now - added[0].at > SETTLED_MS ? added.shift()! : null;
      let path: string;
      if (i % 10 === 0) {
        path = `pkg/new${i}.py`;
        write(root, path, `from pkg.m1 import f1\n\n\ndef g${i}(x):\n    return f1(x) * ${i}\n`);
        added.push({ path, at: now });
        saves.push({ path, hash: hashContent(readFileSync(join(root, path))) });
      } else if (i % 10 === 5 && settled) {
        unlinkSync(join(root, settled.path));
        saves.push({ path: settled.path, hash: null });
        continue;
      } else if (i % 10 === 7 && settled) {
        path = settled.path.replace(/\.py$/, "_r.py");
        renameSync(join(root, settled.path), join(root, path));
        added.push({ path, at: now });
        saves.push({ path: settled.path, hash: null }, { path, hash: hashContent(readFileSync(join(root, path))) });
      } else {
        const f = pool[i % pool.length]!;
        if (i % 10 === 3 && now - f.touched > SETTLED_MS) {
          const to = f.path === f.home ? f.home.replace(/\.py$/, "_moved.py") : f.home;
          renameSync(join(root, f.path), join(root, to));
          saves.push({ path: f.path, hash: null });
          f.path = to;
        } else writeFileSync(join(root, f.path), `${f.text}\n\ndef saved${i}(x):\n    return f1(x) - ${i}\n`);
        f.touched = now;
        path = f.path;
        saves.push({ path, hash: hashContent(readFileSync(join(root, path))) });
      }
      if (i % HOOK_EVERY === HOOK_EVERY - 1) hooks.push(runHook(root, path));
    }
    await Promise.all(callers);
    for (const h of await Promise.all(hooks)) if (h !== null) errors.push(`hook: ${h}`);

    // Bounded only so that a failure says what never reached the log; how soon is the bench's business.
    const paths = new Set(saves.map((s) => s.path));
    const agrees = () => {
      const state = logState(root, start);
      const disagree = [...paths].filter((p) => (state.latest.get(p) ?? null) !== (existsSync(join(root, p)) ? hashContent(readFileSync(join(root, p))) : null));
      return { state, disagree };
    };
    let last = agrees();
    for (const deadline = Date.now() + 60_000; (last.disagree.length > 0 || !last.state.projected) && Date.now() < deadline; last = agrees()) await sleep(100);
    expect(last.disagree).toEqual([]);
    expect(last.state.projected).toBe(true);
    // Every save, not only each file's last: no two saves of a file fall in one batch, so each is its own FileChanged.
    expect(saves.filter((s) => !last.state.recorded.has(`${s.path} ${s.hash ?? "-"}`))).toEqual([]);

    const end_ = { rss: rssMb(owner.pid), fds: fdCount(owner.pid), heap: await heapMb(root, owner.pid) };
    console.log(
      `soak test: ${saves.length} saves, ${hooks.length} hooks; owner RSS ${warm!.rss.toFixed(0)} → ${end_.rss.toFixed(0)} MB, heap ${warm!.heap.toFixed(0)} → ${end_.heap.toFixed(0)} MB, fds ${warm!.fds} → ${end_.fds}`,
    );
    expect(errors).toEqual([]);
    // The heap figure is after a full collection (serve collects before its SIGUSR2 line).
    expect(end_.heap).toBeLessThan(warm!.heap * 1.15 + 8);
    expect(end_.rss).toBeLessThan(warm!.rss * 1.5);
    // A leak grows; fewer at the end is the warm sample catching descriptors open for a moment (86 → 75 in one CI run).
    expect(end_.fds - warm!.fds).toBeLessThanOrEqual(10);
    // Once the burst is over and warmed, the owner hands what malloc kept free back to the system
    // (glibc only: elsewhere there is nothing to call). Bounded only so that a failure says so.
    const serveLogPath = join(root, ".nemesis", "logs", "serve.log");
    const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
    for (let i = 0; glibc && i < 600 && !readFileSync(serveLogPath, "utf8").includes("returned freed native memory to the system"); i++) await sleep(100);
    const serveLog = readFileSync(serveLogPath, "utf8");
    expect(serveLog.split("\n").filter((l) => / error \[/.test(l))).toEqual([]);
    if (glibc) expect(serveLog).toMatch(/returned freed native memory to the system: RSS \d+ → \d+ MB/);

    for (const s of servers.splice(0)) await s.close();
    // The engine lock is gone once the owner has exited: the read models may be opened.
    for (let i = 0; existsSync(nemesisPaths(root).lock) && i < 600; i++) await sleep(50);
    const fresh = tempDir("nemesis-soak-fresh-");
    dirs.push(fresh);
    cpSync(root, fresh, { recursive: true, filter: (src) => !src.includes("/.nemesis") });
    expect((await spawnCli(fresh, ["index", "--no-progress"])).code).toBe(0);
    expect(digestDifferences(await readModelDigest(nemesisPaths(root)), await readModelDigest(nemesisPaths(fresh)))).toEqual([]);
  }, 240_000);
});
