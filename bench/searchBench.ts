/**
 * Chunk read model and search figures on a real repository (NEMESIS_BENCH_REPO, default a
 * sympy checkout at /tmp/nemesis-bench/sympy, ~800k lines):
 *   - chunking throughput (line-based chunker; AST chunking is part of parsing, see `graph`);
 *   - embedding + table build: FileParsed events projected by the chunk projector with the
 *     default embedder (keyword index, LanceDB rows and vectors);
 *   - hybrid search p50/p95 over 50 queries (warm process: vectors loaded once);
 *   - one-file saves (NEMESIS_BENCH_SAVES, 10): the chunk pass, the reader's vectors brought to
 *     it, and the first search after it;
 *   - regex search p50 over the whole repository (warm worker);
 *   - peak RSS.
 * NEMESIS_BENCH_FILES caps the file count.
 */
import * as Either from "effect/Either";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { appendToStreams, closeEventLog, openEventLog, type FileParsed } from "../src/events/index.js";
import { detectLanguage } from "../src/parse/languages.js";
import { chunkFile } from "../src/parse/chunk/index.js";
import { ChunkProjector, ChunkReader } from "../src/projections/chunks/index.js";
import { cachedEmbedder, createHashEmbedder, openEmbeddingCache } from "../src/projections/embed/index.js";
import { catchUp } from "../src/projections/runProjector.js";
import { searchAfterSaves } from "./searchAfterSaves.js";
import { closeGrepWorkers, grepCode } from "../src/queries/grep/grepCode.js";
import { searchCode } from "../src/queries/search/searchCode.js";
import { graphFileLinks, preloadedFileLinks, type FileLinks } from "../src/queries/search/fileLinks.js";
import { KuzuStore } from "../src/projections/graph/KuzuStore.js";
import { projectEmbedder } from "../src/projections/chunks/projectEmbedder.js";
import { defaultConfig, nemesisPaths } from "../src/config/index.js";
import { cpSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fmtRate, median, percentile } from "./stats.js";
import { BENCH_REPO as REPO, listSourceFiles as listFiles } from "./benchRepo.js";

/** Questions of the kind an agent asks, plus identifiers; sympy-flavoured but generic enough for any repo. */
const QUERIES = [
  "simplify trigonometric expressions",
  "matrix determinant computation",
  "solve polynomial equations",
  "derivative of a function",
  "integrate rational functions",
  "print expression as latex",
  "parse string into expression",
  "series expansion around a point",
  "limit of a sequence",
  "prime factorization of integers",
  "gcd of polynomials",
  "eigenvalues of a matrix",
  "substitute symbols in expression",
  "assumptions positive real",
  "sparse matrix multiplication",
  "code generation for C",
  "lambdify numeric evaluation",
  "plot a function",
  "differential equation solver",
  "random variables probability distribution",
  "quantum mechanics operators",
  "tensor index contraction",
  "geometry point line intersection",
  "set union intersection complement",
  "logic boolean satisfiability",
  "rewrite expression in terms of exp",
  "caching of function results",
  "pretty printing unicode",
  "rational number arithmetic",
  "floating point precision evalf",
  "summation of series closed form",
  "continued fraction",
  "permutation group order",
  "combinatorics partitions",
  "physics units conversion",
  "Fourier transform",
  "Laplace transform inverse",
  "gamma function special values",
  "Bessel functions",
  "expand product of sums",
  "factor expression over field",
  "Groebner basis",
  "diophantine equation",
  "inequality solver",
  "vector calculus gradient curl",
  "Matrix.inv",
  "sympify",
  "Poly.degree",
  "_eval_derivative",
  "test_simplify",
];
const GREPS = ["def _eval_is_\\w+\\(self\\)", "raise NotImplementedError", "import numpy", "class \\w+\\(Basic\\)", "TODO|FIXME"];

const ms = (n: number): string => `${n.toFixed(1)} ms`;
/** One-file saves timed after the queries (NEMESIS_BENCH_SAVES). */
const SAVES = Number(process.env.NEMESIS_BENCH_SAVES ?? 10);

