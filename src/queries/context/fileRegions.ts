/** A stretch of a file shown as one piece: a symbol's whole text, or the module-level lines between symbols. */
export interface Region {
  readonly first: number;
  readonly last: number;
  /** The symbol it shows; null for module-level lines (imports, top-level statements). */
  readonly symbol: string | null;
}

interface Spanned {
  readonly id: string;
  readonly start: number;
  readonly end: number;
}

/** A symbol longer than this is shown as its parts (its head, its members, the lines between them) when it has members. */
const WHOLE_UP_TO = 60;
/** Module-level runs shorter than this join the region before them (a closing brace, a blank line and a comment are not worth an item). */
const MIN_GAP = 3;

/**
 * A file cut into regions that cover every line once, in line order: each top-level symbol
 * whole, unless it is long and has members (a class), when its head, its members and the lines
 * between them are regions of their own, and the module-level runs between symbols. Smart
 * context offers a likely file as these pieces, so a budget that cannot take the whole file
 * takes the pieces the task names first and the rest by size.
 */
export const fileRegions = <S extends Spanned>(symbols: ReadonlyArray<S>, lastLine: number): Region[] => {
  const valid = symbols.filter((s) => s.start > 0 && s.end >= s.start && s.start <= lastLine);
  const out: Region[] = [];
  const gap = (first: number, last: number) => {
    if (last < first) return;
    const prev = out[out.length - 1];
    if (last - first + 1 < MIN_GAP && prev !== undefined && prev.last === first - 1) out[out.length - 1] = { ...prev, last };
    else out.push({ first, last, symbol: null });
  };
  const cover = (first: number, last: number, inside: ReadonlyArray<S>) => {
    // Outermost symbols first: a symbol starting inside an earlier one's lines belongs to it.
    const tops: S[] = [];
    for (const s of [...inside].sort((a, b) => a.start - b.start || b.end - a.end)) {
      const prev = tops[tops.length - 1];
      if (prev === undefined || s.start > prev.end) tops.push(s);
    }
    let at = first;
    for (const s of tops) {
      const end = Math.min(s.end, last);
      gap(at, s.start - 1);
      const members = inside.filter((m) => m !== s && m.start >= s.start && m.end <= s.end && !(m.start === s.start && m.end === s.end));
      if (end - s.start + 1 > WHOLE_UP_TO && members.length > 0) {
        const firstMember = Math.min(...members.map((m) => m.start));
        // The head (a class line, its fields) is the symbol's own region; its members follow.
        out.push({ first: s.start, last: Math.max(s.start, firstMember - 1), symbol: s.id });
        cover(Math.max(s.start, firstMember - 1) + 1, end, members);
      } else out.push({ first: s.start, last: end, symbol: s.id });
      at = end + 1;
    }
    gap(at, last);
  };
  cover(1, lastLine, valid);
  return out;
};
