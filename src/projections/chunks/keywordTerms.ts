/**
 * Keyword terms for code: identifiers are split at camelCase, digits and underscores, and the
 * whole identifier is kept too, so `parseFloat`, "parse float" and `parse_float` all meet.
 * The same function tokenises what is indexed and what is asked.
 */
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;
const MAX_WORD = 64;

export const splitIdentifier = (word: string): string[] => {
  const parts = word
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/_+/g, " ")
    .toLowerCase()
    .split(" ")
    .filter((p) => p.length > 0);
  const whole = word.toLowerCase().replace(/^_+|_+$/g, "");
  return parts.length > 1 && whole.length > 0 ? [...parts, whole] : parts;
};

// Code repeats its identifiers endlessly: splitting each distinct word once is most of the indexing speed.
const splitCache = new Map<string, string[]>();
const MAX_CACHED = 200_000;
const splitCached = (word: string): string[] => {
  let parts = splitCache.get(word);
  if (parts === undefined) {
    parts = splitIdentifier(word).filter((t) => t.length > 1);
    if (splitCache.size >= MAX_CACHED) splitCache.clear();
    splitCache.set(word, parts);
  }
  return parts;
};

/** Every term of `text`, in order, repeats kept (term frequency matters to BM25). */
export const termsOf = (text: string): string[] => {
  const out: string[] = [];
  // `match` with /g hands back plain strings: no match objects per word, as matchAll would build.
  for (const w of text.match(WORD) ?? []) {
    if (w.length > MAX_WORD) continue;
    for (const t of splitCached(w)) out.push(t);
  }
  return out;
};

// A word's terms already joined: the indexed form is built from a few million words on a
// large repository, and one string per word is far less work than one per term.
const joinedCache = new Map<string, string>();
const joinedTerms = (word: string): string => {
  let joined = joinedCache.get(word);
  if (joined === undefined) {
    joined = splitCached(word).join(" ");
    if (joinedCache.size >= MAX_CACHED) joinedCache.clear();
    joinedCache.set(word, joined);
  }
  return joined;
};

/** The indexed form: terms joined by spaces (FTS5 is told `_` is part of a token); equals `termsOf(text).join(" ")`. */
export const termText = (text: string): string => {
  let out = "";
  for (const w of text.match(WORD) ?? []) {
    if (w.length > MAX_WORD) continue;
    const joined = joinedTerms(w);
    if (joined.length > 0) out = out.length === 0 ? joined : `${out} ${joined}`;
  }
  return out;
};

const STOP = new Set(
  (
    "the a an of to in for and or is are be been was were this that these those with on by as it its from at not no " +
    "used using fix fixes fixed fixing when if then else into can should would " +
    "will do does did make makes so but all any some more less via per also only just than there their they them we " +
    "our you your i me my now like than out up down after before over under about which what how why " +
    "where who while there here have has had support allow allows properly correctly issue bug pr " +
    "closes close closed refs ref resolves resolve feat chore perf refactor wip co authored signed off"
  ).split(" "),
);

/** Query terms: distinct, stop words dropped; falls back to all terms when only stop words were asked. */
export const queryTerms = (query: string): string[] => {
  const all = [...new Set(termsOf(query))];
  const kept = all.filter((t) => !STOP.has(t));
  return kept.length > 0 ? kept : all;
};
