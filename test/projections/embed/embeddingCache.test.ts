import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEmbeddingCache, textKey } from "../../../src/projections/embed/EmbeddingCache.js";
import { createHashEmbedder } from "../../../src/projections/embed/localDefaultEmbedder.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nemesis-embedding-cache-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const D = 768;
const dense = (seed: number) => {
  const v = Float32Array.from({ length: D }, (_, j) => Math.sin(seed * 31 + j));
  return v;
};

describe("the embedding cache's stored form", () => {
  it("gives back exactly the vectors put, sparse and dense alike, and stores sparse ones in fewer bytes", async () => {
    const path = join(dir, "embeddings.db");
    const cache = openEmbeddingCache(path);
    const [sparse] = await createHashEmbedder().embedDocuments(["export function parseFloat(text: string) { return Number(text); }"]);
    const entries = [
      { key: textKey("sparse"), vector: sparse! },
      { key: textKey("dense"), vector: dense(1) },
    ];
    cache.putMany("m", entries);
    const got = cache.getMany("m", entries.map((e) => e.key), D);
    expect(Array.from(got[0]!)).toEqual(Array.from(sparse!));
    expect(Array.from(got[1]!)).toEqual(Array.from(dense(1)));
    cache.close();
    const db = new Database(path, { readonly: true });
    const sizes = db.prepare("SELECT length(vector) FROM embeddings WHERE key = ?").pluck();
    expect(sizes.get(textKey("sparse"))).toBeLessThan(D * 4);
    expect(sizes.get(textKey("dense"))).toBe(D * 4);
    expect(db.pragma("page_size", { simple: true })).toBe(8192);
    db.close();
  });

  it("reads the dense rows an older cache holds, and never a vector of other dimensions", () => {
    const path = join(dir, "old.db");
    const old = new Database(path);
    old.exec("CREATE TABLE embeddings (model TEXT NOT NULL, key BLOB NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (model, key)) WITHOUT ROWID");
    const v = dense(2);
    old.prepare("INSERT INTO embeddings VALUES (?, ?, ?)").run("m", textKey("a"), Buffer.from(v.buffer));
    old.close();
    const cache = openEmbeddingCache(path);
    expect(Array.from(cache.getMany("m", [textKey("a")], D)[0]!)).toEqual(Array.from(v));
    expect(cache.getMany("m", [textKey("a")], 384)[0]).toBeUndefined();
    expect(cache.getMany("m", [textKey("missing")], D)[0]).toBeUndefined();
    cache.close();
  });
});

describe("cachedEmbedder.embedDocumentBlobs", () => {
  it("hands over the vectors embedDocuments gives, encoded, reaching the provider once per distinct text", async () => {
    const { cachedEmbedder } = await import("../../../src/projections/embed/cachedEmbedder.js");
    const { decodeVector } = await import("../../../src/projections/embed/vectorBlob.js");
    const inner = createHashEmbedder();
    let texts = 0;
    const counting = { ...inner, embedDocuments: (t: ReadonlyArray<string>) => ((texts += t.length), inner.embedDocuments(t)) };
    const cache = openEmbeddingCache(join(dir, "blobs.db"));
    const e = cachedEmbedder(counting, cache);
    const input = ["def a(x): return x", "class B: pass", "def a(x): return x"];
    const blobs = await e.embedDocumentBlobs(input);
    expect(texts).toBe(2);
    const expected = await inner.embedDocuments(input);
    blobs.forEach((b, i) => expect(Array.from(decodeVector(b, inner.dimensions)!)).toEqual(Array.from(expected[i]!)));
    const again = await e.embedDocumentBlobs(input);
    expect(texts).toBe(2);
    expect(again.map((b) => b.toString("hex"))).toEqual(blobs.map((b) => b.toString("hex")));
    expect((await e.embedDocuments(input)).map((v) => Array.from(v))).toEqual(expected.map((v) => Array.from(v)));
    expect(texts).toBe(2);
    cache.close();
  });
});
