import type { ChunkReader } from "../../projections/chunks/ChunkReader.js";
import type { Embedder } from "../../projections/embed/Embedder.js";
import type { CatalogReader, HistoryReader } from "../../projections/index.js";
import { queryTerms, termsOf } from "../../projections/chunks/keywordTerms.js";
import type { FileLinks } from "../search/fileLinks.js";
import { searchCode, type SearchHit } from "../search/searchCode.js";
import { filePrior } from "../search/filePrior.js";
import type { ContextGraph, ContextSymbol } from "./contextGraph.js";
import { DOC_LINES } from "./contextGraph.js";
import { fileLines, type FileLines } from "./fileLines.js";
import { anchorSeeds } from "./anchorSeeds.js";
import { contextMemory } from "./contextMemory.js";
import { expandNeighbourhood } from "./expandNeighbourhood.js";
import { packGreedy, type Candidate, type Chosen, type Cost } from "./packContext.js";
import { rankFiles } from "./rankFiles.js";
import { fileRegions, splitAtHits } from "./fileRegions.js";
import { CO_SEEDS, rankContextFiles } from "./rankContextFiles.js";
import { rankNeighbourhood, type RankedNode } from "./rankNeighbourhood.js";
import { renderCodeItem, renderContext, renderConvention, renderDecision, renderRule } from "./renderContext.js";
import type { SmartContext } from "./SmartContextResult.js";
import { stageTimes, type StageTimes } from "./stageTimes.js";
import { worthInFile } from "./worthInFile.js";

export interface SmartContextOptions {
  readonly task: string;
  readonly maxTokens: number;
  /** Exact token count of a text (cl100k). */
  readonly count: (text: string) => number;
  /** Tokens the caller adds to either form after this answer (a freshness line). */
  readonly reserve?: number;
  /** Where the time goes (NEMESIS_DEBUG_TIMINGS). */
  readonly times?: StageTimes;
  /** A sketch of the project's architecture, a few lines: as many of its first lines as fit a small share of the budget are shown. */
  readonly architecture?: string;
  /** The project's git history, when recorded: past commits like the task, and what changes together. */
  readonly history?: ContextHistory | null;
}

/** What the file ranking reads of the history read model. */
export type ContextHistory = Pick<HistoryReader, "similarCommits" | "coChanged">;

type CodeItem = SmartContext["code_context"][number];
type Item =
  /** `verbatim`: the snippet is the file's own lines start_line..end_line (a region), so touching ones can be joined. */
  | { readonly tag: "code"; readonly score: number; readonly fileScore: number; readonly value: CodeItem; readonly verbatim?: boolean }
  | { readonly tag: "rule"; readonly value: SmartContext["rules"][number] }
  | { readonly tag: "decision"; readonly value: SmartContext["decisions"][number] }
  | { readonly tag: "convention"; readonly value: SmartContext["conventions"][number] };

