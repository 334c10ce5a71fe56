import type Database from "better-sqlite3";
import { messageTerms } from "./messageQuery.js";
import { wordKey } from "./wordKey.js";

/**
 * What one batch of commits adds to the counts of history.db, summed in memory and written once
 * at its end: a pair of files (or a file, or a word) that many commits of the batch share is one
 * upsert, not one per commit.
 */

/** Per pair of file ids (smaller first), the weighted commits that touched both and the newest of them. */
export class PairCounts {
  private readonly pairs = new Map<number, Map<number, { together: number; lastTime: number }>>();

  add(ids: ReadonlyArray<number>, time: number): void {
    const sorted = [...ids].sort((x, y) => x - y);
    for (let i = 0; i < sorted.length; i++) {
      let row = this.pairs.get(sorted[i]!);
      if (row === undefined) this.pairs.set(sorted[i]!, (row = new Map()));
      for (let j = i + 1; j < sorted.length; j++) {
        const kept = row.get(sorted[j]!);
        if (kept === undefined) row.set(sorted[j]!, { together: 1, lastTime: time });
        else {
          kept.together++;
          if (time > kept.lastTime) kept.lastTime = time;
        }
      }
    }
  }

  /** `addPair` takes (a, b, together, lastTime). */
  writeTo(addPair: Database.Statement): void {
    for (const [a, row] of this.pairs) for (const [b, { together, lastTime }] of row) addPair.run(a, b, together, lastTime);
  }
}

/** Per file id, the plain commits that touched it, those of them that carry weight, and the newest. */
export class FileCounts {
  private readonly files = new Map<number, { commits: number; weighted: number; lastTime: number }>();

  add(id: number, weighted: boolean, time: number): void {
    const kept = this.files.get(id);
    if (kept === undefined) this.files.set(id, { commits: 1, weighted: weighted ? 1 : 0, lastTime: time });
    else {
      kept.commits++;
      if (weighted) kept.weighted++;
      if (time > kept.lastTime) kept.lastTime = time;
    }
  }

  /** `addToFile` takes (commits, weighted, lastTime, id). */
  writeTo(addToFile: Database.Statement): void {
    for (const [id, { commits, weighted, lastTime }] of this.files) addToFile.run(commits, weighted, lastTime, id);
  }
}

/** Per word key (see wordKey), the weighted commits whose message holds it. */
export class WordCounts {
  private readonly docs = new Map<string, number>();

  add(message: string): void {
    const keys = new Set(messageTerms(message, Number.MAX_SAFE_INTEGER).map(wordKey));
    for (const k of keys) this.docs.set(k, (this.docs.get(k) ?? 0) + 1);
  }

  /** `addWord` takes (word, docs). */
  writeTo(addWord: Database.Statement): void {
    for (const [word, n] of this.docs) addWord.run(word, n);
  }
}