export const run = async (): Promise<void> => {
  if (!existsSync(REPO)) {
    process.stdout.write(
      `search: no repository at ${REPO}; clone one (e.g. git clone --depth 1 https://github.com/sympy/sympy ${REPO}) or set NEMESIS_BENCH_REPO\n`,
    );
    return;
  }
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const limit = Number(process.env.NEMESIS_BENCH_FILES ?? Infinity);
  const files = listFiles(REPO).sort().slice(0, limit);
  const dir = mkdtempSync(join(tmpdir(), "nemesis-search-bench-"));
  const log = openEventLog(join(dir, "events.db"));
  try {
    let t0 = performance.now();
    let lines = 0;
    const events: FileParsed[] = [];
    for (const full of files) {
      const path = relative(REPO, full).split("\\").join("/");
      const text = readFileSync(full, "utf8");
      const language = detectLanguage(path) ?? "unknown";
      lines += text.split("\n").length;
      const chunks = chunkFile({ text, language, symbols: [] });
      events.push({
        path, contentHash: path, language, parserVersion: "bench", packageName: null, lineCount: 0, hasErrors: false,
        symbols: [], references: [], imports: [], chunks, manifest: null,
      });
    }
    const chunkMs = performance.now() - t0;
    const chunkCount = events.reduce((n, e) => n + e.chunks.length, 0);
    appendToStreams(
      log,
      events.map((data) => ({ stream: `file:${data.path}`, expectedVersion: "any" as const, events: [{ type: "FileParsed", data, meta: { source: "bench" as const } }] })),
    );
    process.stdout.write(
      `files: ${files.length} (${fmtRate(lines)} lines) from ${REPO}\n` +
        `chunking: ${fmtRate(chunkCount)} chunks in ${ms(chunkMs)} (${fmtRate(lines / (chunkMs / 1000))} lines/s)\n`,
    );

    const embedder = createHashEmbedder();
    t0 = performance.now();
    const embedded = (await embedder.embedDocuments(events.flatMap((e) => e.chunks.map((c) => `${e.path}\n${c.text}`)))).length;
    const embedMs = performance.now() - t0;
    events.length = 0; // the log holds them now; keep the heap to what a real process would hold
    process.stdout.write(`embedding alone (${embedder.id}): ${embedded} chunks in ${ms(embedMs)} (${fmtRate(embedded / (embedMs / 1000))} chunks/s)\n`);

    const chunksDir = join(dir, "chunks.lance");
    // Through the embedding cache, as `nemesis index` runs it.
    const cache = openEmbeddingCache(join(dir, "embeddings.db"));
    const cached = cachedEmbedder(embedder, cache);
    const projector = await ChunkProjector.open(chunksDir, cached, { inlineEmbedding: true, release: () => cache.close() });
    t0 = performance.now();
    await catchUp(log, projector, { batchSize: 500 });
    const buildMs = performance.now() - t0;
    await projector.settle();
    const settleMs = performance.now() - t0;
    await projector.close();
    process.stdout.write(
      `embed + table build: ${fmtRate(chunkCount)} chunks in ${ms(buildMs)} (${fmtRate(chunkCount / (buildMs / 1000))} chunks/s, ` +
        `${fmtRate(lines / (buildMs / 1000))} lines/s); background compaction done at ${ms(settleMs)}\n`,
    );

    const reader = (await ChunkReader.open(chunksDir))!;
    t0 = performance.now();
    await reader.vectors();
    process.stdout.write(`vectors loaded in ${ms(performance.now() - t0)} (once per process)\n`);
    await searchCode(reader, embedder, "warm up", { limit: 10 });
    const times: number[] = [];
    for (const q of QUERIES) {
      const t = performance.now();
      await searchCode(reader, embedder, q, { limit: 10 });
      times.push(performance.now() - t);
    }
    process.stdout.write(`search (${QUERIES.length} queries, limit 10): p50 ${ms(median(times))}, p95 ${ms(percentile(times, 95))}\n`);
    const saved = await searchAfterSaves(log, chunksDir, reader, embedder, SAVES);
    process.stdout.write(
      `after a one-file save (${saved.follow.length} saves): chunk pass p50 ${ms(median(saved.apply))}; vectors brought to it p50 ${ms(median(saved.follow))}, ` +
        `p95 ${ms(percentile(saved.follow, 95))}; first search p50 ${ms(median(saved.firstSearch))}, p95 ${ms(percentile(saved.firstSearch, 95))}\n`,
    );

    t0 = performance.now();
    Either.getOrThrow(await grepCode(reader, { pattern: "warm" }));
    process.stdout.write(`grep corpus load + first search: ${ms(performance.now() - t0)}\n`);
    const grepTimes: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const pattern of GREPS) {
        const t = performance.now();
        const r = await grepCode(reader, { pattern, pageSize: 50 });
        grepTimes.push(performance.now() - t);
        if (Either.isLeft(r)) throw r.left;
      }
    }
    // A pattern matching nothing scans everything: the worst case for a linear scan.
    const full: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      Either.getOrThrow(await grepCode(reader, { pattern: "zq_no_such_identifier_\\d+" }));
      full.push(performance.now() - t);
    }
    process.stdout.write(`grep (${GREPS.length} patterns × 3, page 50): p50 ${ms(median(grepTimes))}; full scan with no match: p50 ${ms(median(full))}\n`);
    reader.close();
    await closeGrepWorkers();
    clearInterval(sample);
    process.stdout.write(`peak RSS: ${(peak / 1e6).toFixed(0)} MB\n`);
    await searchAsTheCliRanks();
  } finally {
    clearInterval(sample);
    closeEventLog(log);
    rmSync(dir, { recursive: true, force: true });
  }
};

