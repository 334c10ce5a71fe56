import { termsOf } from "../../projections/index.js";

/**
 * The few lines of a chunk that best show why it matched: the window of `lines` lines holding
 * the most query terms (the chunk's first lines when none match), long lines cut.
 */
export const snippetOf = (text: string, query: ReadonlyArray<string>, lines = 4, maxLineChars = 160): { text: string; offset: number } => {
  const all = text.split("\n");
  const wanted = new Set(query);
  const hits = all.map((l) => termsOf(l).filter((t) => wanted.has(t)).length);
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i < Math.max(1, all.length - lines + 1); i++) {
    let s = 0;
    for (let j = i; j < Math.min(all.length, i + lines); j++) s += hits[j]!;
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  const cut = (l: string) => (l.length > maxLineChars ? `${l.slice(0, maxLineChars - 1)}…` : l);
  return { text: all.slice(best, best + lines).map(cut).join("\n"), offset: best };
};
