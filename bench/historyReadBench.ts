import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { appendToStreams, closeEventLog, openEventLog, type CommitObserved } from "../src/events/index.js";
import { catchUp, HistoryProjector, HistoryReader, rebuild } from "../src/projections/index.js";
import { median, percentile } from "./stats.js";

/**
 * The history suite: a synthetic history of 10,000 commits (NEMESIS_BENCH_COMMITS scales it)
 * appended as CommitObserved events, projected into history.db, then the latency of the reader
 * calls get_smart_context's ranking makes on every call (similarCommits, coChanged) and those of
 * get_file_history. Commits mostly touch a few files of one folder; 2% touch 60 to 260 files and
 * 5% are merges, so the exclusions are exercised. Messages draw words from a skewed vocabulary, so
 * some words are in most commits, as "fix" and "test" are in a real history.
 */
const COMMITS = Number(process.env.NEMESIS_BENCH_COMMITS ?? 10_000);
const FILES = 3_000;
const FOLDERS = 120;
const REPEATS = 200;

/** A small seeded generator: the same history on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const history = (): CommitObserved[] => {
  const rand = random(31);
  const skewed = (n: number) => Math.floor(n * Math.pow(rand(), 2.5));
  const vocabulary = Array.from({ length: 3_000 }, (_, i) => `w${i.toString(36)}${["", "er", "ing", "s"][i % 4]}`);
  const words = (n: number) => Array.from({ length: n }, () => vocabulary[skewed(vocabulary.length)]).join(" ");
  const file = (i: number) => `src/dir${i % FOLDERS}/file${i}.py`;
  return Array.from({ length: COMMITS }, (_, i) => {
    const folder = Math.floor(rand() * FOLDERS);
    const count = rand() < 0.02 ? 60 + Math.floor(rand() * 200) : 1 + skewed(12);
    const paths = new Set<string>();
    while (paths.size < count) paths.add(rand() < 0.8 ? file(folder + FOLDERS * Math.floor(rand() * (FILES / FOLDERS))) : file(Math.floor(rand() * FILES)));
    return {
      sha: i.toString(16).padStart(40, "0"),
      parents: rand() < 0.05 ? ["a", "b"] : ["a"],
      time: 1_600_000_000 + i * 3_600,
      author: `dev${i % 17}`,
      subject: words(4 + Math.floor(rand() * 6)),
      body: rand() < 0.5 ? "" : words(Math.floor(rand() * 60)),
      files: [...paths].map((path) => ({ path, status: "M" as const, added: 3, deleted: 1 })),
    };
  });
};

const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

/** Median and p95 wall time of `f`, and its median CPU time (what load on the machine barely moves). */
const measure = (label: string, f: () => unknown): void => {
  f();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    f();
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  process.stdout.write(`${label.padEnd(48)} p50 ${ms(median(wall)).padStart(9)}  p95 ${ms(percentile(wall, 95)).padStart(9)}  cpu p50 ${ms(median(cpu))}\n`);
};

const TASKS = {
  short: "Fix the w1 w2er handling when wa3 is empty (see #123); w5s' `w7ing()` crashes!!!",
  "a paragraph": "Add an option to the w10 middleware so that w20s can w30 the w40er header on redirects. " + "wa wbs wcing wder w11 w12s w13ing w14er ".repeat(3),
  punctuation: 'AND OR NOT NEAR "unbalanced ( quotes * ^ : - {col}',
};

export const run = async (): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-bench-history-"));
  const log = openEventLog(join(dir, "events.db"));
  const projector = new HistoryProjector(join(dir, "history.db"));
  try {
    const commits = history();
    process.stdout.write(`load average ${loadavg()[0]!.toFixed(1)}; ${COMMITS.toLocaleString("en-US")} commits over ${FILES.toLocaleString("en-US")} files\n`);
    for (let i = 0; i < commits.length; i += 1_000) {
      appendToStreams(
        log,
        commits.slice(i, i + 1_000).map((data) => ({ stream: `commit:${data.sha}`, expectedVersion: "no_stream" as const, events: [{ type: "CommitObserved", data, meta: { source: "bench" as const } }] })),
      );
    }
    let t = performance.now();
    await catchUp(log, projector);
    process.stdout.write(`projection of the whole history: ${ms(performance.now() - t)}\n`);
    t = performance.now();
    await rebuild(log, projector);
    process.stdout.write(`replay: ${ms(performance.now() - t)}\n`);
    const reader = HistoryReader.open(join(dir, "history.db"));
    try {
      const file = (i: number) => `src/dir${i % FOLDERS}/file${i}.py`;
      for (const [name, text] of Object.entries(TASKS)) measure(`similarCommits(${name} task, 10)`, () => reader.similarCommits(text, 10));
      measure("coChanged(1 path, 10)", () => reader.coChanged([file(5)], 10));
      measure("coChanged(10 paths, 10)", () => reader.coChanged(Array.from({ length: 10 }, (_, i) => file(100 + i)), 10));
      measure("coChanged(30 paths, 10)", () => reader.coChanged(Array.from({ length: 30 }, (_, i) => file(200 + i)), 10));
      measure("fileHistory(1 path, 20)", () => reader.fileHistory(file(7), 20));
      measure("commitCount", () => reader.commitCount(file(7)));
    } finally {
      reader.close();
    }
  } finally {
    await projector.close();
    closeEventLog(log);
    rmSync(dir, { recursive: true, force: true });
  }
};
