import type { SearchAnswer } from "../search/searchCode.js";
import { anchorSeeds } from "./anchorSeeds.js";
import type { ContextGraph, ContextSymbol } from "./contextGraph.js";
import { expandNeighbourhood } from "./expandNeighbourhood.js";
import { rankFiles } from "./rankFiles.js";
import { rankNeighbourhood, type RankedNode } from "./rankNeighbourhood.js";
import type { StageTimes } from "./stageTimes.js";
import type { SymbolSpan } from "./taskLexical.js";
import { worthInFile } from "./worthInFile.js";

/** Hits below this share of the best one are left to the graph to reach. */
const SEED_FLOOR = 0.5;
const RANKED = 120;

export interface Walk {
  /** Every node the walk reached, best first. */
  readonly walked: RankedNode[];
  /** The walk's files, by their nodes' worth. */
  readonly fileRank: Map<string, number>;
  /** The best nodes, weighed by their file. */
  readonly ranked: RankedNode[];
  /** The ranked nodes' symbols and those they were reached through. */
  readonly info: Map<string, ContextSymbol>;
}

/**
 * Entry points from the search (the symbols the hits fall in, else their files), then a
 * personalised PageRank over their two-hop neighbourhood.
 */
export const walkFromSearch = (graph: ContextGraph, answer: SearchAnswer, taskTerms: ReadonlyArray<string>, lexical: (x: SymbolSpan) => number, times: StageTimes): Walk => {
  const seeds = new Map<string, number>();
  const add = (id: string, score: number) => seeds.set(id, Math.max(seeds.get(id) ?? 0, score));
  const info = new Map<string, ContextSymbol>();
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
  const walked = rankNeighbourhood(entries, links);
  const fileRank = rankFiles(walked, taskTerms);
  const ranked = worthInFile(walked, fileRank).slice(0, RANKED);
  times.mark("rank");
  for (const id of [...ranked.map((r) => r.id), ...ranked.flatMap((r) => (r.link ? [r.link.via] : []))]) {
    const s = graph.symbols.get(id);
    if (s) info.set(id, s);
  }
  return { walked, fileRank, ranked, info };
};
