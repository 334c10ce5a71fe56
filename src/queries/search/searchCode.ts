// Module paths, not the folder index: the index also exports the projector, whose LanceDB and
// Arrow imports would add ~450 ms to every one-shot query that never touches them.
import { ChunkReader, type ChunkFilter, queryTerms, type Embedder } from "../../projections/index.js";
import { inScope, type PathScope } from "../analysis/PathScope.js";
import type { FileLinks } from "./fileLinks.js";
import { filePrior } from "./filePrior.js";
import { byScore, fuseRanks } from "./fuseRanks.js";
import { graphNeighbourRanks } from "./graphNeighbourRanks.js";
import { liftToSymbols } from "./liftToSymbols.js";
import { snippetOf } from "./snippet.js";
import { topCosineOf } from "./topCosine.js";

export interface SearchOptions {
  /** Most hits returned (default 10). */
  readonly limit?: number;
  /** Only these files (a path argument normalised by `pathScope`). */
  readonly scope?: PathScope;
  readonly language?: string;
  /** Symbol kind of the chunk (`Function`, `Class`, `Method`, … or `Module`). */
  readonly kind?: string;
  /** Rank tests, examples and docs below sources unless the query asks for them (default true). */
  readonly preferSources?: boolean;
  /** Most hits from one file before the next file gets a turn (default 2). */
  readonly maxPerFile?: number;
  /**
   * The code graph's file links: when given, the graph neighbours of the best files join the
   * file ranking as one more (weak) list. Absent (no graph yet), ranking is text-only.
   */
  readonly links?: FileLinks | null;
}

export interface SearchHit {
  readonly file: string;
  readonly symbol: string | null;
  readonly kind: string;
  readonly language: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly score: number;
  readonly snippet: string;
  /** 1-based line of the snippet's first line. */
  readonly snippetLine: number;
  readonly chunkId: string;
}

export interface SearchAnswer {
  readonly query: string;
  readonly hits: ReadonlyArray<SearchHit>;
  /** Files best first: the lift of chunk hits plus whole-file keyword evidence. */
  readonly files: ReadonlyArray<{ readonly file: string; readonly score: number }>;
  /** Enclosing symbols scored by the hits inside them (a method's hit also scores its class). */
  readonly symbols: ReadonlyArray<{ readonly file: string; readonly symbol: string; readonly score: number }>;
  /** Chunks not yet embedded: they were found by keyword only. */
  readonly pendingVectors: number;
  readonly chunks: number;
  readonly usedVectors: boolean;
  readonly tookMs: number;
}

/** Relative weights of the rank lists fused; tuned on the localisation sets (notes/eval.md). */
export const SEARCH_WEIGHTS = {
  chunkKeyword: 1.0,
  chunkVector: 2.0,
  fileKeyword: 1.5,
  fileBestChunk: 1.0,
  graphNeighbours: 0.5,
};
/** How many of the best files lend their graph neighbours a rank, and how many keep their place regardless. */
export const GRAPH_SEEDS = { count: 5, protect: 5, ceiling: 0.999 };
const round = (x: number) => Math.round(x * 1e5) / 1e5;
/**
 * A hit's score: its file's fused score plus a tenth of its chunk's own (the chunk keyword and
 * vector ranks fused). Hits come file by file, best file first.
 */
const hitScore = (fileScore: number, chunkScore: number): number => round(fileScore + chunkScore / 10);
const CANDIDATES = 200;
const FILE_CANDIDATES = 100;
const SYMBOL_CANDIDATES = 50;

/**
 * Hybrid search over the chunk read model: BM25 over chunks and over whole files, cosine over
 * chunk vectors, fused by reciprocal rank, then lifted to files and symbols. Reads only.
 */
