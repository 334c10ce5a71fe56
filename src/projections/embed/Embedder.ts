import * as Data from "effect/Data";

/**
 * Turns texts into vectors. An embedding is a pure function of (`id`, text): the id names the
 * model and its dimensions, so cached vectors are reused only for the exact same model, and a
 * model change is a new id (and a rebuild of the vector column), never a silent mix.
 */
export interface Embedder {
  /** Stable model id including dimensions, e.g. `hash-v1-384`, `openai:text-embedding-3-small-1536`. */
  readonly id: string;
  readonly dimensions: number;
  /** One L2-normalised vector per text, in order. Rejects with `EmbedderError`. */
  embedDocuments(texts: ReadonlyArray<string>): Promise<Float32Array[]>;
  /** The vector for a search query (some models embed questions differently from passages). */
  embedQuery(text: string): Promise<Float32Array>;
}

/**
 * A provider could not embed. `retryable` says whether trying later may succeed (rate limit,
 * outage, network) — the chunk projector then keeps the chunks keyword-searchable and embeds
 * them when the provider is back — or not (bad key, missing model: a person must act).
 */
export class EmbedderError extends Data.TaggedError("EmbedderError")<{
  readonly provider: string;
  readonly reason: string;
  readonly retryable: boolean;
  readonly status?: number;
}> {
  override get message(): string {
    return `${this.provider} embeddings: ${this.reason}`;
  }
}

export const isEmbedderError = (e: unknown): e is EmbedderError => e instanceof EmbedderError;

/** Scales `v` to unit length in place (a zero vector stays zero) and returns it. */
export const normalize = (v: Float32Array): Float32Array => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  if (s > 0) {
    const k = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i]! *= k;
  }
  return v;
};
