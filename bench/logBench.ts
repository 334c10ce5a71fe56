import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus as cpuList, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { appendToStreams, checkpointWal, closeEventLog, openEventLog, readEvents, readThroughMemoryMap, tailEvents, type EventMeta, type LogHandle, type StreamAppend } from "../src/events/index.js";
import { CatalogProjector, rebuild } from "../src/projections/index.js";
import { fmtRate, median, percentile } from "./stats.js";

/**
 * The log suite: append (one event per transaction, and batches of 1,000), read, catalog
 * replay, the wall time of `nemesis log --limit 50` on a 100k-event log, and how soon a tail
 * sees another process's append. The events are a realistic mix: mostly FileChanged/FileParsed
 * pairs, with memory writes among them.
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
export const batchOf = (b: number): StreamAppend[] => {
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

const cpuCount = () => cpuList().length;
const rate = (events: number, ms: number) => (events / ms) * 1000;

/** Wall and CPU time of `f`: on a shared machine the CPU figure shows what the code costs, the wall figure what a user waits. */
const measure = <A>(f: () => A): { result: A; wallMs: number; cpuMs: number } => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = f();
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { result, wallMs, cpuMs: (c.user + c.system) / 1000 };
};

const measureAsync = async <A>(f: () => Promise<A>): Promise<{ result: A; wallMs: number; cpuMs: number }> => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await f();
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { result, wallMs, cpuMs: (c.user + c.system) / 1000 };
};

/** Small events only (FileChanged, ~200 bytes): what a scan or a burst of hook calls appends. */
const smallBatch = (b: number): StreamAppend[] =>
  Array.from({ length: BATCH }, (_, i) => {
    const seq = b * BATCH + i;
    const path = `src/module${seq % 50}/file${seq % FILES}.ts`;
    return {
      stream: `file:${path}`,
      expectedVersion: "any" as const,
      events: [{ type: "FileChanged", data: { path, contentHash: `sha256-${seq.toString(16).padStart(16, "0")}`, size: 2_400, mtime: 1_700_000_000_000 + seq, language: "typescript" }, meta: watcher }],
    };
  });

/** The same small events, all in one stream: one version lookup per batch instead of 1,000. */
const oneStreamBatch = (b: number): StreamAppend[] => [
  {
    stream: "file:src/bulk.ts",
    expectedVersion: "any",
    events: smallBatch(b).map((a) => a.events[0]!),
  },
];

/** Appends batches until `total` events are in; returns per-batch wall and CPU rates. */
const fillLog = (log: LogHandle, total: number, make: (b: number) => StreamAppend[]): { wall: number[]; cpu: number[]; bytes: number } => {
  const wall: number[] = [];
  const cpu: number[] = [];
  let written = 0;
  let bytes = 0;
  for (let b = 0; written < total; b++) {
    const batch = make(b);
    for (const a of batch) for (const e of a.events) bytes += JSON.stringify(e.data).length;
    const m = measure(() => appendToStreams(log, batch));
    const r = m.result;
    if (!("appended" in r)) throw new Error(r.message);
    wall.push(rate(r.appended, m.wallMs));
    cpu.push(rate(r.appended, m.cpuMs));
    written += r.appended;
  }
  return { wall, cpu, bytes };
};

// Another process: appends one event per line it reads, and prints the position and the
// wall-clock time (ms since the epoch) at which the append returned.
const APPENDER = `
import { createInterface } from "node:readline";
const { appendToStreams, openEventLog } = await import(process.argv[1]);
const log = openEventLog(process.argv[2]);
process.stdout.write("ready\\n");
for await (const line of createInterface({ input: process.stdin })) {
  const r = appendToStreams(log, [{ stream: "file:tail", expectedVersion: "any", events: [{ type: "FileDeleted", data: { path: line }, meta: { source: "bench" } }] }]);
  process.stdout.write(r.lastPosition + " " + (performance.timeOrigin + performance.now()) + "\\n");
}`;

/** Milliseconds from another process's append returning to a tail here (polling every 10 ms, as `log --follow` and the engine do) seeing it. */
const tailLatency = async (path: string, samples: number): Promise<number[]> => {
  const log = openEventLog(path);
  const child = spawn(process.execPath, ["--input-type=module", "-e", APPENDER, new URL("../events/index.js", import.meta.url).href, path], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done === true) throw new Error("tail bench: the appending process exited");
    return value as string;
  };
  const seenAt = new Map<number, number>();
  let seen = (): void => {};
  const stop = tailEvents(log, { after: 0, intervalMs: 10 }, (batch) => {
    const now = performance.timeOrigin + performance.now();
    for (const e of batch) seenAt.set(e.position, now);
    seen();
  });
  const out: number[] = [];
  try {
    await nextLine();
    for (let i = 0; i < samples; i++) {
      child.stdin.write(`p${i}\n`);
      const [position, ackedAt] = (await nextLine()).split(" ").map(Number) as [number, number];
      while (!seenAt.has(position)) await new Promise<void>((resolve) => (seen = resolve));
      out.push(seenAt.get(position)! - ackedAt);
      // Spread the appends over the poller's interval rather than in step with it.
      await new Promise((resolve) => setTimeout(resolve, 1 + ((i * 3) % 10)));
    }
  } finally {
    stop();
    child.kill();
    closeEventLog(log);
  }
  return out;
};

