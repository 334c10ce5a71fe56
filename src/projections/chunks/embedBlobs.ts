import { isDiskFullError } from "../../shared/index.js";
import type { CachedEmbedder } from "../embed/cachedEmbedder.js";
import type { Embedder } from "../embed/Embedder.js";
import { encodeVector } from "../embed/vectorBlob.js";
import type { ChunkRow } from "./ChunkRow.js";
import { embedText } from "./embedText.js";

/** Texts per call to the embedder. */
export const EMBED_BATCH = 256;

/** An embedder that can hand vectors over already encoded (the cached one). */
const hasBlobs = (e: Embedder): e is Embedder & Pick<CachedEmbedder, "embedDocumentBlobs"> =>
  typeof (e as Partial<CachedEmbedder>).embedDocumentBlobs === "function";


/**
 * Each row's vector in the stored form (embed/vectorBlob.ts), or null where the provider failed:
 * the rows stay keyword-searchable and a backfill retries; `failed` hears of each failure.
 */
export const embedBlobsOrNull = async (embedder: Embedder | null, rows: ReadonlyArray<ChunkRow>, failed: (e: unknown) => void): Promise<(Buffer | null)[]> => {
  if (!embedder) return rows.map(() => null);
  const d = embedder.dimensions;
  const out: (Buffer | null)[] = [];
  for (let i = 0; i < rows.length; i += EMBED_BATCH) {
    const batch = rows.slice(i, i + EMBED_BATCH);
    const texts = batch.map(embedText);
    try {
      if (hasBlobs(embedder)) out.push(...(await embedder.embedDocumentBlobs(texts)));
      else out.push(...(await embedder.embedDocuments(texts)).map((v) => encodeVector(v, d)));
    } catch (e) {
      // A full disk (the embedding cache could not be written) is not the provider's failure:
      // rows without vectors would pass for projected, and a one-shot run never backfills them.
      if (isDiskFullError(e)) throw e;
      failed(e);
      out.push(...batch.map(() => null));
    }
  }
  return out;
};
