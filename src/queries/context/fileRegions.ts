/** A stretch of a file shown as one piece: a symbol's whole text, or the module-level lines between symbols. */
export interface Region {
  readonly first: number;
  readonly last: number;
  /** The symbol it shows; null for module-level lines (imports, top-level statements). */
  readonly symbol: string | null;
  /** A piece of its symbol's lines, not the whole symbol (see `splitAtHits`). */
  readonly part?: boolean;
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

const MIN_PIECE = 8;

/**
 * Long regions cut where search's chunks matched inside them: a 300-line function whose middle
 * the task names is offered as its head, that middle and its tail, so a small budget can show
 * the part the task is about instead of nothing of it.
 */
export const splitAtHits = (
  regions: ReadonlyArray<Region>,
  hits: ReadonlyArray<{ readonly startLine: number; readonly endLine: number }>,
  longerThan: number,
): Region[] =>
  regions.flatMap((r) => {
    if (r.last - r.first + 1 <= longerThan) return [r];
    const cuts = new Set<number>();
    for (const h of hits) {
      if (h.endLine < r.first || h.startLine > r.last) continue;
      if (h.startLine > r.first) cuts.add(h.startLine);
      if (h.endLine < r.last) cuts.add(h.endLine + 1);
    }
    // No piece shorter than a few lines: a cut that close to another (or to an end) is dropped.
    const starts = [r.first];
    for (const cut of [...cuts].sort((a, b) => a - b)) if (cut - starts[starts.length - 1]! >= MIN_PIECE && r.last + 1 - cut >= MIN_PIECE) starts.push(cut);
    if (starts.length === 1) return [r];
    return starts.map((first, i) => ({ first, last: (starts[i + 1] ?? r.last + 1) - 1, symbol: r.symbol, part: true }));
  });
