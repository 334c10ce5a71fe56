/**
 * The key a word's commit count is kept under: the word with its commonest English inflection
 * taken off (redirects, redirected, redirecting → redirect; caches, cached, caching → cach), so a
 * task's "redirects" finds the count of the commits that say "redirect". Only an estimate of how
 * rare a word is: the search itself matches by the index's own (porter) stems.
 */
export const wordKey = (word: string): string => {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  else if (w.length > 5 && w.endsWith("ing")) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith("ed")) w = undouble(w.slice(0, -2));
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
};

/** stopp → stop, but not fall → fal, miss → mis or add → ad. */
const undouble = (w: string): string => (w.length > 3 && /([^aeiouylsz])\1$/.test(w) ? w.slice(0, -1) : w);
