import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedEmbedder } from "../../../src/projections/embed/cachedEmbedder.js";
import { EmbedderError, type Embedder } from "../../../src/projections/embed/Embedder.js";
import { openEmbeddingCache, textKey } from "../../../src/projections/embed/EmbeddingCache.js";
import { createHashEmbedder } from "../../../src/projections/embed/localDefaultEmbedder.js";

/** A provider that counts what reaches it and can be switched off, around the real hash embedder. */
const countingProvider = (id = "hash-test-64") => {
  const inner = createHashEmbedder({ dimensions: 64 });
  const seen: string[][] = [];
  let down = false;
  const provider: Embedder = {
    id,
    dimensions: 64,
    embedDocuments: async (texts) => {
      seen.push([...texts]);
      if (down) throw new EmbedderError({ provider: "test", retryable: true, reason: "down" });
      return inner.embedDocuments(texts);
    },
    embedQuery: async (t) => {
      seen.push([t]);
      return inner.embedQuery(t);
    },
  };
  return { provider, seen, setDown: (d: boolean) => (down = d) };
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nemesis-embed-cache-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const texts = Array.from({ length: 300 }, (_, i) => `export function handler${i}(req, res) { return res.send(${i}); }`);

describe("cachedEmbedder over the SQLite embedding cache", () => {
  it("embeds N texts once: a second pass, even after reopening the cache, makes zero provider calls", async () => {
    const { provider, seen } = countingProvider();
    const cache = openEmbeddingCache(join(dir, "embeddings.db"));
    const first = await cachedEmbedder(provider, cache).embedDocuments(texts);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(300);
    cache.close();

    const reopened = openEmbeddingCache(join(dir, "embeddings.db"));
    const replay = cachedEmbedder(provider, reopened);
    const second = await replay.embedDocuments(texts);
    expect(replay.stats).toEqual({ providerCalls: 0, providerTexts: 0, cacheHits: 300 });
    expect(seen).toHaveLength(1);
    expect(second.map((v) => Array.from(v))).toEqual(first.map((v) => Array.from(v)));
    expect(reopened.count(provider.id)).toBe(300);
    reopened.close();
  });

  it("sends only misses, each distinct text once, and keeps the caller's order", async () => {
    const { provider, seen } = countingProvider();
    const cache = openEmbeddingCache(join(dir, "embeddings.db"));
    const e = cachedEmbedder(provider, cache);
    await e.embedDocuments(texts.slice(0, 10));
    const mixed = [texts[20]!, texts[3]!, texts[20]!, texts[11]!, texts[3]!];
    const out = await e.embedDocuments(mixed);
    expect(seen[1]).toEqual([texts[20], texts[11]]);
    const direct = await createHashEmbedder({ dimensions: 64 }).embedDocuments(mixed);
    expect(out.map((v) => Array.from(v))).toEqual(direct.map((v) => Array.from(v)));
    cache.close();
  });

  it("keys by model id: another model misses, and a provider failure leaves cached vectors readable", async () => {
    const cache = openEmbeddingCache(join(dir, "embeddings.db"));
    const a = countingProvider("model-a-64");
    const b = countingProvider("model-b-64");
    await cachedEmbedder(a.provider, cache).embedDocuments(texts.slice(0, 5));
    b.setDown(true);
    const eb = cachedEmbedder(b.provider, cache);
    await expect(eb.embedDocuments(texts.slice(0, 5))).rejects.toMatchObject({ retryable: true });
    expect(eb.peekDocuments(texts.slice(0, 2))).toEqual([null, null]);
    const ea = cachedEmbedder(a.provider, cache);
    a.setDown(true);
    expect(ea.peekDocuments([texts[0]!, "never seen"]).map((v) => v === null)).toEqual([false, true]);
    expect((await ea.embedDocuments(texts.slice(0, 5))).length).toBe(5);
    cache.close();
  });

  it("caches queries apart from documents", async () => {
    const { provider, seen } = countingProvider();
    const cache = openEmbeddingCache(join(dir, "embeddings.db"));
    const e = cachedEmbedder(provider, cache);
    await e.embedDocuments(["same text"]);
    await e.embedQuery("same text");
    await e.embedQuery("same text");
    expect(seen).toEqual([["same text"], ["same text"]]);
    expect(cache.getMany(provider.id, [textKey("same text")], provider.dimensions)[0]).toBeInstanceOf(Float32Array);
    cache.close();
  });
});
