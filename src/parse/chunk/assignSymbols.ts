import type { ExtractedSymbol } from "../../events/types/parse.js";

export interface LineSpan {
  readonly startLine: number;
  readonly endLine: number;
}

export interface ChunkOwner {
  readonly symbol: string | null;
  readonly kind: string;
}

type Sym = Pick<ExtractedSymbol, "id" | "kind" | "startLine" | "endLine">;

/**
 * For each chunk (in document order), the innermost symbol whose lines enclose it. When no
 * symbol encloses the chunk but exactly one symbol at the next level down overlaps it and covers
 * at least half its lines (a function plus its leading comment), that symbol owns it. Otherwise
 * the chunk is `Module` code (it overlaps no symbol) or a `Block` of several.
 *
 * A sweep with a stack of open symbols keeps this O((chunks + symbols) · depth).
 */
export const assignSymbols = (chunks: ReadonlyArray<LineSpan>, symbols: ReadonlyArray<Sym>): ChunkOwner[] => {
  const sorted = [...symbols].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const open: Sym[] = [];
  let next = 0;
  return chunks.map((c) => {
    while (next < sorted.length && sorted[next]!.startLine <= c.startLine) {
      const s = sorted[next++]!;
      while (open.length > 0 && open[open.length - 1]!.endLine < s.startLine) open.pop();
      open.push(s);
    }
    while (open.length > 0 && open[open.length - 1]!.endLine < c.startLine) open.pop();
    // Drop symbols that ended before this chunk but sit under a still-open one.
    let depth = open.length - 1;
    while (depth >= 0 && open[depth]!.endLine < c.endLine) depth--;
    const enclosing = depth >= 0 ? open[depth]! : null;

    // Symbols overlapping the chunk without enclosing it, at the outermost level below `enclosing`.
    const inner: Sym[] = [];
    const consider = (s: Sym) => {
      if (s.endLine < c.startLine || s.startLine > c.endLine || s === enclosing) return;
      const top = inner[inner.length - 1];
      if (top !== undefined && top.startLine <= s.startLine && top.endLine >= s.endLine) return;
      inner.push(s);
    };
    for (let i = depth + 1; i < open.length; i++) consider(open[i]!);
    for (let i = next; i < sorted.length && sorted[i]!.startLine <= c.endLine; i++) consider(sorted[i]!);

    if (inner.length === 1) {
      const s = inner[0]!;
      const overlap = Math.min(s.endLine, c.endLine) - Math.max(s.startLine, c.startLine) + 1;
      if (overlap * 2 >= c.endLine - c.startLine + 1) return { symbol: s.id, kind: s.kind };
    }
    if (enclosing !== null) return { symbol: enclosing.id, kind: enclosing.kind };
    return { symbol: null, kind: inner.length === 0 ? "Module" : "Block" };
  });
};
