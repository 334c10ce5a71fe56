/**
 * The history tools on a day of work (issue 33): a copy of the kept index of BENCH_REPO (sympy,
 * see keptIndex.ts) is opened by an engine in this process; then NEMESIS_BENCH_SESSIONS (20)
 * sessions each make an equal share of NEMESIS_BENCH_DAY_SAVES (500) saves through the
 * file-changed hook's own code (recordHookedFile, meta source hook and the session), each save
 * parsed and projected before the next (catalog, graph and history: what the tools read), so each
 * has its own FileParsed. A save appends a function to one of 50 files (the same function of
 * that file changes at each of its saves; every third save re-signs it). The session starts are
 * then spread 30 minutes apart (the log's own times, on the copy), as a day's would be.
 * Measured through the registry (callTool, text answers), NEMESIS_BENCH_CALLS (30) calls each
 * after 3 warm-ups, p50/p95 of wall time and the p50 of this process's CPU time per call:
 *   - get_changes_since: by default (the caller's previous session), since the day's first
 *     session, and since #0 (the whole log: the cold index too; 5 calls);
 *   - get_symbol_history: a function saved at each of its file's saves, and a method of a large
 *     file that no save touched;
 *   - get_project_context with a rule linked to that function (its stale check).
 * Run after `npm run build`: `npm run bench -- history-tools` (NEMESIS_BENCH_KEEP=1 keeps the copy, to look into).
 */
import Database from "better-sqlite3";
import * as Either from "effect/Either";
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, relative } from "node:path";
import { recordSessionStart } from "../src/commands/index.js";
import { HOOK_CONFIG_DEFAULTS } from "../src/config/hookConfig.js";
import { defaultConfig, nemesisPaths } from "../src/config/index.js";
import { Engine, inlineParser } from "../src/engine/index.js";
import { closeEventLog, headPosition, openEventLog } from "../src/events/index.js";
import { engineQueries } from "../src/engine/index.js";
import { toolContext } from "../src/mcp/ToolContext.js";
import { ALL_TOOLS, callTool } from "../src/mcp/registry.js";
import { recordHookedFile } from "../src/sources/hooks/recordHookedFile.js";
import { BENCH_REPO, listSourceFiles } from "./benchRepo.js";
import { indexedCopy } from "./keptIndex.js";
import { median, percentile } from "./stats.js";

const SESSIONS = Number(process.env.NEMESIS_BENCH_SESSIONS ?? 20);
const SAVES = Number(process.env.NEMESIS_BENCH_DAY_SAVES ?? 500);
const CALLS = Number(process.env.NEMESIS_BENCH_CALLS ?? 30);
const FILES = 50;
const CHANGES_TARGET_MS = 50;
const CLIENT = "claude-code";

