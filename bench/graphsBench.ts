import * as Either from "effect/Either";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadGraphState } from "../src/commands/scratch/index.js";
import { defaultConfig, nemesisPaths } from "../src/config/index.js";
import { Engine, inlineParser } from "../src/engine/index.js";
import { closeEventLog, openEventLog, SqliteEventStore } from "../src/events/index.js";
import { engineQueries } from "../src/engine/index.js";
import { toolContext } from "../src/mcp/ToolContext.js";
import { ALL_TOOLS, callTool } from "../src/mcp/registry.js";
import { rebuild } from "../src/projections/index.js";
import { ScratchProjector, ScratchReader, scratchStorePath } from "../src/projections/scratch/index.js";
import { loadScratchGraph } from "../src/queries/scratch/loadScratchGraph.js";
import { fmtRate, median, percentile } from "./stats.js";

/**
 * The graphs suite: an agent's scratch graph of 100,000 nodes and 300,000 edges written through
 * the tools (add_nodes and add_edges in batches of 2,000 (arguments are capped at 256 KB), each one append and one catch-up of
 * the graphs projector) with the peak RSS of the writes, then the latency of pagerank, shortest_path and find_node by meaning on it, and what the read
 * model choice costs: a rebuild of graphs.db from the log, and loading the graph into memory
 * from graphs.db against folding its stream from the log. NEMESIS_BENCH_NODES scales it (edges
 * are three per node).
 */
const NODES = Number(process.env.NEMESIS_BENCH_NODES ?? 100_000);
const EDGES_PER_NODE = 3;
const BATCH = 2_000;
const GRAPH = "bench";

/** A small seeded generator: the same graph on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
/** This process's CPU milliseconds since `from` (user + system): what load on the machine barely moves. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
/** The most this process has held resident so far (the kernel's high-water mark): what the writes cost in memory. */
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const heapMb = () => {
  const m = process.memoryUsage();
  return `heap ${Math.round(m.heapUsed / 1024 / 1024)} MB of ${Math.round(m.heapTotal / 1024 / 1024)}, external ${Math.round(m.external / 1024 / 1024)} MB`;
};