/** How much of a symbol's worth each granularity carries. */
const LEVEL_VALUE = { line: 0.3, full: 1 };
/** Files search ranks for the walk's restarts (its hits, two a file, cover the first ten). */
const SEARCH_LIMIT = 20;
/** Hits below this share of the best one are left to the graph to reach. */
const SEED_FLOOR = 0.5;
const RANKED = 120;
/** Characters per cl100k token of source code (sympy's median), for the packer's guesses. */
const CHARS_PER_TOKEN = 3.55;
/** Characters an item adds around its snippet (path, symbol, why; fences or JSON keys). */
const GUESS_FRAME = 120;
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

  // Entry points: the symbols the hits fall in, else their files.
  const seeds = new Map<string, number>();
  const add = (id: string, score: number) => seeds.set(id, Math.max(seeds.get(id) ?? 0, score));
  let ranked: RankedNode[] = [];
  let info = new Map<string, ContextSymbol>();
  let fileRank = new Map<string, number>();
  let walked: RankedNode[] = [];
  const taskTerms = queryTerms(task);
  const terms = new Set(taskTerms);
  // How much of the task a symbol's own name and text mention (0..1).
  const lexicalOf = new Map<string, number>();
  const lexical = (x: { readonly id: string; readonly path: string; readonly name: string; readonly first: number; readonly last: number }): number => {
    // Asked again for every hit whose chunk holds the symbol: its body is read and split once.
    const known = lexicalOf.get(x.id);
    if (known !== undefined) return known;
    if (terms.size === 0) return 0;
    const name = new Set(termsOf(x.name.split(".").pop() ?? ""));
    const body = new Set(termsOf(textOf(lines(x.path), x.first, x.last)));
    let n = 0;
    for (const t of terms) n += (name.has(t) ? 2 : 0) + (body.has(t) ? 1 : 0);
    lexicalOf.set(x.id, n / (3 * terms.size));
    return n / (3 * terms.size);
  };
  if (graph) {
    const paths = [...new Set([...answer.hits.map((h) => h.file), ...answer.symbols.map((s) => s.file)])];
    const idOf = new Map<string, string>();
    const spans: Array<{ id: string; path: string; name: string; first: number; last: number }> = [];
    for (const r of paths.flatMap((p) => graph.symbolsIn(p))) {
      idOf.set(`${r.path}\u0000${r.name}`, r.id);
      spans.push({ id: r.id, path: r.path, name: r.name, first: r.start, last: r.end });
    }
    const spanOf = new Map(spans.map((x) => [x.id, x]));
    const lexicalOfId = (id: string): number => {
      const x = spanOf.get(id);
      return x ? lexical(x) : 0;
    };
    const top = Math.max(1e-9, ...answer.symbols.map((s) => s.score));
    for (const s of answer.symbols) {
      const id = idOf.get(`${s.file}\u0000${s.symbol}`);
      if (id) add(id, (s.score / top) * (0.25 + 2 * lexicalOfId(id)));
    }
    const topHit = Math.max(1e-9, ...answer.hits.map((h) => h.score));
    for (const h of answer.hits.filter((h) => h.score >= SEED_FLOOR * topHit)) {
      const score = h.score / topHit;
      const id = h.symbol !== null ? idOf.get(`${h.file}\u0000${h.symbol}`) : undefined;
      if (id) add(id, score * (0.25 + 2 * lexicalOfId(id)));
      // A chunk packs small neighbours together: the symbols starting inside it that the task mentions are entry points too.
      const inside = spans.filter((x) => x.path === h.file && x.id !== id && x.first >= h.startLine && x.first <= h.endLine);
      let found = false;
      for (const x of inside) {
        const lex = lexical(x);
        if (lex > 0) {
          add(x.id, score * lex * 2);
          found = true;
        }
      }
      if (!id && !found) add(`f:${h.file}`, 0.5 * score);
    }
    times.mark("seeds");
    const entries = anchorSeeds(seeds, answer.files);
    const links = expandNeighbourhood(graph, [...entries.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id));
    times.mark("expand");
    walked = rankNeighbourhood(entries, links);
    fileRank = rankFiles(walked, taskTerms);
    ranked = worthInFile(walked, fileRank).slice(0, RANKED);
    times.mark("rank");
    for (const id of [...ranked.map((r) => r.id), ...ranked.flatMap((r) => (r.link ? [r.link.via] : []))]) {
      const s = graph.symbols.get(id);
      if (s) info.set(id, s);
    }
  }
  const nameOf = (id: string) => info.get(id)?.name ?? (id.startsWith("f:") ? id.slice(2) : id);
  const whyOf = (r: RankedNode) => (r.link ? `${r.link.relation} ${nameOf(r.link.via)}` : "matches the task");

  const candidates: Candidate<Item>[] = [];
  const rendered = (item: Item): { text: string; json: string } => ({
    text: `${item.tag === "code" ? renderCodeItem(item.value) : item.tag === "rule" ? renderRule(item.value) : item.tag === "decision" ? renderDecision(item.value) : renderConvention(item.value)}\n\n`,
    json: `${JSON.stringify(item.value)},`,
  });
  const exact = (item: Item): Cost => {
    const r = rendered(item);
    return { text: count(r.text), json: count(r.json) };
  };
  // Code is counted only when the packer is about to take it: a guess from its length orders
  // it (escaping a snippet as JSON adds about as many tokens as the text form's header and fences).
  const guess = (snippetChars: number): Cost => {
    const n = Math.ceil((snippetChars + GUESS_FRAME) / CHARS_PER_TOKEN);
    return { text: n, json: n };
  };
  const offer = (group: string, level: number, value: number, item: Item) =>
    item.tag === "code" ? offerCode(group, level, value, item.value, item.value.snippet.length, () => item) : candidates.push({ group, level, value, cost: exact(item), item });
  /**
   * A code candidate whose item is built only if the packer gets to count it: most whole
   * bodies (a class of thousands of lines) are never taken, and building them all was most of
   * the garbage one answer made.
   */
  const offerCode = (group: string, level: number, value: number, at: { readonly file: string; readonly start_line: number; readonly end_line: number }, snippetChars: number, build: () => Item, first = false) => {
    let built: Item | null = null;
    const item = () => (built ??= build());
    candidates.push({
      group,
      level,
      value,
      first,
      cost: guess(snippetChars),
      exact: () => exact(item()),
      get item() {
        return item();
      },
      span: { file: at.file, first: at.start_line, last: at.end_line },
    });
  };
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

