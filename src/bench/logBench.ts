import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { appendToStreams, openEventLog, readEvents, type EventMeta, type LogHandle, type StreamAppend } from "../events/index.js";
import { CatalogProjector, rebuild } from "../projections/index.js";
import { fmtRate, median } from "./stats.js";

/**
 * The log suite: append (one event per transaction, and batches of 1,000), read, catalog
 * replay, and the wall time of `nemesis log --limit 50` on a 100k-event log. The events are
 * a realistic mix: mostly FileChanged/FileParsed pairs, with memory writes among them.
 */
const TOTAL = 100_000;
const BATCH = 1_000;
const SINGLE = 2_000;
const FILES = 5_000;

const meta: EventMeta = { source: "bench" };
const watcher: EventMeta = { source: "watcher" };
const cli: EventMeta = { source: "cli", actor: "bench" };

const symbol = (file: number, i: number) => ({
  id: `Service${file}.method${i}`,
  kind: "Method",
  name: `method${i}`,
  qualifiedName: `Service${file}.method${i}`,
  parent: `Service${file}`,
  signature: `method${i}(input: Input${i}): Promise<Output${i}>`,
  doc: i % 2 ? "Loads the thing and returns it." : null,
  startLine: i * 10 + 1,
  startCol: 2,
  endLine: i * 10 + 9,
  endCol: 3,
  exported: false,
  visibility: "public",
  async: true,
  params: [{ name: "input", type: `Input${i}` }],
  returns: ["Promise", `Output${i}`],
  complexity: 2,
  members: [],
});

const parsed = (file: number, hash: string) => ({
  path: `src/module${file % 50}/file${file}.ts`,
  contentHash: hash,
  language: "typescript",
  parserVersion: "bench-1",
  packageName: null,
  lineCount: 80,
  hasErrors: false,
  symbols: Array.from({ length: 6 }, (_, i) => symbol(file, i)),
  references: Array.from({ length: 6 }, (_, i) => ({ kind: "call", name: `helper${i}`, qualifier: "this.repo", from: `Service${file}.method${i}`, line: i * 10 + 4, col: 8 })),
  imports: [{ specifier: "../shared/repo", names: [{ name: "Repo", alias: null }], kind: "import", typeOnly: false, line: 1 }],
  chunks: Array.from({ length: 2 }, (_, i) => ({
    symbol: `Service${file}.method${i}`,
    kind: "Method",
    startLine: i * 10 + 1,
    endLine: i * 10 + 9,
    text: `async method${i}(input: Input${i}) {\n  const row = await this.repo.helper${i}(input);\n  return toOutput(row);\n}`,
    tokens: 30,
  })),
});

/** The i-th group of events (as stream appends), about `BATCH` events. */
const batchOf = (b: number): StreamAppend[] => {
  const out: StreamAppend[] = [];
  let n = 0;
  let k = 0;
  while (n < BATCH) {
    const seq = b * BATCH + n;
    if (k % 50 === 7) {
      out.push({
        stream: `rule:rule-${seq.toString(16).padStart(8, "0")}`,
        expectedVersion: "any",
        events: [{ type: "RuleStored", data: { id: `rule-${seq}`, content: `Rule number ${seq}: never do thing ${seq}`, scope: "*", relatedTo: [] }, meta: cli }],
      });
      n += 1;
    } else if (k % 100 === 13) {
      out.push({
        stream: `decision:dec-${seq.toString(16).padStart(8, "0")}`,
        expectedVersion: "any",
        events: [
          {
            type: "DecisionRecorded",
            data: { id: `dec-${seq}`, title: `Decision ${seq}`, reasoning: "Because it is simpler", alternatives: [{ title: "Other", reasonRejected: "slower" }], status: "accepted", relatedTo: [] },
            meta: cli,
          },
        ],
      });
      n += 1;
    } else {
      const file = (seq * 7) % FILES;
      const hash = `h${seq.toString(16)}`;
      const path = `src/module${file % 50}/file${file}.ts`;
      out.push({
        stream: `file:${path}`,
        expectedVersion: "any",
        events: [
          { type: "FileChanged", data: { path, contentHash: hash, size: 2_400, mtime: 1_700_000_000_000 + seq, language: "typescript" }, meta: watcher },
          { type: "FileParsed", data: parsed(file, hash), meta },
        ],
      });
      n += 2;
    }
    k++;
  }
  return out;
};

const rate = (events: number, ms: number) => (events / ms) * 1000;

