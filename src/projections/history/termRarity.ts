import type Database from "better-sqlite3";
import { wordKey } from "./wordKey.js";

/** A task word and how many searched commits hold it (by its wordKey: an estimate). */
export interface RatedTerm {
  readonly term: string;
  readonly docs: number;
}

/** Most words one message search matches: the cost of a search is reading each word's list of commits. */
export const MAX_SEARCHED_TERMS = 16;
/**
 * A word in more than this share of the searched commits is common: it adds little to a commit's
 * score (bm25's idf is near its floor) and costs the most to read. Left out unless the task has
 * too few rarer words.
 */
export const COMMON_SHARE = 0.1;
/** A task of common words only still searches by its rarest few. */
const MIN_TERMS = 3;

/**
 * The words worth searching for, rarest first: none the commits never hold (they match
 * nothing), one per key, common ones only to make up MIN_TERMS, at most MAX_SEARCHED_TERMS.
 */
export const chooseTerms = (rated: ReadonlyArray<RatedTerm>, searched: number): string[] => {
  const byKey = new Map<string, RatedTerm>();
  for (const r of rated) {
    const key = wordKey(r.term);
    if (r.docs > 0 && !byKey.has(key)) byKey.set(key, r);
  }
  const rarest = [...byKey.values()].sort((x, y) => x.docs - y.docs);
  const common = searched * COMMON_SHARE;
  const kept: string[] = [];
  for (const r of rarest) {
    if (kept.length >= MAX_SEARCHED_TERMS || (r.docs > common && kept.length >= MIN_TERMS)) break;
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
