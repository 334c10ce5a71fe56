import type { ChunkReader } from "../../projections/chunks/ChunkReader.js";
import type { Embedder } from "../../projections/embed/Embedder.js";
import type { CatalogReader } from "../../projections/index.js";
import { queryTerms, termsOf } from "../../projections/chunks/keywordTerms.js";
import type { FileLinks } from "../search/fileLinks.js";
import { searchCode } from "../search/searchCode.js";
import type { ContextGraph, ContextSymbol } from "./contextGraph.js";
import { DOC_LINES } from "./contextGraph.js";
import { fileLines, type FileLines } from "./fileLines.js";
import { anchorSeeds } from "./anchorSeeds.js";
import { contextMemory } from "./contextMemory.js";
import { expandNeighbourhood } from "./expandNeighbourhood.js";
import { packGreedy, type Candidate, type Chosen, type Cost } from "./packContext.js";
import { rankFiles } from "./rankFiles.js";
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
}

type CodeItem = SmartContext["code_context"][number];
type Item =
  | { readonly tag: "code"; readonly score: number; readonly fileScore: number; readonly value: CodeItem }
  | { readonly tag: "rule"; readonly value: SmartContext["rules"][number] }
  | { readonly tag: "decision"; readonly value: SmartContext["decisions"][number] }
  | { readonly tag: "convention"; readonly value: SmartContext["conventions"][number] };

/** How much of a symbol's worth each granularity carries. */
const LEVEL_VALUE = { line: 0.3, signature: 0.5, full: 1 };
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

const textOf = (lines: FileLines, start: number, end: number): string => lines.text(start, end);

