import { normalize, type Embedder } from "./Embedder.js";
import { isStopWord, splitIdentifier, stem } from "./localDefaultTerms.js";
import { IDF_PERCENT } from "./localDefaultIdf.js";
import { SYNONYMS } from "./localDefaultVocabulary.js";

/**
 * The embedded default: a signed feature-hashing embedder for code. No model, no network,
 * deterministic. Each identifier contributes its stemmed sub-tokens, a synonym key for code
 * abbreviations (`cfg` → config), the whole identifier when it is compound, and character
 * trigrams of its sub-tokens (robust to morphology the stemmer misses); identifier counts are
 * weighted sublinearly and the vector is L2-normalised, so cosine similarity is a smoothed
 * keyword overlap that also meets near-miss spellings. It is a lexical model, not a semantic one.
 */
export interface HashEmbedderOptions {
  readonly dimensions: number;
  /** Weight of the synonym key relative to the sub-token itself. */
  readonly synonymWeight: number;
  /** Weight of the whole compound identifier (`parseasync`). */
  readonly wholeWeight: number;
  /** Weight of adjacent sub-token pairs (`clearCookie` → clear|cookie); a query also pairs adjacent words. */
  readonly bigramWeight: number;
  /** Total weight of one sub-token's character trigrams. */
  readonly ngramWeight: number;
  /** Sub-tokens shorter than this get no trigrams. */
  readonly ngramMinLength: number;
  /**
   * Picks the hash layout: which features share a dimension. Layouts differ by about ±0.015 MRR
   * on the evaluation sets; 1 was the better of the two measured at 768 dimensions.
   */
  readonly hashSeed: number;
  /** Exponent on the built-in idf weight of a sub-token (0: every word counts the same). */
  readonly idfPower: number;
}

export const DEFAULT_HASH_OPTIONS: HashEmbedderOptions = {
  dimensions: 768,
  synonymWeight: 0.5,
  wholeWeight: 0.5,
  bigramWeight: 0.5,
  ngramWeight: 0.5,
  ngramMinLength: 4,
  idfPower: 1,
  hashSeed: 1,
};

/** Bump when features change: cached vectors of another version must not be reused. */
export const HASH_EMBEDDER_VERSION = 2;

/**
 * One distinct word's features, cached; `stamp`/`count` tally it within one embedding call. Its
 * features are `length` slots from `at` in the cache's pool (`Features`): two typed arrays per
 * word cost objects and backing stores of their own, which for a large vocabulary is much of a thread's memory.
 */
interface Entry {
  readonly word: string;
  readonly at: number;
  readonly length: number;
  /** Another word with the same 32-bit hash. */
  next: Entry | null;
  stamp: number;
  count: number;
}

/**
 * `text.slice(start, end)` as a string of its own. V8 makes a slice of 13 characters or more a
 * view into the text it was cut from, so a long word kept in the cache kept its whole chunk text
 * alive: a cold index's chunk thread held most of the texts it had embedded, its memory growing
 * with every batch. Words are at most MAX_WORD characters.
 */
const ownCopy = (text: string, start: number, end: number): string => {
  let word = "";
  for (let i = start; i < end; i++) word += text[i];
  return word;
};

const fnv1a = (s: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** 1 for ASCII letters, digits and `_` (word characters); words are maximal runs of them. */
const WORD_CHAR = (() => {
  const t = new Uint8Array(65536);
  for (let c = 0; c < 128; c++) {
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95) t[c] = 1;
  }
  return t;
})();
const MAX_WORD = 64;
const MAX_CACHE = 200_000;

let idfTable: Map<string, number> | null = null;
/** How informative a stemmed sub-token is, 0..1: rare words (absent from the table) are 1. */
const idfOf = (stemmed: string): number => {
  if (idfTable === null) {
    idfTable = new Map();
    for (const line of IDF_PERCENT.split("\n")) {
      const sp = line.indexOf(" ");
      idfTable.set(line.slice(0, sp), Number(line.slice(sp + 1)) / 100);
    }
  }
  return idfTable.get(stemmed) ?? 1;
};