export const searchCode = async (
  reader: ChunkReader,
  embedder: Embedder | null,
  query: string,
  options: SearchOptions = {},
): Promise<SearchAnswer> => {
  const t0 = performance.now();
  const limit = Math.max(1, options.limit ?? 10);
  const maxPerFile = Math.max(1, options.maxPerFile ?? 2);
  const terms = queryTerms(query);
  const inPath = options.scope && options.scope.kind !== "all" ? inScope(options.scope) : null;
  const filter: ChunkFilter = { language: options.language, kind: options.kind };
  const fetch = inPath ? CANDIDATES * 5 : CANDIDATES;
  const w = SEARCH_WEIGHTS;

  const keyword = reader
    .keywordChunks(terms, fetch, filter)
    .filter((h) => !inPath || inPath(h.path))
    .slice(0, CANDIDATES);

  let vector: Array<[string, number]> = [];
  const q = embedder && query.trim().length > 0 ? await embedder.embedQuery(query) : null;
  const matrix = q ? await reader.vectorsFor(q) : null;
  if (q && matrix && matrix.size > 0) {
    const ids = filter.language || filter.kind ? reader.idsWhere(filter) : null;
    // Every chunk's path is read only when a glob needs it: it is a scan of the chunk table.
    const all = inPath ? reader.paths() : null;
    const allow = ids || all ? (id: string) => (!ids || ids.has(id)) && (!all || inPath!(all.get(id) ?? "")) : undefined;
    vector = topCosineOf(matrix, q, CANDIDATES, allow);
  }

  const chunkScores = fuseRanks([
    { ids: keyword.map((h) => h.id), weight: w.chunkKeyword },
    { ids: vector.map(([id]) => id), weight: w.chunkVector },
  ]);
  const rankedChunks = byScore(chunkScores);
  const paths = new Map(keyword.map((h) => [h.id, h.path]));
  for (const [id, path] of reader.pathsOf(vector.map(([id]) => id).filter((id) => !paths.has(id)))) paths.set(id, path);
  const pathOf = (id: string) => paths.get(id) ?? "";

  // Files: ordered by their best chunk, and by whole-file BM25.
  const bestChunkFiles: string[] = [];
  const chunksOfFile = new Map<string, Array<[string, number]>>();
  for (const [id, s] of rankedChunks) {
    const file = pathOf(id);
    const list = chunksOfFile.get(file);
    if (list) list.push([id, s]);
    else {
      chunksOfFile.set(file, [[id, s]]);
      bestChunkFiles.push(file);
    }
  }
  const fileKeyword = options.kind
    ? []
    : reader
        .keywordFiles(terms, inPath ? FILE_CANDIDATES * 5 : FILE_CANDIDATES, options.language)
        .filter((f) => !inPath || inPath(f.path))
        .map((f) => f.path);
  const fused = fuseRanks([
    { ids: fileKeyword, weight: w.fileKeyword },
    { ids: bestChunkFiles, weight: w.fileBestChunk },
  ]);
  const prior = (file: string) => (options.preferSources !== false ? filePrior(file, terms) : 1);
  for (const [file, s] of fused) fused.set(file, s * prior(file));
  // Filtered searches stay text-only: a neighbour may be of another language or kind.
  if (options.links && w.graphNeighbours > 0 && fused.size > 0 && !options.language && !options.kind) {
    const ranked = byScore(fused);
    const seeds = ranked.slice(0, GRAPH_SEEDS.count).map(([file]) => file);
    const head = ranked.slice(0, GRAPH_SEEDS.protect);
    const near = graphNeighbourRanks(seeds, await options.links.linkedFiles(seeds));
    // The graph reorders below the head only: a neighbour can climb to just under the last
    // protected file, never past it, so the files the text chose first stay first (RRF scores
    // are close together, and an unbounded boost let hub files like a package's main type
    // displace the real answer).
    const ceiling = head.length === GRAPH_SEEDS.protect ? head[head.length - 1]![1] * GRAPH_SEEDS.ceiling : Infinity;
    const isHead = new Set(head.map(([file]) => file));
    for (const [file, s] of fuseRanks([{ ids: near, weight: w.graphNeighbours }])) {
      if (isHead.has(file) || (inPath && !inPath(file))) continue;
      fused.set(file, Math.min(ceiling, (fused.get(file) ?? 0) + s * prior(file)));
    }
  }
  const fileScores = byScore(fused);

  const rowCache = new Map<string, ReturnType<ChunkReader["row"]>>();
  const rowOf = (id: string) => {
    if (!rowCache.has(id)) rowCache.set(id, reader.row(id));
    return rowCache.get(id) ?? null;
  };
  const hits: SearchHit[] = [];
  for (const [file, fileScore] of fileScores) {
    if (hits.length >= limit) break;
    let chunks = chunksOfFile.get(file)?.slice(0, maxPerFile) ?? [];
    // A file ranked by whole-file evidence alone: show its best keyword chunk.
    if (chunks.length === 0) chunks = reader.keywordChunks(terms, 1, { ...filter, path: file }).map((h) => [h.id, 0] as [string, number]);
    // A graph neighbour may share no word with the query: every chunk of a file matches its path's terms.
    if (chunks.length === 0) chunks = reader.keywordChunks(queryTerms(file.replace(/[/\\.-]/g, " ")), 1, { ...filter, path: file }).map((h) => [h.id, 0] as [string, number]);
    for (const [id, chunkScore] of chunks) {
      if (hits.length >= limit) break;
      const row = rowOf(id);
      if (!row) continue;
      const snip = snippetOf(row.text, terms);
      hits.push({
        file,
        symbol: row.symbol,
        kind: row.kind,
        language: row.language,
        startLine: row.startLine,
        endLine: row.endLine,
        score: hitScore(fileScore, chunkScore),
        snippet: snip.text,
        snippetLine: row.startLine + snip.offset,
        chunkId: id,
      });
    }
  }

  const symbolHits = rankedChunks.slice(0, SYMBOL_CANDIDATES).flatMap(([id, score]) => {
    const row = rowOf(id);
    return row ? [{ file: row.path, symbol: row.symbol, score }] : [];
  });
  return {
    query,
    hits,
    files: fileScores.slice(0, limit).map(([file, score]) => ({ file, score: round(score) })),
    symbols: liftToSymbols(symbolHits).slice(0, limit).map((s) => ({ ...s, score: round(s.score) })),
    pendingVectors: await reader.pendingVectors(),
    chunks: reader.chunkCount(),
    usedVectors: vector.length > 0,
    tookMs: Math.round(performance.now() - t0),
  };
};