const CLI = fileURLToPath(new URL("../cli.js", import.meta.url));

/**
 * Search as `nemesis search` ranks it: a real `nemesis index` of a copy of the repository
 * (AST chunks, default embedder, the graph), then text + graph-neighbour ranking through a
 * read-only graph, warm process. The figures above use line chunks and no graph.
 */
const searchAsTheCliRanks = async (): Promise<void> => {
  if (!existsSync(CLI)) return;
  const copy = mkdtempSync(join(tmpdir(), "nemesis-search-graph-"));
  try {
    cpSync(REPO, copy, { recursive: true, filter: (src) => !src.includes("/.nemesis") });
    execFileSync(process.execPath, [CLI, "index", copy, "--no-progress"], { stdio: "ignore" });
    const paths = nemesisPaths(copy);
    const reader = (await ChunkReader.open(paths.chunks))!;
    const graph = await KuzuStore.open(paths.graph, { bufferPoolMb: 64, readOnly: true });
    const project = projectEmbedder(paths, defaultConfig());
    try {
      const measure = async (links: FileLinks): Promise<number[]> => {
        await searchCode(reader, project.embedder, "warm up", { limit: 10, links });
        const times: number[] = [];
        for (const q of QUERIES) {
          const t = performance.now();
          await searchCode(reader, project.embedder, q, { limit: 10, links });
          times.push(performance.now() - t);
        }
        return times;
      };
      const perQuery = await measure(graphFileLinks(graph));
      process.stdout.write(
        `search as the one-shot CLI ranks it (AST chunks of \`nemesis index\`, text + graph neighbours asked per search, ${QUERIES.length} queries): ` +
          `p50 ${ms(median(perQuery))}, p95 ${ms(percentile(perQuery, 95))}\n`,
      );
      const preloaded = preloadedFileLinks(graph);
      const t0 = performance.now();
      await preloaded.load();
      const loadMs = performance.now() - t0;
      const warm = await measure(preloaded);
      process.stdout.write(
        `search in a warm process (file links read once in ${ms(loadMs)}): p50 ${ms(median(warm))}, p95 ${ms(percentile(warm, 95))}\n`,
      );
    } finally {
      project.close();
      reader.close();
      await graph.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
};
