import { STOP_WORDS } from "./localDefaultVocabulary.js";

/**
 * Sub-tokens of one identifier: split at underscores, camelCase humps, acronym ends and
 * letter/digit changes; lowercased. `parseHTTPRequest2` gives parse, http, request, 2.
 */
export const splitIdentifier = (word: string): string[] => {
  const out: string[] = [];
  let start = 0;
  const n = word.length;
  const kind = (c: number) => (c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 3 : 0);
  for (let i = 1; i <= n; i++) {
    if (i === n) {
      if (i > start) out.push(word.slice(start, i).toLowerCase());
      break;
    }
    const a = kind(word.charCodeAt(i - 1));
    const b = kind(word.charCodeAt(i));
    let cut = false;
    if (b === 0 || a === 0) cut = true;
    else if (a === 1 && b === 2) cut = true; // fooBar
    else if ((a === 3) !== (b === 3)) cut = true; // base64, v2Api
    else if (a === 2 && b === 2 && i + 1 < n && kind(word.charCodeAt(i + 1)) === 1) cut = true; // HTTPRequest
    if (cut) {
      if (i > start && a !== 0) out.push(word.slice(start, i).toLowerCase());
      start = b === 0 ? i + 1 : i;
    }
  }
  return out.filter((p) => p.length > 0);
};

const VOWEL = /[aeiouy]/;

/**
 * A light English stemmer for identifier parts: enough to make `parsing`, `parser`, `parses`
 * and `parse` one term, and `immutability` meet `immutable`. Never shortens below three letters.
 */
export const stem = (w: string): string => {
  if (w.length <= 3) return w;
  let s = w;
  const strip = (suffix: string, add = "") => {
    if (s.endsWith(suffix) && s.length - suffix.length >= 3 && VOWEL.test(s.slice(0, s.length - suffix.length))) {
      s = s.slice(0, s.length - suffix.length) + add;
      return true;
    }
    return false;
  };
  // Inflections.
  if (!strip("ies", "y") && !strip("sses", "ss") && !strip("xes", "x") && !strip("ches", "ch") && !strip("shes", "sh")) {
    if (s.endsWith("s") && !s.endsWith("ss") && !s.endsWith("us") && !s.endsWith("is")) strip("s");
  }
  if (strip("ing") || strip("ed")) {
    const l = s.length;
    if (l >= 4 && s[l - 1] === s[l - 2] && !"lsz".includes(s[l - 1]!)) s = s.slice(0, -1);
  }
  // Derivations, longest first.
  for (const suffix of ["ibility", "ability", "ization", "isation", "ational", "ation", "ition", "ness", "ment", "able", "ible", "ity", "ize", "ise", "ive", "ally", "ly", "er", "or"]) {
    if (strip(suffix)) break;
  }
  if (s.length > 3 && s.endsWith("e")) s = s.slice(0, -1);
  return s;
};

export const isStopWord = (part: string): boolean => STOP_WORDS.has(part);
