import type { Chosen } from "./packContext.js";
import type { SmartContext } from "./SmartContextResult.js";
import type { CodeItem, Item } from "./contextItem.js";

/** The answer from the chosen items: the code file by file, touching regions joined, then the memory. */
export const assemble = (chosen: ReadonlyArray<Chosen<Item>>, note: string, tokenCount: number, architecture: string): SmartContext => {
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