/**
 * The code a task will touch and the memory that applies, packed to `maxTokens` in both the
 * text and the JSON form: hybrid search finds entry points, a personalised PageRank over their
 * two-hop neighbourhood (callers, callees, implementations, tests, importers), restarting in
 * proportion to search's file ranking, ranks the files and what surrounds the entry points, and
 * each item is offered whole, as its signature and docstring, or as one line, chosen greedily
 * by value per token. The code comes file by file, best file first.
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
  /** Files whose hits became symbol entry points: their own text would repeat them. */
  const seedFiles = new Set<string>();
  let info = new Map<string, ContextSymbol>();
  let fileRank = new Map<string, number>();
  if (graph) {
    const paths = [...new Set([...answer.hits.map((h) => h.file), ...answer.symbols.map((s) => s.file)])];
    const idOf = new Map<string, string>();
    const spans: Array<{ id: string; path: string; name: string; first: number; last: number }> = [];
    for (const r of paths.flatMap((p) => graph.symbolsIn(p))) {
      idOf.set(`${r.path}\u0000${r.name}`, r.id);
      spans.push({ id: r.id, path: r.path, name: r.name, first: r.start, last: r.end });
    }
    const terms = new Set(queryTerms(task));
    const spanOf = new Map(spans.map((x) => [x.id, x]));
    // How much of the task a symbol's own name and text mention (0..1).
    const lexicalOf = new Map<string, number>();
    const lexical = (id: string): number => {
      // Asked again for every hit whose chunk holds the symbol: its body is read and split once.
      const known = lexicalOf.get(id);
      if (known !== undefined) return known;
      const x = spanOf.get(id);
      if (!x || terms.size === 0) return 0;
      const name = new Set(termsOf(x.name.split(".").pop() ?? ""));
      const body = new Set(termsOf(textOf(lines(x.path), x.first, x.last)));
      let n = 0;
      for (const t of terms) n += (name.has(t) ? 2 : 0) + (body.has(t) ? 1 : 0);
      lexicalOf.set(id, n / (3 * terms.size));
      return n / (3 * terms.size);
    };
    const top = Math.max(1e-9, ...answer.symbols.map((s) => s.score));
    for (const s of answer.symbols) {
      const id = idOf.get(`${s.file}\u0000${s.symbol}`);
      if (id) add(id, (s.score / top) * (0.25 + 2 * lexical(id)));
    }
    const topHit = Math.max(1e-9, ...answer.hits.map((h) => h.score));
    for (const h of answer.hits.filter((h) => h.score >= SEED_FLOOR * topHit)) {
      const score = h.score / topHit;
      const id = h.symbol !== null ? idOf.get(`${h.file}\u0000${h.symbol}`) : undefined;
      if (id) add(id, score * (0.25 + 2 * lexical(id)));
      // A chunk packs small neighbours together: the symbols starting inside it that the task mentions are entry points too.
      const inside = spans.filter((x) => x.path === h.file && x.id !== id && x.first >= h.startLine && x.first <= h.endLine);
      let found = false;
      for (const x of inside) {
        const lex = lexical(x.id);
        if (lex > 0) {
          add(x.id, score * lex * 2);
          found = true;
        }
      }
      if (!id && !found) add(`f:${h.file}`, 0.5 * score);
      else seedFiles.add(`f:${h.file}`);
    }
    times.mark("seeds");
    const entries = anchorSeeds(seeds, answer.files);
    const links = expandNeighbourhood(graph, [...entries.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id));
    times.mark("expand");
    const walked = rankNeighbourhood(entries, links);
    fileRank = rankFiles(walked, queryTerms(task));
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
  const offerCode = (group: string, level: number, value: number, at: { readonly file: string; readonly start_line: number; readonly end_line: number }, snippetChars: number, build: () => Item) => {
    let built: Item | null = null;
    const item = () => (built ??= build());
    candidates.push({
      group,
      level,
      value,
      cost: guess(snippetChars),
      exact: () => exact(item()),
      get item() {
        return item();
      },
      span: { file: at.file, first: at.start_line, last: at.end_line },
    });
  };
  const topScore = ranked[0]?.score ?? 1;
  const landing = { files: new Set<string>(), symbols: [] as Array<{ file: string; name: string }> };

  if (graph) {
    for (const r of ranked) {
      const score = r.score / topScore;
      const why = whyOf(r);
      const s = info.get(r.id);
      if (s) {
        const text = lines(s.path);
        const code = (snippet: string, start: number, end: number): Item => ({
          tag: "code",
          score,
          fileScore: fileRank.get(s.path) ?? 0,
          value: { file: s.path, symbol: s.name, kind: s.kind, start_line: start, end_line: end, snippet, why },
        });
        if (s.end >= s.start && s.start > 0) {
          const at = { file: s.path, start_line: s.start, end_line: s.end };
          offerCode(r.id, 2, score * LEVEL_VALUE.full, at, text.chars(s.start, s.end), () => code(textOf(text, s.start, s.end), s.start, s.end));
        }
        const doc = s.doc.split("\n").slice(0, DOC_LINES).join("\n").trim();
        const head = s.signature || (text.get(s.start) ?? "").trim();
        if (head) offer(r.id, 1, score * LEVEL_VALUE.signature, code(doc ? `${head}\n${doc}` : head, s.start, s.start));
        if (r.link && r.link.line > 0 && r.link.lineNode === r.id) {
          const line = (text.get(r.link.line) ?? "").trim();
          if (line) offer(r.id, 0, score * LEVEL_VALUE.line, code(line, r.link.line, r.link.line));
        }
        if (score >= LANDING_FLOOR && landing.symbols.length < LANDING_SIZE) {
          landing.files.add(s.path);
          landing.symbols.push({ file: s.path, name: s.name });
        }
      } else if (r.id.startsWith("f:") && !(r.link === null && seedFiles.has(r.id))) {
        // A file: the line that links it (an import or a module-level call), or its best hit.
        const path = r.id.slice(2);
        const hit = answer.hits.find((h) => h.file === path);
        const line = r.link && r.link.line > 0 && r.link.lineNode === r.id ? r.link.line : (hit?.snippetLine ?? 0);
        const at = line > 0 ? (lines(path).get(line) ?? "").trim() : "";
        const snippet = r.link ? at : (hit?.snippet ?? at);
        if (snippet) {
          const end = r.link ? line : (hit?.snippetLine ?? line) + snippet.split("\n").length - 1;
          offer(r.id, 0, score * LEVEL_VALUE.line, { tag: "code", score, fileScore: fileRank.get(path) ?? 0, value: { file: path, symbol: null, kind: "File", start_line: line, end_line: end, snippet, why } });
        }
        if (score >= LANDING_FLOOR && landing.files.size < LANDING_SIZE) landing.files.add(path);
      }
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
  // File by file, best file first (an agent reads a file's code together); within a file, best item first.
  const code = items
    .flatMap((i) => (i.tag === "code" ? [i] : []))
    .sort((a, b) => b.fileScore - a.fileScore || a.value.file.localeCompare(b.value.file) || b.score - a.score);
  return {
    code_context: code.map((c) => c.value),
    rules: items.flatMap((i) => (i.tag === "rule" ? [i.value] : [])),
    decisions: items.flatMap((i) => (i.tag === "decision" ? [i.value] : [])),
    conventions: items.flatMap((i) => (i.tag === "convention" ? [i.value] : [])),
    architecture,
    token_count: tokenCount,
    note,
  };
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