const assemble = (chosen: ReadonlyArray<Chosen<Item>>, note: string, tokenCount: number, architecture: string): SmartContext => {
  const items = chosen.map((c) => c.candidate.item);
  // File by file, best file first (an agent reads a file's code together); within a file, in line order.
  const code = items
    .flatMap((i) => (i.tag === "code" ? [i] : []))
    .sort((a, b) => b.fileScore - a.fileScore || a.value.file.localeCompare(b.value.file) || a.value.start_line - b.value.start_line || b.score - a.score);
  return {
    code_context: joinTouching(code),
    rules: items.flatMap((i) => (i.tag === "rule" ? [i.value] : [])),
    decisions: items.flatMap((i) => (i.tag === "decision" ? [i.value] : [])),
    conventions: items.flatMap((i) => (i.tag === "convention" ? [i.value] : [])),
    architecture,
    token_count: tokenCount,
    note,
  };
};

/**
 * Regions that touch (a function and the comment before it, the pieces of a long one) shown as
 * one item: one header, and the reader sees one stretch of the file, named by its symbol.
 */
const joinTouching = (code: ReadonlyArray<Extract<Item, { tag: "code" }>>): CodeItem[] => {
  const out: CodeItem[] = [];
  let prev: Extract<Item, { tag: "code" }> | null = null;
  for (const c of code) {
    const last = out[out.length - 1];
    const touching = prev?.verbatim && c.verbatim && last && last.file === c.value.file && last.end_line + 1 === c.value.start_line;
    // Pieces of one symbol, or a symbol and module lines beside it: two symbols keep their own names.
    if (touching && (last.symbol === null || c.value.symbol === null || last.symbol === c.value.symbol)) {
      out[out.length - 1] = {
        ...last,
        symbol: last.symbol ?? c.value.symbol,
        kind: last.symbol === null ? c.value.kind : last.kind,
        end_line: c.value.end_line,
        snippet: `${last.snippet}\n${c.value.snippet}`,
        why: last.symbol === null && c.value.symbol !== null ? c.value.why : last.why,
      };
    } else out.push(c.value);
    prev = c;
  }
  return out;
};

/** The widest token_count, so the measured JSON is never shorter than the one sent. */
const COUNT_PLACEHOLDER = 99_999;
/** Most of the budget the architecture sketch may take: the code comes first. */
const ARCHITECTURE_SHARE = 0.1;

/** The sketch's first lines that fit `allowance` tokens (none when not even the first does). */
const fitSketch = (sketch: string, allowance: number, count: (text: string) => number): string => {
  const lines = sketch === "" ? [] : sketch.split("\n");
  for (let n = lines.length; n > 0; n--) {
    const shown = lines.slice(0, n).join("\n");
    if (count(shown) <= allowance) return shown;
  }
  return "";
};

/**
 * Packs greedily, then renders both forms and measures them exactly; while either is over the
 * budget, drops the lowest-value items and measures again.
 */
const fitToBudget = (candidates: ReadonlyArray<Candidate<Item>>, options: SmartContextOptions): SmartContext => {
  const { count, maxTokens, task } = options;
  const budget = maxTokens - (options.reserve ?? 0);
  const sketch = fitSketch(options.architecture ?? "", Math.floor(ARCHITECTURE_SHARE * maxTokens), count);
  const frame = (note: string) => {
    const empty = assemble([], note, COUNT_PLACEHOLDER, sketch);
    return { text: count(renderContext({ ...empty, note: note || "x" }, task)) + 30, json: count(JSON.stringify(empty)) };
  };
  const note = (left: number) => (left > 0 ? `(${left} more items left out for max_tokens)` : "");
  const base = frame(note(candidates.length));
  let chosen = [...packGreedy(candidates, { text: budget - base.text, json: budget - base.json }).values()].sort((a, b) => b.candidate.value - a.candidate.value);
  const left = () => new Set(candidates.map((c) => c.group)).size - chosen.length;
  for (;;) {
    const draft = assemble(chosen, note(left()), COUNT_PLACEHOLDER, sketch);
    const text = count(renderContext(draft, task));
    const json = count(JSON.stringify(draft));
    if ((text <= budget && json <= budget) || chosen.length === 0) {
      if (chosen.length === 0 && candidates.length > 0) {
        const none = assemble([], `max_tokens ${maxTokens} is too small for any of the ${candidates.length} items found: raise it`, 0, sketch);
        return { ...none, token_count: count(renderContext(none, task)) };
      }
      // The text form does not show token_count: the count just made is the final one.
      return assemble(chosen, note(left()), text, sketch);
    }
    // Over: drop the least valuable items worth the excess, then measure again.
    let excess = Math.max(text - budget, json - budget);
    while (excess > 0 && chosen.length > 0) {
      const dropped = chosen.pop()!;
      excess -= Math.max(1, dropped.cost.text, dropped.cost.json);
    }
  }
};
