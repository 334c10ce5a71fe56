import type { Embedder } from "./Embedder.js";
import { textKey, type EmbeddingCache } from "./EmbeddingCache.js";
import { encodeVector } from "./vectorBlob.js";

/** An embedder that asks its provider only for texts the cache has not seen under its model id. */
export interface CachedEmbedder extends Embedder {
  /**
   * `embedDocuments` in the stored form (vectorBlob.ts): cached vectors are handed over as the
   * cache holds them, so a replay never decodes and re-encodes what it only copies.
   */
  embedDocumentBlobs(texts: ReadonlyArray<string>): Promise<Buffer[]>;
  /** Cached vectors only, never calling the provider: null where a text is not cached. */
  peekDocuments(texts: ReadonlyArray<string>): Array<Float32Array | null>;
  /** What reached the provider: calls made and texts sent (tests prove a replay makes none). */
  readonly stats: { readonly providerCalls: number; readonly providerTexts: number; readonly cacheHits: number };
}

// Queries share the cache but never a document's key: some models embed them differently.
const queryKey = (text: string) => textKey(`\u0000query\u0000${text}`);

interface MissingText {
  readonly text: string;
  readonly key: Buffer;
  /** Every index of the batch holding this text. */
  readonly at: number[];
}

/** The texts the cache lacks, each distinct one once however often it repeats (the provider sees it once). */
const missingTexts = (
  texts: ReadonlyArray<string>,
  keys: ReadonlyArray<Buffer>,
  hit: ReadonlyArray<boolean>,
  stats: { cacheHits: number },
): Map<string, MissingText> => {
  const missing = new Map<string, MissingText>();
  hit.forEach((isHit, i) => {
    if (isHit) {
      stats.cacheHits++;
      return;
    }
    const id = keys[i]!.toString("hex");
    const m = missing.get(id);
    if (m) m.at.push(i);
    else missing.set(id, { text: texts[i]!, key: keys[i]!, at: [i] });
  });
  return missing;
};

export const cachedEmbedder = (inner: Embedder, cache: EmbeddingCache): CachedEmbedder => {
  const stats = { providerCalls: 0, providerTexts: 0, cacheHits: 0 };
  const usable = (v: Float32Array | undefined): v is Float32Array => v !== undefined && v.length === inner.dimensions;

  const embedDocuments = async (texts: ReadonlyArray<string>): Promise<Float32Array[]> => {
    const keys = texts.map(textKey);
    const found = cache.getMany(inner.id, keys, inner.dimensions);
    const missing = missingTexts(texts, keys, found.map(usable), stats);
    const out = found as Array<Float32Array | undefined>;
    if (missing.size > 0) {
      const todo = [...missing.values()];
      stats.providerCalls++;
      stats.providerTexts += todo.length;
      const vectors = await inner.embedDocuments(todo.map((m) => m.text));
      cache.putMany(
        inner.id,
        todo.map((m, j) => ({ key: m.key, vector: vectors[j]! })),
      );
      todo.forEach((m, j) => {
        for (const i of m.at) out[i] = vectors[j]!;
      });
    }
    return out as Float32Array[];
  };

  const embedDocumentBlobs = async (texts: ReadonlyArray<string>): Promise<Buffer[]> => {
    const keys = texts.map(textKey);
    const found = cache.getBlobs(inner.id, keys, inner.dimensions);
    // A missing text's vector is encoded once, for the cache and the caller alike.
    const missing = missingTexts(texts, keys, found.map((b) => b !== undefined), stats);
    const out = found as Buffer[];
    if (missing.size > 0) {
      const todo = [...missing.values()];
      stats.providerCalls++;
      stats.providerTexts += todo.length;
      const vectors = await inner.embedDocuments(todo.map((m) => m.text));
      const blobs = vectors.map((v) => encodeVector(v, inner.dimensions));
      cache.putBlobs(
        inner.id,
        todo.map((m, j) => ({ key: m.key, blob: blobs[j]! })),
      );
      todo.forEach((m, j) => {
        for (const i of m.at) out[i] = blobs[j]!;
      });
    }
    return out;
  };

  return {
    id: inner.id,
    dimensions: inner.dimensions,
    stats,
    embedDocuments,
    embedDocumentBlobs,
    embedQuery: async (text) => {
      const key = queryKey(text);
      const [hit] = cache.getMany(inner.id, [key], inner.dimensions);
      if (usable(hit)) {
        stats.cacheHits++;
        return hit;
      }
      stats.providerCalls++;
      stats.providerTexts++;
      const v = await inner.embedQuery(text);
      cache.putMany(inner.id, [{ key, vector: v }]);
      return v;
    },
    peekDocuments: (texts) => cache.getMany(inner.id, texts.map(textKey), inner.dimensions).map((v) => (usable(v) ? v : null)),
  };
};
