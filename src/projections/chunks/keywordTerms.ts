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

/**
 * Per UTF-8 byte: 1 for the characters a word may start with (`[A-Za-z_]`), 2 for those it may
 * go on with too (digits); every byte of a non-ASCII character (0x80 and up) is a separator.
 */
const WORD_BYTE = (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 128; c++) {
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) t[c] = 1;
    else if (c >= 48 && c <= 57) t[c] = 2;
  }
  return t;
})();

/** A distinct word and its terms joined by spaces, as bytes; `next` chains words whose hashes collide. */
interface Joined {
  readonly word: string;
  readonly bytes: Buffer;
  readonly next: Joined | undefined;
}

// Indexing reads a few million words on a large repository, nearly all repeats: looking each
// up by a hash computed while scanning (and comparing in place) allocates nothing for a word
// already seen, where `match` would build one string per word.
const joinedByHash = new Map<number, Joined>();

/** The entry of the word given as ASCII bytes `bytes[start, end)`, made on first sight. */
const joinedAt = (bytes: Buffer, start: number, end: number, hash: number): Joined => {
  const length = end - start;
  const first = joinedByHash.get(hash);
  for (let e = first; e !== undefined; e = e.next) {
    if (e.word.length !== length) continue;
    let k = 0;
    while (k < length && e.word.charCodeAt(k) === bytes[start + k]) k++;
    if (k === length) return e;
  }
  const word = bytes.toString("latin1", start, end);
  if (joinedByHash.size >= MAX_CACHED) joinedByHash.clear();
  const terms = Buffer.from(splitCached(word).join(" "), "latin1");
  const entry = { word, bytes: terms, next: joinedByHash.size === 0 ? undefined : first };
  joinedByHash.set(hash, entry);
  return entry;
};

/** The indexed form: terms joined by spaces (FTS5 is told `_` is part of a token). Equals `termsOf(text).join(" ")`. */
export const termText = (text: string): string => termBytes(text).toString("latin1");

let scratch = Buffer.allocUnsafe(1 << 16);
let input = Buffer.allocUnsafe(1 << 16);

/**
 * The indexed form as ASCII bytes (`termText` is its string), for SQLite to read as text: a
 * large index builds a few million term strings otherwise, and keeping them until their
 * transaction commits is what the garbage collector then spends its time on. Words are ASCII, so the scan reads the text's
 * UTF-8 bytes (a non-ASCII character is bytes >= 0x80, never part of a word): a byte read per
 * character instead of a string read.
 */
export const termBytes = (text: string): Buffer => {
  // A UTF-16 unit is at most three UTF-8 bytes (a surrogate pair, two units, is four).
  if (text.length * 3 > input.length) input = Buffer.allocUnsafe(Math.max(text.length * 3, input.length * 2));
  const bytes = input;
  const n = bytes.write(text, 0, "utf8");
  let at = 0;
  let i = 0;
  while (i < n) {
    if (WORD_BYTE[bytes[i]!] !== 1) {
      i++;
      continue;
    }
    const start = i;
    let hash = 0x811c9dc5;
    for (; i < n; i++) {
      const d = bytes[i]!;
      if (WORD_BYTE[d] === 0) break;
      hash = Math.imul(hash ^ d, 0x01000193);
    }
    if (i - start > MAX_WORD) continue;
    // Kept within small-integer range: Map keys that are heap numbers cost an allocation per lookup.
    const b = joinedAt(bytes, start, i, hash & 0x3fffffff).bytes;
    if (b.length === 0) continue;
    if (at + b.length + 1 > scratch.length) {
      const grown = Buffer.allocUnsafe(Math.max(scratch.length * 2, at + b.length + 1));
      scratch.copy(grown, 0, 0, at);
      scratch = grown;
    }
    if (at > 0) scratch[at++] = 32;
    if (b.length < 16) for (let k = 0; k < b.length; k++) scratch[at + k] = b[k]!;
    else b.copy(scratch, at);
    at += b.length;
  }
  return Buffer.from(scratch.subarray(0, at));
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
