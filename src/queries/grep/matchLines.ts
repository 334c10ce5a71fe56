export interface CorpusFile {
  readonly path: string;
  readonly text: string;
}

export interface LineMatch {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  readonly before: string[];
  readonly after: string[];
}

export interface MatchRequest {
  readonly pattern: string;
  readonly flags: string;
  /** Indexes into the corpus to search, or null for every file. */
  readonly files: ReadonlyArray<number> | null;
  /** Stop after this many matching lines (offset + page + 1 is enough to page). */
  readonly maxMatches: number;
  readonly context: number;
  readonly maxLineChars: number;
}

/**
 * Matching lines of `corpus` in file then line order, with `context` lines either side.
 * Self-contained on purpose (no imports, no outer references): the grep worker is built from
 * this function's source text, so it runs unchanged in a worker thread.
 */
export function matchLines(corpus: ReadonlyArray<CorpusFile>, req: MatchRequest): { matches: LineMatch[]; complete: boolean } {
  const re = new RegExp(req.pattern, req.flags.includes("g") ? req.flags : `${req.flags}g`);
  const out: LineMatch[] = [];
  const cut = (s: string) => (s.length > req.maxLineChars ? `${s.slice(0, req.maxLineChars - 1)}…` : s);
  const order = req.files ?? corpus.map((_, i) => i);
  for (const fi of order) {
    const f = corpus[fi];
    if (!f) continue;
    const text = f.text;
    re.lastIndex = 0;
    let lines: string[] | null = null;
    let starts: number[] | null = null;
    let lastLine = -1;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0].length === 0) re.lastIndex++;
      if (starts === null) {
        lines = text.split("\n");
        starts = new Array(lines.length);
        let at = 0;
        for (let i = 0; i < lines.length; i++) {
          starts[i] = at;
          at += lines[i]!.length + 1;
        }
      }
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= m.index) lo = mid;
        else hi = mid - 1;
      }
      if (lo === lastLine) continue;
      lastLine = lo;
      const ls = lines!;
      out.push({
        file: f.path,
        line: lo + 1,
        text: cut(ls[lo]!),
        before: ls.slice(Math.max(0, lo - req.context), lo).map(cut),
        after: ls.slice(lo + 1, lo + 1 + req.context).map(cut),
      });
      if (out.length >= req.maxMatches) return { matches: out, complete: false };
      // Skip to the next line: one result per line.
      const next = lo + 1 < starts.length ? starts[lo + 1]! : text.length;
      if (re.lastIndex < next) re.lastIndex = next;
      if (re.lastIndex >= text.length) break;
    }
  }
  return { matches: out, complete: true };
}
