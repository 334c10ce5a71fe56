import type { ExtractedSymbol } from "../../events/index.js";

export interface LineSpan {
  readonly startLine: number;
  readonly endLine: number;
}

export interface ChunkOwner {
  readonly symbol: string | null;
  readonly kind: string;
}

type Sym = Pick<ExtractedSymbol, "id" | "kind" | "startLine" | "endLine">;

/** Nesting depth of each symbol by its lines (`sorted` by start, then longest first). */
const nestingDepths = (sorted: ReadonlyArray<Sym>): number[] => {
  const open: Sym[] = [];
  return sorted.map((s) => {
    while (open.length > 0 && open[open.length - 1]!.endLine < s.endLine) open.pop();
    open.push(s);
    return open.length - 1;
  });
};

/**
 * For each chunk (in document order), the innermost symbol that covers at least half of its
 * lines: the symbol it lies in, or the one most of it belongs to when it straddles several (a
 * function packed with a constant after it, a method with the class header before it). A
 * chunk that no symbol covers that much of is `Module` code.
 *
 * A sweep with a stack of open symbols keeps this O((chunks + symbols) · depth).
 */
export const assignSymbols = (chunks: ReadonlyArray<LineSpan>, symbols: ReadonlyArray<Sym>): ChunkOwner[] => {
  const sorted = [...symbols].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const depth = nestingDepths(sorted);
  // Indexes into `sorted` of symbols that started at or before the current chunk.
  const open: number[] = [];
  let next = 0;
  return chunks.map((c) => {
    while (next < sorted.length && sorted[next]!.startLine <= c.startLine) {
      const s = sorted[next]!;
      while (open.length > 0 && sorted[open[open.length - 1]!]!.endLine < s.startLine) open.pop();
      open.push(next++);
    }
    while (open.length > 0 && sorted[open[open.length - 1]!]!.endLine < c.startLine) open.pop();

    const lines = c.endLine - c.startLine + 1;
    // Two symbols of one depth cover half each at most: the earlier one wins.
    let best = -1;
    const consider = (i: number) => {
      const s = sorted[i]!;
      const overlap = Math.min(s.endLine, c.endLine) - Math.max(s.startLine, c.startLine) + 1;
      if (overlap * 2 >= lines && (best < 0 || depth[i]! > depth[best]!)) best = i;
    };
    // Symbols that ended before this chunk but sit under a still-open one overlap it by nothing.
    for (const i of open) consider(i);
    for (let i = next; i < sorted.length && sorted[i]!.startLine <= c.endLine; i++) consider(i);

    if (best < 0) return { symbol: null, kind: "Module" };
    return { symbol: sorted[best]!.id, kind: sorted[best]!.kind };
  });
};