export const createHashEmbedder = (options: Partial<HashEmbedderOptions> = {}): Embedder => {
  const o: HashEmbedderOptions = { ...DEFAULT_HASH_OPTIONS, ...options };
  const dims = o.dimensions;
  const seedPrefix = o.hashSeed === 0 ? "" : `${o.hashSeed}:`;
  // Options other than the size change every vector: they must change the id (the cache key) too.
  const { dimensions: _d, ...rest } = o;
  const { dimensions: _dd, ...restDefault } = DEFAULT_HASH_OPTIONS;
  const tuned =
    JSON.stringify(rest) === JSON.stringify(restDefault) ? "" : `-${fnv1a(JSON.stringify(rest)).toString(16).padStart(8, "0")}`;
  // Code repeats its identifiers endlessly: each one's features are computed once, and the
  // text is scanned without allocating a string per occurrence (this loop is the hot path).
  const cache = new Map<number, Entry>();
  let cached = 0;
  let stamp = 0;
  // The cached words' features, packed: dimension numbers and weights, `used` slots taken.
  let poolIndex = new Int32Array(1 << 16);
  let poolWeight = new Float32Array(1 << 16);
  let used = 0;
  const pack = (f: { index: Int32Array; weight: Float32Array }): number => {
    if (used + f.index.length > poolIndex.length) {
      const size = Math.max(poolIndex.length * 2, used + f.index.length);
      const index = new Int32Array(size);
      const weight = new Float32Array(size);
      index.set(poolIndex.subarray(0, used));
      weight.set(poolWeight.subarray(0, used));
      poolIndex = index;
      poolWeight = weight;
    }
    const at = used;
    poolIndex.set(f.index, at);
    poolWeight.set(f.weight, at);
    used += f.index.length;
    return at;
  };

  const computeFeatures = (word: string): { index: Int32Array; weight: Float32Array } => {
    const acc = new Map<number, number>();
    const put = (key: string, w: number) => {
      const h = fnv1a(seedPrefix + key);
      const sign = Math.imul(h, 0x9e3779b1) >>> 31 === 1 ? -1 : 1;
      const i = h % dims;
      acc.set(i, (acc.get(i) ?? 0) + sign * w);
    };
    const parts = splitIdentifier(word).filter((p) => p.length > 1 && !isStopWord(p));
    for (const p of parts) {
      const s = stem(p);
      const idf = o.idfPower === 0 ? 1 : Math.max(0.02, idfOf(s)) ** o.idfPower;
      put(`w:${s}`, idf);
      const syn = SYNONYMS.get(p) ?? SYNONYMS.get(s);
      if (syn !== undefined && syn !== s) put(`w:${stem(syn)}`, o.synonymWeight * idf);
      if (o.ngramWeight > 0 && p.length >= o.ngramMinLength && !/^[0-9]+$/.test(p)) {
        const padded = `^${p}$`;
        const n = padded.length - 2;
        const w = (o.ngramWeight * idf) / Math.sqrt(n);
        for (let i = 0; i < n; i++) put(`g:${padded.slice(i, i + 3)}`, w);
      }
    }
    if (parts.length > 1 && o.wholeWeight > 0) put(`id:${parts.join("")}`, o.wholeWeight);
    if (o.bigramWeight > 0) {
      for (let i = 1; i < parts.length; i++) put(`b:${stem(parts[i - 1]!)}|${stem(parts[i]!)}`, o.bigramWeight);
    }
    return { index: Int32Array.from(acc.keys()), weight: Float32Array.from(acc.values()) };
  };

  const entryAt = (text: string, start: number, end: number, h: number): Entry => {
    const len = end - start;
    const first = cache.get(h) ?? null;
    for (let x = first; x !== null; x = x.next) {
      if (x.word.length === len && text.startsWith(x.word, start)) return x;
    }
    const word = ownCopy(text, start, end);
    const f = computeFeatures(word);
    let next = first;
    if (cached >= MAX_CACHE) {
      cache.clear();
      cached = 0;
      used = 0;
      next = null;
    }
    const entry: Entry = { word, at: pack(f), length: f.index.length, next, stamp: 0, count: 0 };
    cache.set(h, entry);
    cached++;
    return entry;
  };

  const seen: Entry[] = [];
  const embed = (text: string): Float32Array => normalize(embedRaw(text));
  const embedRaw = (text: string): Float32Array => {
    stamp++;
    seen.length = 0;
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (WORD_CHAR[text.charCodeAt(i)] === 0) {
        i++;
        continue;
      }
      const start = i;
      let h = 0x811c9dc5;
      do {
        h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
        i++;
      } while (i < n && WORD_CHAR[text.charCodeAt(i)] === 1);
      const len = i - start;
      // One-letter words (loop variables) carry nothing; very long ones are data, not names.
      if (len < 2 || len > MAX_WORD) continue;
      const e = entryAt(text, start, i, h >>> 0);
      if (e.length === 0) continue;
      if (e.stamp !== stamp) {
        e.stamp = stamp;
        e.count = 0;
        seen.push(e);
      }
      e.count++;
    }
    const v = new Float32Array(dims);
    for (const e of seen) {
      const k = 1 + Math.log(e.count);
      for (let j = e.at, end = e.at + e.length; j < end; j++) v[poolIndex[j]!]! += k * poolWeight[j]!;
    }
    seen.length = 0;
    return v;
  };

  return {
    id: `hash-v${HASH_EMBEDDER_VERSION}-${dims}${tuned}`,
    dimensions: dims,
    embedDocuments: async (texts) => texts.map(embed),
    embedQuery: async (text) => {
      const v = embedRaw(text);
      if (o.bigramWeight > 0) {
        // A question writes "clear cookie" where code writes clearCookie: pair adjacent words too.
        // (Pairs inside one identifier are among its features already.)
        let last: string | null = null;
        for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
          const parts = splitIdentifier(m[0]).filter((p) => p.length > 1 && !isStopWord(p));
          if (parts.length === 0) continue;
          if (last !== null) {
            const h = fnv1a(`${seedPrefix}b:${last}|${stem(parts[0]!)}`);
            v[h % dims]! += (Math.imul(h, 0x9e3779b1) >>> 31 === 1 ? -1 : 1) * o.bigramWeight;
          }
          last = stem(parts[parts.length - 1]!);
        }
      }
      return normalize(v);
    },
  };
};