export const run = async (): Promise<void> => {
  const root = mkdtempSync(join(tmpdir(), "nemesis-bench-graphs-"));
  const paths = nemesisPaths(root);
  const log = openEventLog(paths.events);
  const opened = await Engine.open({ paths, config: defaultConfig(), log }, { parser: inlineParser, threads: false, projections: ["catalog", "scratch"] });
  if (Either.isLeft(opened)) throw new Error(opened.left.message);
  const engine = opened.right;
  const models = engineQueries(engine);
  const ctx = toolContext(models, { name: "bench", source: "cli" });
  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = await callTool(ALL_TOOLS, name, { graph: GRAPH, ...args, json_output: true }, ctx, (e) => {
      throw e;
    });
    if (answer.isError) throw new Error(`${name}: ${answer.content[0]!.text}`);
    return answer.structuredContent as Record<string, any>;
  };
  try {
    process.stdout.write(`load average ${loadavg()[0]!.toFixed(1)}; ${NODES.toLocaleString("en-US")} nodes, ${(NODES * EDGES_PER_NODE).toLocaleString("en-US")} edges, batches of ${BATCH.toLocaleString("en-US")}\n`);
    const label = (i: number) => `node-${i}`;
    const rand = random(25);
    const nodeBatches: number[] = [];
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let from = 0; from < NODES; from += BATCH) {
      const nodes = Array.from({ length: Math.min(BATCH, NODES - from) }, (_, k) => ({ label: label(from + k), type: `t${(from + k) % 7}`, properties: { rank: from + k } }));
      const t = performance.now();
      await call("add_nodes", { nodes });
      nodeBatches.push(performance.now() - t);
    }
    const nodesMs = performance.now() - t0;
    const nodesCpu = cpuMs(c0);
    const nodesPeak = peakRssMb();
    // Three edges a node, each of its own relation, to seeded random other nodes: 300,000 distinct edges.
    const edges: Array<{ source: string; target: string; relation: string }> = [];
    for (let i = 0; i < NODES; i++) {
      for (let k = 0; k < EDGES_PER_NODE; k++) edges.push({ source: label(i), target: label((i + 1 + Math.floor(rand() * (NODES - 1))) % NODES), relation: `r${k}` });
    }
    const edgeBatches: number[] = [];
    const c1 = process.cpuUsage();
    const t1 = performance.now();
    for (let from = 0; from < edges.length; from += BATCH) {
      const t = performance.now();
      const r = await call("add_edges", { edges: edges.slice(from, from + BATCH) });
      if (r.failed.length > 0) throw new Error(`add_edges failed: ${JSON.stringify(r.failed[0])}`);
      edgeBatches.push(performance.now() - t);
    }
    const edgesMs = performance.now() - t1;
    const edgesCpu = cpuMs(c1);
    const edgesPeak = peakRssMb();
    const afterWrites = `RSS ${rssMb()} MB, ${heapMb()}`;
    const info = await call("get_graph_info", {});
    process.stdout.write(
      `add_nodes: ${fmtRate((NODES / nodesMs) * 1000)} nodes/s (${ms(nodesMs)} in all, ${ms(nodesCpu)} CPU; a batch: median ${ms(median(nodeBatches))}, p95 ${ms(percentile(nodeBatches, 95))})\n` +
        `add_edges: ${fmtRate((edges.length / edgesMs) * 1000)} edges/s (${ms(edgesMs)} in all, ${ms(edgesCpu)} CPU; a batch: median ${ms(median(edgeBatches))}, p95 ${ms(percentile(edgeBatches, 95))})\n` +
        `graph: ${info.node_count} nodes, ${info.edge_count} edges, ${info.components} components\n` +
        `memory: peak RSS ${nodesPeak} MB after add_nodes, ${edgesPeak} MB after add_edges (then ${afterWrites})\n`,
    );

    // pagerank: the first call builds the in-memory graph from graphs.db; the rest reuse it.
    const rank: number[] = [];
    const rankCpu: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const r = await call("pagerank", { top_n: 10 });
      rank.push(performance.now() - t);
      rankCpu.push(cpuMs(c));
      if (i === 0) process.stdout.write(`pagerank: ${r.iterations} iterations; top ${r.rankings[0].label}\n`);
    }
    process.stdout.write(
      `pagerank: first call ${ms(rank[0]!)} (${ms(rankCpu[0]!)} CPU; builds the in-memory graph), then median ${ms(median(rank.slice(1)))} (${ms(median(rankCpu.slice(1)))} CPU; ${rank.length - 1} calls)\n`,
    );
    const pairs = Array.from({ length: 30 }, () => [label(Math.floor(rand() * NODES)), label(Math.floor(rand() * NODES))] as const);
    const sp: number[] = [];
    const spCpu: number[] = [];
    let found = 0;
    for (const [source, target] of pairs) {
      const t = performance.now();
      const c = process.cpuUsage();
      const r = await call("shortest_path", { source, target });
      sp.push(performance.now() - t);
      spCpu.push(cpuMs(c));
      if (r.found) found++;
    }
    process.stdout.write(`shortest_path: median ${ms(median(sp))} (${ms(median(spCpu))} CPU), p95 ${ms(percentile(sp, 95))} over ${sp.length} random pairs (${found} connected)\n`);

    // Matching by meaning (the third tier): the first lookup embeds every label (into the
    // project's embedding cache), the next ones scan the kept vectors.
    const fuzzy: number[] = [];
    const fuzzyCpu: number[] = [];
    const heapBefore = process.memoryUsage().heapUsed;
    let matched = "";
    for (let i = 0; i < 6; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const r = await call("find_node", { query: `nodes ${Math.floor(rand() * NODES)}` });
      fuzzy.push(performance.now() - t);
      fuzzyCpu.push(cpuMs(c));
      if (i === 0) matched = `${r.match} ${r.matches[0]?.label ?? ""}`;
    }
    process.stdout.write(
      `find_node by meaning: first call ${ms(fuzzy[0]!)} (${ms(fuzzyCpu[0]!)} CPU; embeds every label), then median ${ms(median(fuzzy.slice(1)))} (${ms(median(fuzzyCpu.slice(1)))} CPU); first answer: ${matched}; heap +${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024)} MB, peak RSS ${peakRssMb()} MB\n`,
    );

    // The read model's choice: graphs.db against the log itself.
    const storePath = scratchStorePath(paths);
    const loads: number[] = [];
    const loadsCpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const reader = ScratchReader.open(storePath);
      const t = performance.now();
      const c = process.cpuUsage();
      loadScratchGraph(reader, GRAPH);
      loads.push(performance.now() - t);
      loadsCpu.push(cpuMs(c));
      reader.close();
    }
    const folds: number[] = [];
    const foldsCpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const fresh = openEventLog(paths.events);
      const t = performance.now();
      const c = process.cpuUsage();
      loadGraphState(SqliteEventStore.of(fresh), `graph:${GRAPH}`);
      folds.push(performance.now() - t);
      foldsCpu.push(cpuMs(c));
      closeEventLog(fresh);
    }
    process.stdout.write(
      `in-memory graph from graphs.db: median ${ms(median(loads))} (${ms(median(loadsCpu))} CPU); folding the stream from the log instead: median ${ms(median(folds))} (${ms(median(foldsCpu))} CPU)\n`,
    );
    const replayPath = join(root, "replay-graphs.db");
    const projector = new ScratchProjector(replayPath);
    const t2 = performance.now();
    const c2 = process.cpuUsage();
    const replayed = await rebuild(log, projector);
    const replayMs = performance.now() - t2;
    const replayCpu = cpuMs(c2);
    await projector.close();
    process.stdout.write(`replay of graphs.db: ${replayed.events.toLocaleString("en-US")} events in ${ms(replayMs)}, ${ms(replayCpu)} CPU (${fmtRate((replayed.events / replayMs) * 1000)} events/s)\n`);
  } finally {
    await models.close();
    await engine.close();
    closeEventLog(log);
    rmSync(root, { recursive: true, force: true });
  }
};
