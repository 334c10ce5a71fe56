import type { NemesisConfig } from "../config/index.js";
import { describeEmbedding, type EmbeddingDescription, settingsFromConfig } from "../projections/index.js";

export { embeddingText, type EmbeddingDescription } from "../projections/index.js";

/** The embedder a project's `[embedding]` settings give, and where chunk text would go: what `init`, `index`, `watch` and `status` tell the user. */
export const describeConfiguredEmbedding = (section: NemesisConfig["embedding"]): EmbeddingDescription =>
  describeEmbedding(settingsFromConfig(section));
