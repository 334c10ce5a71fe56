import type { NemesisConfig, NemesisPaths } from "../../config/index.js";
import type { Embedder } from "../embed/Embedder.js";
import { createHashEmbedder } from "../embed/localDefaultEmbedder.js";

/**
 * The embedder the chunk model uses for a project, and whether it is fast enough to run while
 * applying events. One place to change when the provider factory and the embedding cache land.
 */
export const projectEmbedder = (_paths: NemesisPaths, _config: NemesisConfig): { embedder: Embedder; inline: boolean } => {
  const embedder = createHashEmbedder();
  return { embedder, inline: true };
};
