export { EmbedderError, isEmbedderError, normalize, type Embedder } from "./Embedder.js";
export { openEmbeddingCache, textKey, type EmbeddingCache } from "./EmbeddingCache.js";
export { cachedEmbedder, type CachedEmbedder } from "./cachedEmbedder.js";
export {
  createEmbedder,
  resolveProvider,
  settingsFromConfig,
  type CreateEmbedderOptions,
  type EmbeddingConfigSection,
  type EmbeddingSettings,
} from "./createEmbedder.js";
export { describeEmbedding, embeddingText, type EmbeddingDescription } from "./describeEmbedding.js";
export { createHashEmbedder, DEFAULT_HASH_OPTIONS, HASH_EMBEDDER_VERSION, type HashEmbedderOptions } from "./localDefaultEmbedder.js";
export { createOpenAIEmbedder, DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL, type OpenAIEmbedderOptions, type RetryPolicy } from "./openaiEmbedder.js";
export { createOnnxEmbedder, type OnnxEmbedderOptions } from "./onnxEmbedder.js";
