import { queryTerms, type ChunkReader, type Embedder, type CatalogReader } from "../../projections/index.js";
import type { FileLinks } from "../search/fileLinks.js";
import { searchCode, type SearchHit } from "../search/searchCode.js";
import { filePrior } from "../search/filePrior.js";
import type { ContextGraph } from "./contextGraph.js";
import { DOC_LINES } from "./contextGraph.js";
import { contextCandidates } from "./contextCandidates.js";
import type { Item } from "./contextItem.js";
import { fileLines, type FileLines } from "./fileLines.js";
import { contextMemory } from "./contextMemory.js";
import { fileRegions, splitAtHits } from "./fileRegions.js";
import { fitToBudget } from "./fitToBudget.js";
import { CO_SEEDS, rankContextFiles } from "./rankContextFiles.js";
import type { RankedNode } from "./rankNeighbourhood.js";
import type { SmartContextOptions } from "./SmartContextOptions.js";
import type { SmartContext } from "./SmartContextResult.js";
import { stageTimes } from "./stageTimes.js";
import { taskLexical } from "./taskLexical.js";
import { walkFromSearch, type Walk } from "./walkFromSearch.js";

/** How much of a symbol's worth each granularity carries. */
const LEVEL_VALUE = { line: 0.3, full: 1 };
/** Files search ranks for the walk's restarts (its hits, two a file, cover the first ten). */
const SEARCH_LIMIT = 20;
/** The code a task lands on, for the memory that applies: the best-ranked items only, not everything two hops out. */
const LANDING_FLOOR = 0.35;
const LANDING_SIZE = 15;
/** Past commits like the task, and co-changes of its best files, that the file ranking reads. */
const SIMILAR_COMMITS = 20;
const CO_CHANGES = 30;
/** Files offered whole (as regions): those within this share of the best file's score, at most this many. */
const LIKELY_FLOOR = 0.2;
const LIKELY_FILES = 8;
/**
 * A region's worth beyond what the task names in it grows with its share of its file's lines, as
 * an edit may fall anywhere in a file it touches: a file's lines together are worth its
 * likelihood times this, however long the file. An edit touches a few places of a file whatever
 * its length, so a line of a 100-line file is likelier to be one of them than a line of a
 * 4,000-line one; worth per line alone gave the longest likely file most of the budget.
 */
const FILE_VALUE = 4;
/** Files shorter than this count as this long: a 5-line file's lines are not each worth a tenth of it. */
const MIN_FILE_LINES = 50;
/** Regions longer than this are cut at the chunks search matched in them. */
const SPLIT_LONGER_THAN = 40;
/** What a piece of a named symbol is worth where search did not match. */
const PART_SHARE = 0.4;
/** A search hit's weight in a region's match, beside the walk's and the names'. */
const HIT_SHARE = 0.8;
/** The budget's share that the symbols most likely edited may take before anything else, and how likely they must be (their file's share times their match). */
const CORE_SHARE = 0.75;
const CORE_FLOOR = 0.3;
/** What a neighbour's signature is worth against a region the task names. */
const SIGNATURE_VALUE = 0.15;
/**
 * Files of the ranking named by one line each (one per this many tokens of the budget, at most
 * LISTED_FILES), and what that line is worth against a region the task names: enough to come
 * before all but the best regions, as it costs a few dozen tokens.
 */
const LISTED_FILES = 12;
const TOKENS_PER_LISTED = 600;
const LISTED_VALUE = 0.3;
/** Signatures of the walk's symbols, and tests named: one per so many tokens of the budget, at most so many. */
const NEIGHBOURS = 20;
const TOKENS_PER_NEIGHBOUR = 400;
const TESTS = 5;
const TOKENS_PER_TEST = 1_600;

/** Before the first index there is no graph to walk: the search hits alone. */
const noWalk = (): Walk => ({ walked: [], fileRank: new Map(), ranked: [], info: new Map() });

const textOf = (lines: FileLines, start: number, end: number): string => lines.text(start, end);

