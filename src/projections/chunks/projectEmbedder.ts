import * as Either from "effect/Either";
import type { NemesisConfig, NemesisPaths } from "../../config/index.js";
import {
  createEmbedder,
  openEmbeddingCache,
  resolveProvider,
  settingsFromConfig,
  type CachedEmbedder,
} from "../embed/index.js";

export interface ProjectEmbedder {
  /** Null when `embedding.provider = "none"`: no vectors are computed or stored, search is keyword-only. */
  readonly embedder: CachedEmbedder | null;
  /** Embed while applying events: true for the embedded default (fast, local, cannot fail). */
  readonly inline: boolean;
  close(): void;
}

/**
 * The project's embedder behind its embedding cache (`.nemesis/embeddings.db`), so a replay
 * or re-index of unchanged chunks never reaches the provider. Remote and ONNX providers are
 * not run inline: rows are written first and the backfill embeds them. With provider "none"
 * the cache is not even opened.
 */
export const projectEmbedder = (paths: NemesisPaths, config: NemesisConfig): ProjectEmbedder => {
  const settings = settingsFromConfig(config.embedding);
  const provider = resolveProvider(settings);
  if (provider === "none") return { embedder: null, inline: false, close: () => {} };
  const cache = openEmbeddingCache(paths.embeddingCache);
  const created = createEmbedder(settings, { cache });
  if (Either.isLeft(created)) {
    cache.close();
    // A tagged error: the CLI reports it as the one line it is, not as a bug.
    throw created.left;
  }
  return { embedder: created.right, inline: provider === "default", close: () => cache.close() };
};
