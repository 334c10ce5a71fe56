/**
 * A hit inside `Outer.Inner.method` also speaks for `Outer.Inner` and `Outer`: each enclosing
 * symbol gets the chunk's score times `decay` per level. Symbol ids are dotted qualified
 * names, optionally suffixed `#2` for redefinitions.
 */
export const liftToSymbols = (
  hits: ReadonlyArray<{ readonly file: string; readonly symbol: string | null; readonly score: number }>,
  decay = 0.5,
): Array<{ file: string; symbol: string; score: number }> => {
  const scores = new Map<string, { file: string; symbol: string; score: number }>();
  for (const h of hits) {
    if (!h.symbol) continue;
    let name = h.symbol;
    let w = 1;
    for (;;) {
      const key = `${h.file}\0${name}`;
      const entry = scores.get(key) ?? { file: h.file, symbol: name, score: 0 };
      entry.score += h.score * w;
      scores.set(key, entry);
      const dot = name.replace(/#\d+$/, "").lastIndexOf(".");
      if (dot < 0) break;
      name = name.slice(0, dot);
      w *= decay;
    }
  }
  return [...scores.values()].sort((a, b) => b.score - a.score || a.file.localeCompare(b.file) || a.symbol.localeCompare(b.symbol));
};