export const run = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-logbench-"));
  const rows: [string, string, string, string][] = [["", "wall", "CPU", ""]];
  const row = (name: string, wall: string, cpu: string, note: string) => rows.push([name, wall, cpu, note]);
  try {
    // 1. One event per transaction: what a hook or a CLI write costs.
    const single = openEventLog(join(dir, "single.db"));
    const perTx = measure(() => {
      for (let i = 0; i < SINGLE; i++) {
        const r = appendToStreams(single, [
          { stream: `file:src/f${i % 100}.ts`, expectedVersion: "any", events: [{ type: "FileChanged", data: { path: `src/f${i % 100}.ts`, contentHash: `h${i}`, size: 10, mtime: i, language: "typescript" }, meta: watcher }] },
        ]);
        if (!("appended" in r)) throw new Error(r.message);
      }
    });
    closeEventLog(single);
    row("append, 1 event per transaction", `${fmtRate(rate(SINGLE, perTx.wallMs))} ev/s`, `${fmtRate(rate(SINGLE, perTx.cpuMs))} ev/s`, `${SINGLE} events, ${(perTx.wallMs / SINGLE).toFixed(2)} ms each`);

    // 2a. Batches of 1,000 small events (a scan, a burst of hooks).
    const small = openEventLog(join(dir, "small.db"));
    const s = fillLog(small, 30_000, smallBatch);
    closeEventLog(small);
    row("append, batches of 1,000 FileChanged (1,000 streams)", `${fmtRate(median(s.wall))} ev/s`, `${fmtRate(median(s.cpu))} ev/s`, `median of ${s.wall.length} batches, ~${Math.round(s.bytes / 30_000)} B/event`);

    // 2b. Batches of 1,000 small events to one stream (a bulk import into one stream).
    const one = openEventLog(join(dir, "one.db"));
    const o = fillLog(one, 30_000, oneStreamBatch);
    closeEventLog(one);
    row("append, batches of 1,000 to one stream", `${fmtRate(median(o.wall))} ev/s`, `${fmtRate(median(o.cpu))} ev/s`, `median of ${o.wall.length} batches`);

    // 2c. Batches of ~1,000 of the realistic mix: this fills the 100k-event log used below.
    const projectDir = join(dir, "project");
    const logPath = join(projectDir, ".nemesis", "events.db");
    const log = openEventLog(logPath);
    const mix = fillLog(log, TOTAL, batchOf);
    const mb = mix.bytes / 1e6;
    row(
      "append, batches of 1,000 mixed",
      `${fmtRate(median(mix.wall))} ev/s`,
      `${fmtRate(median(mix.cpu))} ev/s`,
      `median of ${mix.wall.length} batches; ${TOTAL.toLocaleString("en-US")} events, ${mb.toFixed(0)} MB of payloads (~${Math.round(mix.bytes / TOTAL)} B/event)`,
    );

    // 3. Read the whole log in batches of 5,000, through the memory map `nemesis replay` uses.
    readThroughMemoryMap(log);
    const reads = [0, 1, 2].map(() =>
      measure(() => {
        let after = 0;
        let n = 0;
        for (;;) {
          const batch = readEvents(log, { after, limit: 5_000 });
          if (batch.length === 0) break;
          n += batch.length;
          after = batch[batch.length - 1]!.position;
        }
        return n;
      }),
    );
    row("read, batches of 5,000", `${fmtRate(median(reads.map((r) => rate(r.result, r.wallMs))))} ev/s`, `${fmtRate(median(reads.map((r) => rate(r.result, r.cpuMs))))} ev/s`, "median of 3 full reads, log memory-mapped as by `nemesis replay` (payloads parsed on access, not here)");

    // 4. Replay of the catalog read model from scratch.
    const projector = new CatalogProjector(join(projectDir, ".nemesis", "catalog.db"));
    const replays = [];
    for (let rep = 0; rep < 3; rep++) replays.push(await measureAsync(() => rebuild(log, projector)));
    await projector.close();
    row(
      "catalog replay (rebuild)",
      `${fmtRate(median(replays.map((r) => rate(r.result.events, r.wallMs))))} ev/s`,
      `${fmtRate(median(replays.map((r) => rate(r.result.events, r.cpuMs))))} ev/s`,
      "median of 3 rebuilds of the 100k-event log",
    );
    checkpointWal(log, true);
    closeEventLog(log);

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
    row("nemesis log --limit 50 (100k events)", `${median(walls).toFixed(0)} ms`, "", `median of 5 processes; \`node -e 0\` alone: ${median(nodeWalls).toFixed(0)} ms`);

    // 6. How soon a tail sees another process's append (what `log --follow` and a live engine wait).
    const tail = await tailLatency(join(dir, "tail.db"), 40);
    row("tail sees another process's append", `${median(tail).toFixed(1)} ms`, "", `median of ${tail.length} appends, p95 ${percentile(tail, 95).toFixed(1)} ms; polling every 10 ms`);

    const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    process.stdout.write(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on ${cpuCount()} CPUs\n`);
    for (const [a, b, c, d] of rows) process.stdout.write(`${a.padEnd(widths[0]!)}  ${b.padStart(widths[1]!)}  ${c.padStart(widths[2]!)}  ${d}\n`);
    process.stdout.write("targets: batched append >= 100,000 ev/s, catalog replay >= 100,000 ev/s, log --limit 50 < 200 ms, tail < 50 ms\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
