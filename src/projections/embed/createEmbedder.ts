import * as Either from "effect/Either";
import { cachedEmbedder, type CachedEmbedder } from "./cachedEmbedder.js";
import { EmbedderError, type Embedder } from "./Embedder.js";
import type { EmbeddingCache } from "./EmbeddingCache.js";
import { createHashEmbedder, DEFAULT_HASH_OPTIONS } from "./localDefaultEmbedder.js";
import { createOnnxEmbedder } from "./onnxEmbedder.js";
import { createOpenAIEmbedder, type RetryPolicy } from "./openaiEmbedder.js";

export interface EmbeddingSettings {
  /**
   * Unset or "default": the embedded offline embedder. "openai" only when written in the config:
   * sending code to a third party is a choice, never the side effect of a key in the environment.
   * "auto" (older configs) means "default". "none": no vectors (keyword search only).
   */
  readonly provider?: "auto" | "default" | "openai" | "local" | "none";
  readonly model?: string;
  readonly baseUrl?: string;
  readonly modelPath?: string;
  readonly dimensions?: number;
}

/** The `[embedding]` table of .nemesis/config.toml, as the config loader decodes it. */
export interface EmbeddingConfigSection {
  readonly provider?: "auto" | "default" | "openai" | "local" | "none";
  readonly model?: string | undefined;
  readonly base_url?: string | undefined;
  readonly model_path?: string | undefined;
  readonly dimensions?: number | undefined;
}

export const settingsFromConfig = (section: EmbeddingConfigSection): EmbeddingSettings => ({
  ...(section.provider !== undefined ? { provider: section.provider } : {}),
  ...(section.model !== undefined ? { model: section.model } : {}),
  ...(section.base_url !== undefined ? { baseUrl: section.base_url } : {}),
  ...(section.model_path !== undefined ? { modelPath: section.model_path } : {}),
  ...(section.dimensions !== undefined ? { dimensions: section.dimensions } : {}),
});

export interface CreateEmbedderOptions {
  /** Where OPENAI_API_KEY is read (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** When given, the embedder is wrapped so only cache misses reach the provider. */
  readonly cache?: EmbeddingCache;
  readonly openaiRetry?: Partial<RetryPolicy>;
}

/** The provider `settings` name: "auto", which once meant OpenAI whenever OPENAI_API_KEY was set, is the offline default. */
export const resolveProvider = (settings: EmbeddingSettings): "default" | "openai" | "local" | "none" => {
  const p = settings.provider ?? "default";
  return p === "auto" ? "default" : p;
};

/**
 * The project's embedder from its settings: the embedded default, OpenAI, or a local ONNX
 * model; a settings problem (no key for "openai", no model for "local") is a value, not a throw.
 * "none" has no embedder: callers check `resolveProvider` first (see projectEmbedder).
 */
export function createEmbedder(settings: EmbeddingSettings, options: CreateEmbedderOptions & { cache: EmbeddingCache }): Either.Either<CachedEmbedder, EmbedderError>;
export function createEmbedder(settings: EmbeddingSettings, options?: CreateEmbedderOptions): Either.Either<Embedder, EmbedderError>;
export function createEmbedder(settings: EmbeddingSettings, options: CreateEmbedderOptions = {}): Either.Either<Embedder, EmbedderError> {
  const env = options.env ?? process.env;
  const provider = resolveProvider(settings);
  let inner: Embedder | EmbedderError;
  switch (provider) {
    case "default":
      inner = createHashEmbedder({ dimensions: settings.dimensions ?? DEFAULT_HASH_OPTIONS.dimensions });
      break;
    case "openai": {
      const apiKey = (env["OPENAI_API_KEY"] ?? "").trim();
      inner =
        apiKey.length === 0
          ? new EmbedderError({
              provider: "openai",
              retryable: false,
              reason: `embedding.provider = "openai" needs OPENAI_API_KEY in the environment (or set provider = "default" in .nemesis/config.toml)`,
            })
          : createOpenAIEmbedder({
              apiKey,
              ...(settings.model !== undefined ? { model: settings.model } : {}),
              ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}),
              ...(settings.dimensions !== undefined ? { dimensions: settings.dimensions } : {}),
              ...(options.openaiRetry !== undefined ? { retry: options.openaiRetry } : {}),
            });
      break;
    }
    case "none":
      inner = new EmbedderError({
        provider: "none",
        retryable: false,
        reason: `embedding.provider = "none" turns vectors off: there is no embedder to create (search runs keyword-only)`,
      });
      break;
    case "local":
      inner =
        settings.modelPath === undefined
          ? new EmbedderError({
              provider: "local",
              retryable: false,
              reason: `embedding.provider = "local" needs embedding.model_path: install @huggingface/transformers and point embedding.model_path at a directory with model.onnx + tokenizer.json`,
            })
          : createOnnxEmbedder({
              modelPath: settings.modelPath,
              ...(settings.dimensions !== undefined ? { dimensions: settings.dimensions } : {}),
            });
      break;
  }
  if (inner instanceof EmbedderError) return Either.left(inner);
  return Either.right(options.cache ? cachedEmbedder(inner, options.cache) : inner);
}
