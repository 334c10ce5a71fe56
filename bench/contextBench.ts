import Database from "better-sqlite3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { recordSessionStart } from "../src/commands/index.js";
import { defaultConfig } from "../src/config/index.js";
import { readContextReport } from "../src/engine/index.js";
import { appendToStreams, closeEventLog, openEventLog, readEvents, type LogHandle } from "../src/events/index.js";
import { logContextServed } from "../src/mcp/contextServed.js";
import type { ToolContext } from "../src/mcp/ToolContext.js";
import { contextReport, renderContextReport } from "../src/queries/contextReport/index.js";
import { KEPT } from "./keptIndex.js";
import { median, percentile } from "./stats.js";

/**
 * The context suite (issue 33 item 3), on a snapshot of the kept sympy index's log (`npm run bench
 * -- mcp` makes it): a day of work appended to the log (500 saves by the hook and the watcher over
 * 20 sessions, each with its MCP client's start and 10 answers served) and the time of `nemesis
 * report context` over the whole log; then what logging one answer's ContextServed costs (the
 * registry's step after each get_smart_context or get_code_semantics answer).
 */
const CALLS = Number(process.env.NEMESIS_BENCH_CONTEXT_CALLS ?? 1_000);
const SAVES = Number(process.env.NEMESIS_BENCH_SAVES ?? 500);
const SESSIONS = 20;
const ANSWERS_PER_SESSION = 10;
const REPORT_RUNS = 5;

const ms = (v: number) => `${v.toFixed(v < 10 ? 3 : 0)} ms`;

/** A small seeded generator: the same day on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The kept log copied with SQLite's backup (a server may be writing it), so nothing here reaches it. */
const snapshot = async (dir: string): Promise<string> => {
  const source = join(KEPT, ".nemesis", "events.db");
  if (!existsSync(source)) throw new Error(`no kept index at ${KEPT}: run \`npm run bench -- mcp\` once to make it`);
  const target = join(dir, "events.db");
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  return target;
};

/** Enough of a tool context for the registry's logging step: the log, the caller, the config. */
const contextOn = (log: LogHandle, session: string): ToolContext => ({ log, caller: { name: "bench", source: "mcp", session }, config: defaultConfig() }) as unknown as ToolContext;

export const run = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-bench-context-"));
  try {
    const path = await snapshot(dir);
    const log = openEventLog(path);
    const paths = [...new Set(readEvents(log, { types: ["FileChanged"], source: "cli" }).map((e) => e.stream.slice("file:".length)))];
    process.stdout.write(`log: ${readEvents(log, { descending: true, limit: 1 })[0]?.position ?? 0} events, ${paths.length} files; load ${loadavg()[0]!.toFixed(2)}\n`);
    const rand = random(7);
    const pick = (n: number) => Array.from({ length: n }, () => paths[Math.floor(rand() * paths.length)]!);

    const task = "fix the rounding of Rational in printing when the denominator is a power of ten and the precision is set";

    // 1. A day of work: sessions, saves and answers, appended as the hooks, the watcher and the registry append them.
    const t0 = performance.now();
    let save = 0;
    for (let s = 0; s < SESSIONS; s++) {
      const hook = `day-${s}`;
      recordSessionStart(log, { client: "claude-code", sessionId: hook, meta: { source: "hook" } });
      recordSessionStart(log, { client: "claude-code", sessionId: `mcp-${s}`, meta: { source: "mcp" } });
      const ctx = contextOn(log, `mcp-${s}`);
      const focus = pick(15);
      for (let a = 0; a < ANSWERS_PER_SESSION; a++) {
        logContextServed(ctx, "get_smart_context", { task: `${task} ${a}`, files: [...focus.slice(0, 8), ...pick(4)], symbols: [], rules: ["rule-a"], tokens: 6_000 }, "", () => {});
        // The session's share of the saves, spread over its answers.
        const upTo = Math.round((SAVES * (s * ANSWERS_PER_SESSION + a + 1)) / (SESSIONS * ANSWERS_PER_SESSION));
        for (; save < upTo; save++) {
          const file = rand() < 0.6 ? focus[Math.floor(rand() * focus.length)]! : pick(1)[0]!;
          const byHook = save % 2 === 0;
          appendToStreams(log, [
            {
              stream: `file:${file}`,
              expectedVersion: "any",
              events: [{ type: "FileChanged", data: { path: file, contentHash: `bench${save}`, size: 1_000 + save, mtime: Date.now(), language: "python" }, meta: byHook ? { source: "hook", session: hook } : { source: "watcher" } }],
            },
          ]);
        }
      }
    }
    process.stdout.write(`a day appended: ${SESSIONS} sessions, ${save} saves, ${SESSIONS * ANSWERS_PER_SESSION} answers in ${ms(performance.now() - t0)}\n`);

    // 2. `nemesis report context` over the whole log: read the facts, compute, render.
    const wall: number[] = [];
    const cpu: number[] = [];
    let text = "";
    for (let i = 0; i < REPORT_RUNS; i++) {
      const c0 = process.cpuUsage();
      const r0 = performance.now();
      const read = readContextReport(log, undefined);
      if (!read.ok) throw new Error(read.message);
      text = renderContextReport(contextReport(read.facts), read.from);
      wall.push(performance.now() - r0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    process.stdout.write(`report context over the whole log: median ${ms(median(wall))} (CPU ${ms(median(cpu))}), max ${ms(Math.max(...wall))} (${REPORT_RUNS} runs)\n`);
    process.stdout.write(`${text.split("\n").slice(0, 3).join("\n")}\n`);
    // 3. The logging step of one answer, as the registry runs it.
    const answerText = pick(12)
      .map((p) => `${p}:1-40 some_function (Function)\ndef some_function(x, y):\n    return x + y * 2  # body of the snippet shown\n`)
      .join("\n")
      .repeat(8);
    for (const [label, tokens] of [
      ["get_smart_context (exact tokens given)", 6_000],
      ["get_code_semantics (tokens estimated from the answer)", undefined],
    ] as const) {
      const wall: number[] = [];
      const cpu: number[] = [];
      const ctx = contextOn(log, `cost-${label.slice(0, 8)}`);
      const failures: string[] = [];
      for (let i = 0; i < CALLS; i++) {
        const items = { task, files: pick(12), symbols: pick(20).map((p) => `${p}:f`), rules: ["rule-a", "rule-b", "rule-c"], ...(tokens !== undefined ? { tokens } : {}) };
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        logContextServed(ctx, "get_smart_context", items, answerText, (m) => failures.push(m));
        wall.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      if (failures.length > 0) throw new Error(failures[0]);
      process.stdout.write(`ContextServed logged, ${label}: p50 ${ms(median(wall))}, p95 ${ms(percentile(wall, 95))}, max ${ms(Math.max(...wall))}; CPU p50 ${ms(median(cpu))}, mean ${ms(cpu.reduce((a, b) => a + b, 0) / cpu.length)} (${CALLS} calls, answer ${answerText.length.toLocaleString("en-US")} chars)\n`);
    }

    closeEventLog(log);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