const out = (line: string) => process.stdout.write(`${line}\n`);
const load = () => `load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** 50 Python files of moderate size, spread over the tree (every n-th by path). */
const pickFiles = (root: string): string[] => {
  const all = listSourceFiles(root)
    .filter((f) => f.endsWith(".py") && !f.includes("/tests/"))
    .filter((f) => {
      const size = statSync(f).size;
      return size > 4_000 && size < 60_000;
    })
    .map((f) => relative(root, f))
    .sort();
  const step = Math.max(1, Math.floor(all.length / FILES));
  return all.filter((_, i) => i % step === 0).slice(0, FILES);
};

/** The function a save of file `f` leaves at its end: its body names the save, every third save adds a parameter. */
const benchFunction = (f: number, save: number): string => {
  const extra = Math.floor(save / 3);
  const params = ["x", ...Array.from({ length: extra % 4 }, (_, i) => `p${i}=None`)].join(", ");
  return `\n\ndef nemesis_bench_${f}(${params}):\n    """Saved by the history-tools bench."""\n    return x + ${save}\n`;
};

export const run = async (): Promise<void> => {
  const root = indexedCopy(BENCH_REPO, "/tmp/nemesis-bench/history-tools-", (line, t) => out(`${line}: ${(t / 1000).toFixed(1)} s`));
  const paths = nemesisPaths(root);
  const log = openEventLog(paths.events);
  const opened = await Engine.open({ paths, config: defaultConfig(), log }, { parser: inlineParser, threads: false, projections: ["catalog", "graph", "history"] });
  if (Either.isLeft(opened)) throw new Error(opened.left.message);
  const engine = opened.right;
  const models = engineQueries(engine);
  try {
    await engine.catchUp();
    const files = pickFiles(root);
    const originals = files.map((f) => readFileSync(join(root, f), "utf8"));
    const savesOf = new Array<number>(files.length).fill(0);
    out(`${SESSIONS} sessions, ${SAVES} saves over ${files.length} files; log head #${headPosition(log)}; ${load()}`);
    const t0 = performance.now();
    let saveMs = 0;
    for (let s = 0; s < SESSIONS; s++) {
      const session = `bench-session-${String(s).padStart(2, "0")}`;
      recordSessionStart(log, { client: CLIENT, sessionId: session, meta: { source: "hook", session } });
      const share = Math.floor(SAVES / SESSIONS) + (s < SAVES % SESSIONS ? 1 : 0);
      for (let i = 0; i < share; i++) {
        const k = (s * 7 + i) % files.length;
        const file = files[k]!;
        writeFileSync(join(root, file), originals[k]! + benchFunction(k, savesOf[k]!++));
        const t = performance.now();
        const recorded = await recordHookedFile(log, { root, filePath: join(root, file), config: HOOK_CONFIG_DEFAULTS, meta: { source: "hook", session } });
        if (recorded.kind !== "recorded") throw new Error(`save of ${file}: ${recorded.kind}`);
        await engine.catchUp();
        saveMs += performance.now() - t;
      }
    }
    out(`day scripted in ${((performance.now() - t0) / 1000).toFixed(0)} s (record + parse + project per save: ${ms(saveMs / SAVES)} mean); log head #${headPosition(log)}; ${load()}`);

    // A day's sessions are not a minute apart: spread their starts, oldest first, 30 minutes each.
    const db = new Database(paths.events);
    const starts = db.prepare("SELECT position FROM events WHERE type = 'SessionStarted' ORDER BY position").pluck().all() as number[];
    const dayStart = Date.now() - starts.length * 30 * 60_000;
    const setTime = db.prepare("UPDATE events SET recorded_at = ? WHERE position = ?");
    starts.forEach((p, i) => setTime.run(new Date(dayStart + i * 30 * 60_000).toISOString(), p));
    db.close();

    const hot = files.findIndex((_, k) => savesOf[k]! === Math.max(...savesOf));
    const hotName = `nemesis_bench_${hot}`;
    const lastSession = `bench-session-${String(SESSIONS - 1).padStart(2, "0")}`;
    const ctx = toolContext(models, { name: CLIENT, source: "mcp", session: lastSession });
    const stored = await callTool(ALL_TOOLS, "store_rule", { rule: `Bench rule about ${hotName}`, related_to: [`${files[hot]}:${hotName}`] }, ctx);
    if (stored.isError) throw new Error(stored.content[0]!.text);
    // One more save after the rule: its link is stale now.
    writeFileSync(join(root, files[hot]!), originals[hot]! + benchFunction(hot, savesOf[hot]! + 3));
    await recordHookedFile(log, { root, filePath: join(root, files[hot]!), config: HOOK_CONFIG_DEFAULTS, meta: { source: "hook", session: lastSession } });
    await engine.catchUp();

    const measure = async (label: string, tool: string, args: Record<string, unknown>, target?: number, calls = CALLS) => {
      const call = async () => {
        const answer = await callTool(ALL_TOOLS, tool, args, ctx, (e) => {
          throw e;
        });
        if (answer.isError) throw new Error(`${tool}: ${answer.content[0]!.text}`);
        return answer.content[0]!.text;
      };
      for (let i = 0; i < Math.min(3, calls); i++) await call();
      const times: number[] = [];
      const cpu: number[] = [];
      let text = "";
      for (let i = 0; i < calls; i++) {
        const c = process.cpuUsage();
        const t = performance.now();
        text = await call();
        times.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
      const p50 = median(times);
      const verdict = target === undefined ? "" : `  (target < ${target} ms: ${p50 < target ? "met" : "NOT met"})`;
      // CPU time beside wall time: the load of a shared box barely moves it.
      out(`${label}: p50 ${ms(p50)}, p95 ${ms(percentile(times, 95))}, CPU p50 ${ms(median(cpu))}${verdict}`);
      out(`  ${text.split("\n")[0]}`);
    };
    out(`measuring, ${CALLS} calls each; ${load()}`);
    await measure("get_changes_since, previous session (default)", "get_changes_since", {}, CHANGES_TARGET_MS);
    await measure("get_changes_since, the day's first session", "get_changes_since", { since: "session:bench-session-00" });
    await measure("get_changes_since #0 (the whole log, 5 calls)", "get_changes_since", { since: "#0" }, undefined, 5);
    await measure(`get_symbol_history ${hotName} (${savesOf[hot]} saves)`, "get_symbol_history", { symbol: hotName });
    await measure("get_symbol_history Basic.subs (sympy/core/basic.py, resolved through the graph; no save)", "get_symbol_history", { symbol: "Basic.subs" });
    await measure("get_project_context (stale check of 1 linked rule)", "get_project_context", {});
    out(`done; ${load()}`);
  } finally {
    await models.close();
    await engine.close();
    closeEventLog(log);
    if (process.env.NEMESIS_BENCH_KEEP === "1") out(`kept the copy: ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
};