/**
 * The code a task will touch and the memory that applies, packed to `maxTokens` in both the
 * text and the JSON form: hybrid search finds entry points, a personalised PageRank over their
 * two-hop neighbourhood (callers, callees, implementations, tests, importers) ranks what
 * surrounds them, and one file ranking adds the git history (past commits like the task, files
 * that change together). The likely files are offered whole as regions, the ones the task names
 * first; the next files by one line, neighbours as signatures, tests by name; chosen greedily by
 * value per token. The code comes file by file, best file first, in line order.
 */
export const smartContext = async (
  chunks: ChunkReader,
  /** The graph the walk reads (null before the first index: the search hits alone). */
  graph: ContextGraph | null,
  /** Each file's graph neighbours, for the search's ranking. */
  fileLinks: FileLinks | null,
  embedder: Embedder | null,
  catalog: CatalogReader,
  options: SmartContextOptions,
): Promise<SmartContext> => {
  const { task, count } = options;
  const times = options.times ?? stageTimes("smartContext");
  const answer = await searchCode(chunks, embedder, task, { limit: SEARCH_LIMIT, links: graph ? fileLinks : null });
  times.mark("search");
  const lines = fileLines(chunks);

  const taskTerms = queryTerms(task);
  const lexical = taskLexical(taskTerms, lines);
  const { walked, fileRank, ranked, info } = graph ? walkFromSearch(graph, answer, taskTerms, lexical, times) : noWalk();
  const nameOf = (id: string) => info.get(id)?.name ?? (id.startsWith("f:") ? id.slice(2) : id);
  const whyOf = (r: RankedNode) => (r.link ? `${r.link.relation} ${nameOf(r.link.via)}` : "matches the task");

  const { candidates, offer, offerCode, guess } = contextCandidates(count);
  const landing = { files: new Set<string>(), symbols: [] as Array<{ file: string; name: string }> };

  if (graph) {
    const byId = new Map(walked.map((r) => [r.id, r]));
    const topWalk = walked[0]?.score ?? 1;
    // Why the walk reached a file: the link of its best node.
    const walkWhy = new Map<string, string>();
    for (const r of walked) {
      const file = r.id.startsWith("f:") ? r.id.slice(2) : info.get(r.id)?.path;
      if (file !== undefined && r.link && !walkWhy.has(file)) walkWhy.set(file, whyOf(r));
    }
    const searchFiles = answer.files.map((f) => f.file);
    const searched = new Set([...searchFiles, ...answer.hits.map((h) => h.file)]);
    const history = options.history ?? null;
    const files = rankContextFiles({
      search: searchFiles,
      walk: fileRank,
      walkWhy,
      similar: history ? history.similarCommits(task, SIMILAR_COMMITS) : [],
      coChange: history ? history.coChanged(searchFiles.slice(0, CO_SEEDS), CO_CHANGES) : [],
      prior: (f) => filePrior(f, taskTerms),
      // Cheap: reading each file's chunks to learn it is indexed cost more than the ranking.
      indexed: (f) => searched.has(f) || graph.symbolsIn(f).length > 0,
    });
    times.mark("files");
    const topFile = files[0]?.score ?? 1;
    const likely = files.filter((f) => f.score >= LIKELY_FLOOR * topFile).slice(0, LIKELY_FILES);
    // How likely each file is to be edited: its score against the best one's, squared, over its
    // rank. On the dev sets the share of a file's shown lines that the commit touched fell from
    // 0.72 at rank 1 to 0.22, 0.14 and 0.03 at ranks 2-4, far faster than the scores' ratio.
    const fileScore = new Map(files.map((f, i) => [f.file, (f.score / topFile) ** 2 / (i + 1)]));
    const hitsIn = new Map<string, SearchHit[]>();
    for (const h of answer.hits) (hitsIn.get(h.file) ?? hitsIn.set(h.file, []).get(h.file)!).push(h);
    const topHit = Math.max(1e-9, ...answer.hits.map((h) => h.score));

    // The likely files, whole, as regions: what the task names first, the rest by size.
    const regions: Array<{ readonly core: number; readonly chars: number; readonly offer: (first: boolean) => void }> = [];
    for (const f of likely) {
      const p = fileScore.get(f.file) ?? 0;
      const text = lines(f.file);
      const symbols = graph.symbolsIn(f.file);
      const symbolOf = new Map(symbols.map((x) => [x.id, x]));
      const hits = hitsIn.get(f.file) ?? [];
      for (const region of splitAtHits(fileRegions(symbols, text.lastLine), hits, SPLIT_LONGER_THAN)) {
        const chars = text.chars(region.first, region.last);
        if (chars === 0 || text.text(region.first, region.last).trim() === "") continue;
        const s = region.symbol !== null ? symbolOf.get(region.symbol) : undefined;
        const node = region.symbol !== null ? byId.get(region.symbol) : undefined;
        // A hit counts for a region by the share of its chunk the region holds: a chunk of a
        // file's first forty lines does not make each one-line import in it a match.
        const hit = Math.max(
          0,
          ...hits
            .filter((h) => h.startLine <= region.last && h.endLine >= region.first)
            .map((h) => (h.score / topHit) * Math.sqrt((Math.min(h.endLine, region.last) - Math.max(h.startLine, region.first) + 1) / (h.endLine - h.startLine + 1))),
        );
        const named = Math.max(node ? node.score / topWalk : 0, s ? lexical({ id: s.id, path: s.path, name: s.name, first: s.start, last: s.end }) : 0);
        // A piece of a symbol the task names is worth less where no chunk matched.
        const match = region.part && hit === 0 ? PART_SHARE * named : Math.max(named, HIT_SHARE * hit);
        const share = (region.last - region.first + 1) / Math.max(text.lastLine, MIN_FILE_LINES);
        const why = `${region.part && s ? `part of ${s.name}: ` : ""}${node ? whyOf(node) : match > 0 ? "matches the task" : `in ${f.file}: ${f.why}`}`;
        const group = region.symbol !== null && !region.part ? region.symbol : `r:${f.file}:${region.first}`;
        const at = { file: f.file, start_line: region.first, end_line: region.last };
        const build = (): Item => ({
          tag: "code",
          verbatim: true,
          score: p * match,
          fileScore: p,
          value: { file: f.file, symbol: s?.name ?? null, kind: s?.kind ?? "Module code", start_line: region.first, end_line: region.last, snippet: text.text(region.first, region.last), why },
        });
        regions.push({ core: s ? p * match : 0, chars, offer: (first) => offerCode(group, 2, p * (match + FILE_VALUE * share), at, chars, build, first) });
        if (s && p * match >= LANDING_FLOOR && landing.symbols.length < LANDING_SIZE) {
          landing.symbols.push({ file: f.file, name: s.name });
          landing.files.add(f.file);
        }
      }
    }
    if (likely[0]) landing.files.add(likely[0].file);
    // The symbols most likely edited come whole before anything else, up to a share of the budget.
    let core = CORE_SHARE * options.maxTokens;
    for (const r of regions.sort((a, b) => b.core - a.core)) {
      const first = r.core >= CORE_FLOOR && core >= guess(r.chars).text;
      if (first) core -= guess(r.chars).text;
      r.offer(first);
    }

    // The next files of the ranking, one line each (their best symbol's head, with the file's
    // why): where to look when the likely files are not the whole story.
    const bestIn = new Map<string, RankedNode>();
    for (const r of walked) {
      const s = graph.symbols.get(r.id);
      if (s && s.start > 0 && !bestIn.has(s.path)) bestIn.set(s.path, r);
    }
    files.slice(0, Math.min(LISTED_FILES, Math.max(1, Math.round(options.maxTokens / TOKENS_PER_LISTED)))).forEach((f, i) => {
      const node = bestIn.get(f.file);
      const s = node ? graph.symbols.get(node.id) : graph.symbolsIn(f.file).find((x) => x.start > 0);
      const hit = hitsIn.get(f.file)?.[0];
      const line = s ? s.start : (hit?.snippetLine ?? 0);
      const head = s ? s.signature || (lines(f.file).get(s.start) ?? "").trim() : (lines(f.file).get(line) ?? "").trim();
      if (!(line > 0) || !head) return;
      const p = fileScore.get(f.file) ?? 0;
      offer(`file:${f.file}`, 0, LISTED_VALUE * (f.score / topFile), {
        tag: "code",
        score: p,
        fileScore: p,
        value: { file: f.file, symbol: s?.name ?? null, kind: s?.kind ?? "File", start_line: line, end_line: line, snippet: head, why: i === 0 ? f.why : `#${i + 1} file: ${f.why}` },
      });
    });

    // Around them: the walk's symbols as signatures with file:line, tests by name.
    // As many as the budget affords: at 1,000 tokens a few lines of the likely file say more than a list of heads.
    const maxNeighbours = Math.min(NEIGHBOURS, Math.floor(options.maxTokens / TOKENS_PER_NEIGHBOUR));
    const maxTests = Math.min(TESTS, Math.floor(options.maxTokens / TOKENS_PER_TEST));
    let neighbours = 0;
    let tests = 0;
    for (const r of ranked) {
      const s = info.get(r.id);
      if (!s || !(s.start > 0)) continue;
      const isTest = r.link?.relation === "tests";
      if (isTest ? tests++ >= maxTests : neighbours++ >= maxNeighbours) continue;
      const text = lines(s.path);
      const head = s.signature || (text.get(s.start) ?? "").trim();
      if (!head) continue;
      const doc = isTest ? "" : s.doc.split("\n").slice(0, DOC_LINES).join("\n").trim();
      const p = fileScore.get(s.path) ?? 0;
      const score = r.score / (ranked[0]?.score ?? 1);
      offer(r.id, 1, SIGNATURE_VALUE * Math.max(p, score), {
        tag: "code",
        score: p * score,
        fileScore: p,
        value: { file: s.path, symbol: s.name, kind: s.kind, start_line: s.start, end_line: s.start, snippet: doc ? `${head}\n${doc}` : head, why: whyOf(r) },
      });
    }
  } else {
    // No graph yet: the search hits alone.
    const fileScores = new Map(answer.files.map((f) => [f.file, f.score]));
    const top = answer.hits[0]?.score ?? 1;
    for (const h of answer.hits) {
      const score = h.score / top;
      const full = textOf(lines(h.file), h.startLine, h.endLine);
      const value = (snippet: string, start: number, end: number): Item => ({
        tag: "code",
        score,
        fileScore: fileScores.get(h.file) ?? 0,
        value: { file: h.file, symbol: h.symbol, kind: h.kind, start_line: start, end_line: end, snippet, why: "matches the task" },
      });
      offer(h.chunkId, 2, score, value(full, h.startLine, h.endLine));
      offer(h.chunkId, 0, score * LEVEL_VALUE.line, value(h.snippet, h.snippetLine, h.snippetLine + h.snippet.split("\n").length - 1));
      landing.files.add(h.file);
    }
  }

  times.mark("candidates");
  const memory = contextMemory(catalog, task, { files: [...landing.files], symbols: landing.symbols });
  for (const r of memory.rules) offer(`rule:${r.item.id}`, 0, 0.8 * r.weight, { tag: "rule", value: r.item });
  for (const d of memory.decisions) offer(`decision:${d.item.id}`, 0, 0.8 * d.weight, { tag: "decision", value: d.item });
  for (const c of memory.conventions) offer(`convention:${c.item.id}`, 0, 0.8 * c.weight, { tag: "convention", value: c.item });
  times.mark("memory");

  const packed = fitToBudget(candidates, options);
  times.mark("pack");
  times.done();
  return packed;
};

