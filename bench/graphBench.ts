/**
 * Graph projection figures on a real repository (NEMESIS_BENCH_REPO, default a sympy checkout):
 *   - bulk rebuild (what `nemesis replay --projection graph` does): resolver + COPY into Kuzu;
 *   - reopen (resolver refilled from the log, key index read back from Kuzu), without and
 *     with the resolution cache;
 *   - one changed file: time from its FileParsed being appended to the graph reflecting it.
 * Files are parsed once up front (parse time is reported, not counted in the graph figures).
 * NEMESIS_BENCH_FILES caps the file count; NEMESIS_BENCH_DELTAS sets the number of edits (20).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { appendToStreams, closeEventLog, openEventLog, type FileParsed, type LogHandle, type NewEvent } from "../src/events/index.js";
import { parseSource } from "../src/parse/parseSource.js";
import { GraphProjector } from "../src/projections/graph/GraphProjector.js";
import { GraphReader } from "../src/projections/graph/GraphReader.js";
import { createResolver } from "../src/projections/graph/resolve/index.js";
import { catchUp } from "../src/projections/runProjector.js";
import { median, percentile } from "./stats.js";
import { BENCH_REPO as REPO, listSourceFiles as listFiles } from "./benchRepo.js";

const hash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 16);

const parsedEvent = (path: string, text: string): NewEvent => {
  const contentHash = hash(text);
  const r = parseSource({ path, text, contentHash });
  return r.ok
    ? { type: "FileParsed", data: r.result, meta: { source: "bench" } }
    : { type: "ParseFailed", data: { path, contentHash, reason: r.reason }, meta: { source: "bench" } };
};

const appendOne = (log: LogHandle, path: string, event: NewEvent): void => {
  const r = appendToStreams(log, [{ stream: `file:${path}`, expectedVersion: "any", events: [event] }]);
  if (!("appended" in r)) throw new Error(r.message);
};

const ms = (n: number): string => `${n.toFixed(1)} ms`;
/** CPU time of this process (all threads, Kuzu's included): steadier than wall time on a shared machine. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export const run = async (): Promise<void> => {
  if (!existsSync(REPO)) {
    process.stdout.write(
      `graph: no repository at ${REPO}; clone one (e.g. git clone --depth 1 https://github.com/sympy/sympy ${REPO}) or set NEMESIS_BENCH_REPO\n`,
    );
    return;
  }
  const limit = Number(process.env.NEMESIS_BENCH_FILES ?? Infinity);
  const deltas = Number(process.env.NEMESIS_BENCH_DELTAS ?? 20);
  const files = listFiles(REPO).sort().slice(0, limit);
  const dir = mkdtempSync(join(tmpdir(), "nemesis-graph-bench-"));
  const log = openEventLog(join(dir, "events.db"));
  try {
    let t0 = performance.now();
    const texts = new Map<string, string>();
    const events: Array<[string, NewEvent]> = [];
    for (const full of files) {
      const path = relative(REPO, full).split("\\").join("/");
      const text = readFileSync(full, "utf8");
      texts.set(path, text);
      events.push([path, parsedEvent(path, text)]);
    }
    const parseMs = performance.now() - t0;
    appendToStreams(
      log,
      events.map(([path, event]) => ({ stream: `file:${path}`, expectedVersion: "any" as const, events: [event] })),
    );
    process.stdout.write(`files: ${files.length} from ${REPO} (parsed in ${ms(parseMs)}, not counted below)\n`);

    // The resolver alone (pure, in memory): how much of the rebuild is resolution, not Kuzu.
    const parsed = events.flatMap(([, e]) => (e.type === "FileParsed" ? [e.data as FileParsed] : []));
    t0 = performance.now();
    const resolver = createResolver();
    for (const f of parsed) resolver.upsert(f);
    for (const f of parsed) resolver.resolve(f.path);
    const resolveMs = performance.now() - t0;

    const graphPath = join(dir, "graph.kuzu");
    t0 = performance.now();
    let projector = await GraphProjector.open(graphPath, log, createResolver, { bufferPoolMb: 512 });
    const openMs = performance.now() - t0;
    t0 = performance.now();
    let c0 = cpuMs();
    await catchUp(log, projector);
    const bulkMs = performance.now() - t0;
    const bulkCpu = cpuMs() - c0;
    const counts = await new GraphReader(projector).counts();
    const symbols = Object.values(counts.symbols).reduce((a, b) => a + b, 0);
    const edges = Object.values(counts.edges).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `bulk rebuild (replay): ${ms(bulkMs)} wall, ${ms(bulkCpu)} CPU (+ ${ms(openMs)} to create the database): ${counts.files} files, ${symbols} symbols, ${edges} edges, ${counts.externals} externals, ${counts.unresolved} unresolved\n`,
    );
    process.stdout.write(`  of which resolving alone (upsert + resolve every file): ${ms(resolveMs)}\n`);
    process.stdout.write(`  edges: ${JSON.stringify(counts.edges)}\n`);
    await projector.close();

    t0 = performance.now();
    projector = await GraphProjector.open(graphPath, log, createResolver, { bufferPoolMb: 512 });
    await catchUp(log, projector);
    await projector.warmUp();
    process.stdout.write(`reopen + refill resolver from the log, no resolution cache (every file resolved, the cache written): ${ms(performance.now() - t0)}\n`);
    await projector.close();

    // What every later start does: the cache restores the resolution, and the log is read without references.
    t0 = performance.now();
    projector = await GraphProjector.open(graphPath, log, createResolver, { bufferPoolMb: 512 });
    await catchUp(log, projector);
    await projector.warmUp();
    process.stdout.write(`reopen + refill resolver from the log and the resolution cache: ${ms(performance.now() - t0)}\n`);

    // One file at a time: a new function calling into the module, then the next file.
    const paths = [...texts.keys()].filter((p) => p.endsWith(".py"));
    const step = Math.max(1, Math.floor(paths.length / deltas));
    const times: number[] = [];
    const cpus: number[] = [];
    const parseTimes: number[] = [];
    const reresolved: number[] = [];
    for (let i = 0; i < deltas && i * step < paths.length; i++) {
      const path = paths[i * step]!;
      const text = `${texts.get(path)!}\n\ndef bench_added_${i}():\n    return bench_added_${i}()\n`;
      let t = performance.now();
      const event = parsedEvent(path, text);
      parseTimes.push(performance.now() - t);
      appendOne(log, path, event);
      t = performance.now();
      c0 = cpuMs();
      await catchUp(log, projector);
      times.push(performance.now() - t);
      cpus.push(cpuMs() - c0);
      reresolved.push(projector.lastApply.reresolved);
    }
    process.stdout.write(
      `one changed file -> graph: p50 ${ms(median(times))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))} over ${times.length} edits ` +
        `(CPU p50 ${ms(median(cpus))}, p95 ${ms(percentile(cpus, 95))}) ` +
        `(files re-resolved per edit: median ${median(reresolved)}, max ${Math.max(...reresolved)}; parsing the file: p50 ${ms(median(parseTimes))})\n`,
    );
    await projector.close();
  } finally {
    closeEventLog(log);
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await run();
