import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_WEIGHTS, ChunkReader } from "../../../src/projections/chunks/ChunkReader.js";
import type { ChunkRow } from "../../../src/projections/chunks/ChunkRow.js";
import { KeywordIndex } from "../../../src/projections/chunks/KeywordIndex.js";
import { keywordIndexPath } from "../../../src/projections/chunks/keywordIndexPath.js";

// keywordChunks reads the best rows from the full-text index first and joins only those to the
// chunk table; it must answer exactly what the one joined query (BM25, then id) answers, ties
// at the cut included.

const WORDS = ["alpha", "beta", "gamma", "delta", "render", "shape", "square", "order", "price", "total", "fee", "user", "login", "café", "naïve"];
const text = (n: number) => Array.from({ length: 3 + (n % 17) }, (_, k) => WORDS[(n * 7 + k * k * 3) % WORDS.length]).join(" ");

let dir: string;
let reader: ChunkReader;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "nemesis-keyword-chunks-"));
  const index = KeywordIndex.open(keywordIndexPath(dir));
  index.transaction(() => {
    // 400 files of varied text, and 300 copies of one text (ties beyond any margin), under
    // paths whose order differs between UTF-16 and UTF-8 (é, and a character above U+FFFF).
    for (let n = 0; n < 400; n++) {
      const path = `src/${n % 3 === 0 ? "é" : n % 3 === 1 ? "𝒜" : "z"}/f${n}.ts`;
      const rows: ChunkRow[] = [0, 1].map((i) => ({ id: `${path}#${i}`, path, symbol: null, kind: "Module", language: "typescript", startLine: i * 10 + 1, endLine: i * 10 + 9, text: text(n * 2 + i) }));
      index.replaceFile(path, "typescript", rows);
    }
    for (let n = 0; n < 300; n++) {
      const path = `same/${n % 2 ? "ｚ" : "𐀀"}${n}.ts`;
      index.replaceFile(path, "typescript", [{ id: `${path}#0`, path, symbol: null, kind: "Module", language: "typescript", startLine: 1, endLine: 2, text: "shared duplicate words" }]);
    }
  });
  index.close();
  reader = (await ChunkReader.open(dir))!;
});
afterAll(() => {
  reader?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The one joined query keywordChunks used to run, as the reference. */
const joined = (terms: ReadonlyArray<string>, limit: number) => {
  const w = CHUNK_WEIGHTS;
  return reader.db
    .prepare(
      `SELECT c.id AS id, c.path AS path, -bm25(chunk_terms, ${w.path}, ${w.symbol}, ${w.body}) AS score
       FROM chunk_terms JOIN chunks c ON c.rowid = chunk_terms.rowid
       WHERE chunk_terms MATCH ? ORDER BY bm25(chunk_terms, ${w.path}, ${w.symbol}, ${w.body}), c.id LIMIT ?`,
    )
    .all(terms.map((t) => `"${t}"`).join(" OR "), limit);
};

describe("keywordChunks", () => {
  it("answers what the joined query answers, for any terms and limit", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...WORDS, "shared", "duplicate", "nowhere"), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 400 }), (terms, limit) => {
        expect(reader.keywordChunks(terms, limit)).toEqual(joined(terms, limit));
      }),
      { numRuns: 300 },
    );
  });

  it("orders 300 tied rows by id as SQLite does (UTF-8 bytes), whether it reads them all or leaves them to the joined query", () => {
    // 280: every tied row is read, then sorted here; 200: the ties run past what is read.
    for (const limit of [280, 200]) {
      const hits = reader.keywordChunks(["shared"], limit);
      expect(hits).toEqual(joined(["shared"], limit));
      expect(new Set(hits.map((h) => h.score)).size).toBe(1);
    }
    const ids = reader.keywordChunks(["shared"], 280).map((h) => h.id);
    expect(ids.indexOf("same/ｚ1.ts#0")).toBeLessThan(ids.indexOf("same/𐀀0.ts#0"));
  });
});
