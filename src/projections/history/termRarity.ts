import type Database from "better-sqlite3";
import { wordKey } from "./wordKey.js";

/** A task word and how many searched commits hold it (by its wordKey: an estimate). */
export interface RatedTerm {
  readonly term: string;
  readonly docs: number;
}

/** Most words one message search matches. */
export const MAX_SEARCHED_TERMS = 16;
/**
 * A word in more than this share of the searched commits is common: it adds little to a commit's
 * score (bm25's idf is near its floor) and costs the most to read. Left out unless the task has
 * too few rarer words.
 */
export const COMMON_SHARE = 0.05;
/**
 * The cost of a search is reading each word's list of commits: the words kept hold at most this
 * share of the searched commits between them (counted with repeats), whatever the task's length.
 */
export const READ_SHARE = 0.2;
/** A task of common words only still searches by its rarest few. */
const MIN_TERMS = 3;

/**
 * The words worth searching for, rarest first: none the commits never hold (they match
 * nothing), one per key, at most MAX_SEARCHED_TERMS, none common and no more than READ_SHARE
 * of the commits read in all, except to make up MIN_TERMS.
 */
export const chooseTerms = (rated: ReadonlyArray<RatedTerm>, searched: number): string[] => {
  const byKey = new Map<string, RatedTerm>();
  for (const r of rated) {
    const key = wordKey(r.term);
    if (r.docs > 0 && !byKey.has(key)) byKey.set(key, r);
  }
  const rarest = [...byKey.values()].sort((x, y) => x.docs - y.docs);
  const kept: string[] = [];
  let read = 0;
  for (const r of rarest) {
    read += r.docs;
    const tooMuch = r.docs > searched * COMMON_SHARE || read > searched * READ_SHARE;
    if (kept.length >= MAX_SEARCHED_TERMS || (tooMuch && kept.length >= MIN_TERMS)) break;
    kept.push(r.term);
  }
  return kept;
};

/** How many searched commits hold each word, from the `word_docs` counts the projector keeps. */
export class TermRarity {
  private readonly docs: Database.Statement;
  private readonly searched: Database.Statement;

  constructor(db: Database.Database) {
    this.docs = db.prepare("SELECT docs FROM word_docs WHERE word = ?").pluck();
    this.searched = db.prepare("SELECT n FROM totals WHERE name = 'weighted'").pluck();
  }

  /** Each word with its count, and how many commits are searched in all. */
  rate(words: ReadonlyArray<string>): { readonly rated: RatedTerm[]; readonly searched: number } {
    const rated = words.map((term) => ({ term, docs: (this.docs.get(wordKey(term)) as number | undefined) ?? 0 }));
    return { rated, searched: (this.searched.get() as number | undefined) ?? 0 };
  }
}