const fillLog = (log: LogHandle): number[] => {
  const times: number[] = [];
  let written = 0;
  for (let b = 0; written < TOTAL; b++) {
    const batch = batchOf(b);
    const t0 = performance.now();
    const r = appendToStreams(log, batch);
    const ms = performance.now() - t0;
    if (!("appended" in r)) throw new Error(r.message);
    times.push(rate(r.appended, ms));
    written += r.appended;
  }
  return times;
};

export const run = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-logbench-"));
  const rows: [string, string, string][] = [];
  try {
    // 1. One event per transaction: what a hook or a CLI write costs.
    const single = openEventLog(join(dir, "single.db"));
    const t0 = performance.now();
    for (let i = 0; i < SINGLE; i++) {
      const r = appendToStreams(single, [
        { stream: `file:src/f${i % 100}.ts`, expectedVersion: "any", events: [{ type: "FileChanged", data: { path: `src/f${i % 100}.ts`, contentHash: `h${i}`, size: 10, mtime: i, language: "typescript" }, meta: watcher }] },
      ]);
      if (!("appended" in r)) throw new Error(r.message);
    }
    const singleMs = performance.now() - t0;
    single.db.close();
    rows.push(["append, 1 event per transaction", `${fmtRate(rate(SINGLE, singleMs))} events/s`, `${SINGLE} events, ${(singleMs / SINGLE).toFixed(3)} ms each`]);

    // 2. Batches of ~1,000 events (the scanner's and the parse reactor's shape).
    const projectDir = join(dir, "project");
    const logPath = join(projectDir, ".nemesis", "events.db");
    const log = openEventLog(logPath);
    const batchRates = fillLog(log);
    rows.push(["append, batches of 1,000", `${fmtRate(median(batchRates))} events/s`, `median of ${batchRates.length} batches; ${TOTAL.toLocaleString("en-US")}-event mixed log`]);

    // 3. Read the whole log in batches of 5,000.
    const readRates: number[] = [];
    for (let rep = 0; rep < 3; rep++) {
      const r0 = performance.now();
      let after = 0;
      let n = 0;
      for (;;) {
        const batch = readEvents(log, { after, limit: 5_000 });
        if (batch.length === 0) break;
        n += batch.length;
        after = batch[batch.length - 1]!.position;
      }
      readRates.push(rate(n, performance.now() - r0));
    }
    rows.push(["read, batches of 5,000", `${fmtRate(median(readRates))} events/s`, "median of 3 full reads"]);

    // 4. Replay of the catalog read model from scratch.
    const replayRates: number[] = [];
    const projector = new CatalogProjector(join(projectDir, ".nemesis", "catalog.db"));
    for (let rep = 0; rep < 3; rep++) {
      const r0 = performance.now();
      const res = await rebuild(log, projector);
      replayRates.push(rate(res.events, performance.now() - r0));
    }
    await projector.close();
    rows.push(["catalog replay (rebuild)", `${fmtRate(median(replayRates))} events/s`, "median of 3 rebuilds"]);
    log.db.pragma("wal_checkpoint(TRUNCATE)");
    log.db.close();

    // 5. `nemesis log --limit 50` as a user runs it: a fresh process each time.
    const cliPath = join(dirname(fileURLToPath(import.meta.url)), "..", "cli.js");
    const walls: number[] = [];
    for (let rep = 0; rep < 6; rep++) {
      const w0 = performance.now();
      const p = spawnSync(process.execPath, [cliPath, "--root", projectDir, "log", "--limit", "50"], { encoding: "utf8" });
      const ms = performance.now() - w0;
      if (p.status !== 0) throw new Error(`nemesis log failed: ${p.stderr}`);
      if (rep > 0) walls.push(ms); // the first run warms the OS file cache
    }
    const nodeWalls: number[] = [];
    for (let rep = 0; rep < 5; rep++) {
      const w0 = performance.now();
      spawnSync(process.execPath, ["-e", "0"]);
      nodeWalls.push(performance.now() - w0);
    }
    rows.push([
      "nemesis log --limit 50 (100k events)",
      `${median(walls).toFixed(0)} ms wall`,
      `median of 5 processes; bare \`node -e 0\` takes ${median(nodeWalls).toFixed(0)} ms here`,
    ]);

    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    for (const [a, b, c] of rows) process.stdout.write(`${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}\n`);
    process.stdout.write("targets: batched append >= 100,000 events/s, catalog replay >= 100,000 events/s, log --limit 50 < 200 ms\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
