import type OpenAI from "openai";
import { countTokens } from "../../shared/index.js";
import { EmbedderError, normalize, type Embedder } from "./Embedder.js";
import { batchForApi, truncateToTokens } from "./openaiBatches.js";

export interface OpenAIEmbedderOptions {
  readonly apiKey: string;
  /** Default text-embedding-3-small. */
  readonly model?: string;
  /** Any server speaking the OpenAI embeddings API; default https://api.openai.com/v1. */
  readonly baseUrl?: string;
  /** Requested output size (text-embedding-3-* can shorten); default the model's native size. */
  readonly dimensions?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Per-request timeout in milliseconds (default 60 s). */
  readonly timeoutMs?: number;
}

export interface RetryPolicy {
  /** Attempts per request, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 30_000 };
export const DEFAULT_OPENAI_MODEL = "text-embedding-3-small";
export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
const NATIVE_DIMENSIONS: Record<string, number> = {
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
};

const PROVIDER = "openai";
const firstLine = (s: string) => (s.split("\n")[0] ?? "").slice(0, 200);

/** Milliseconds the server asked us to wait (`retry-after-ms`, `retry-after` seconds or date), if it said. */
const retryAfterMs = (headers: Headers | undefined): number | null => {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const after = headers?.get("retry-after");
  if (!after) return null;
  if (Number.isFinite(Number(after))) return Number(after) * 1000;
  const at = Date.parse(after);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
};

/** A provider failure as an EmbedderError, plus how long to wait before trying again (null: don't). */
type OpenAISdk = typeof import("openai");
// Loaded on first use: every process that never calls OpenAI (the embedded default) skips loading its module.
let sdk: Promise<OpenAISdk> | undefined;
const loadSdk = (): Promise<OpenAISdk> => (sdk ??= import("openai"));

const classify = (e: unknown, model: string, baseUrl: string, { APIConnectionError, APIError }: OpenAISdk): { error: EmbedderError; waitMs: number | null } => {
  if (e instanceof APIConnectionError) {
    return { error: new EmbedderError({ provider: PROVIDER, retryable: true, reason: `cannot reach ${baseUrl}: ${firstLine(e.message)}` }), waitMs: 0 };
  }
  if (e instanceof APIError && typeof e.status === "number") {
    const status = e.status;
    if (status === 401) {
      return {
        error: new EmbedderError({
          provider: PROVIDER,
          status,
          retryable: false,
          reason: `OPENAI_API_KEY was rejected (401): check the key or set embedding.provider = "default" in .nemesis/config.toml`,
        }),
        waitMs: null,
      };
    }
    if (status === 429 && e.code === "insufficient_quota") {
      return {
        error: new EmbedderError({ provider: PROVIDER, status, retryable: true, reason: `quota exhausted (429 insufficient_quota): check the account's billing; vectors are added once it works again` }),
        waitMs: null,
      };
    }
    if (status === 429 || status === 408 || status === 409 || status >= 500) {
      return {
        error: new EmbedderError({ provider: PROVIDER, status, retryable: true, reason: `${status === 429 ? "rate limited" : "server error"} (${status}): ${firstLine(e.message)}` }),
        waitMs: retryAfterMs(e.headers) ?? 0,
      };
    }
    const hint =
      status === 404 ? `model "${model}" not found at ${baseUrl}: check embedding.model` : status === 403 ? "the key may not use this model or project" : firstLine(e.message);
    return { error: new EmbedderError({ provider: PROVIDER, status, retryable: false, reason: `request refused (${status}): ${hint}` }), waitMs: null };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { error: new EmbedderError({ provider: PROVIDER, retryable: true, reason: firstLine(message) }), waitMs: 0 };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * OpenAI embeddings (or any server speaking that API at `baseUrl`). Inputs are batched to the
 * API's limits (2,048 inputs and ~300k tokens per request; each input cut to 8,191 tokens);
 * 429, 5xx and network failures are retried with exponential backoff and jitter, honouring
 * `retry-after`; a rejected key fails at once with a one-line message.
 */
export const createOpenAIEmbedder = (options: OpenAIEmbedderOptions): Embedder => {
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const baseUrl = (options.baseUrl ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, "");
  const dimensions = options.dimensions ?? NATIVE_DIMENSIONS[model] ?? 1536;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  // Our own retry loop (the SDK's is off) so the policy is explicit and testable.
  let client: OpenAI | undefined;
  const clientOf = (api: OpenAISdk): OpenAI =>
    (client ??= new api.default({ apiKey: options.apiKey, baseURL: baseUrl, maxRetries: 0, timeout: options.timeoutMs ?? 60_000 }));
  const where = baseUrl === DEFAULT_OPENAI_BASE_URL ? "" : `@${baseUrl.replace(/^https?:\/\//, "")}`;

  const request = async (inputs: string[]): Promise<Float32Array[]> => {
    const api = await loadSdk();
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await clientOf(api).embeddings.create({
          model,
          input: inputs,
          encoding_format: "float",
          ...(options.dimensions !== undefined ? { dimensions: options.dimensions } : {}),
        });
        const out: Float32Array[] = new Array(inputs.length);
        for (const d of res.data) out[d.index] = normalize(Float32Array.from(d.embedding));
        for (let i = 0; i < inputs.length; i++) {
          const v = out[i];
          if (v === undefined) {
            throw new EmbedderError({ provider: PROVIDER, retryable: true, reason: `response lacks input #${i} (${res.data.length} of ${inputs.length} vectors)` });
          }
          if (v.length !== dimensions) {
            throw new EmbedderError({
              provider: PROVIDER,
              retryable: false,
              reason: `model "${model}" returned ${v.length} dimensions, expected ${dimensions}: set embedding.dimensions = ${v.length}`,
            });
          }
        }
        return out;
      } catch (e) {
        if (e instanceof EmbedderError) throw e;
        const { error, waitMs } = classify(e, model, baseUrl, api);
        if (waitMs === null || attempt >= retry.maxAttempts) {
          if (!error.retryable || waitMs === null) throw error;
          throw new EmbedderError({
            provider: PROVIDER,
            retryable: true,
            ...(error.status !== undefined ? { status: error.status } : {}),
            reason: `${error.reason} (gave up after ${attempt} attempts; will retry later)`,
          });
        }
        const backoff = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
        const jittered = backoff / 2 + Math.random() * (backoff / 2);
        await sleep(Math.min(retry.maxDelayMs, Math.max(waitMs, jittered)));
      }
    }
  };

  const embedDocuments = async (texts: ReadonlyArray<string>): Promise<Float32Array[]> => {
    const out: Float32Array[] = new Array(texts.length);
    // The API rejects empty inputs; an empty text has no meaning to embed anyway.
    const todo: number[] = [];
    texts.forEach((t, i) => {
      if (t.trim().length === 0) out[i] = new Float32Array(dimensions);
      else todo.push(i);
    });
    const inputs = await Promise.all(todo.map((i) => truncateToTokens(texts[i]!)));
    for (const batch of batchForApi(inputs.map((t) => countTokens(t)))) {
      const vectors = await request(batch.map((j) => inputs[j]!));
      batch.forEach((j, k) => {
        out[todo[j]!] = vectors[k]!;
      });
    }
    return out;
  };

  return {
    id: `openai:${model}${where}-${dimensions}`,
    dimensions,
    embedDocuments,
    embedQuery: async (text) => (await embedDocuments([text]))[0]!,
  };
};
