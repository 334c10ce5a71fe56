import * as Either from "effect/Either";
import { createEmbedder, resolveProvider, type EmbeddingSettings } from "./createEmbedder.js";
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL } from "./openaiEmbedder.js";

/** The embedder a project's settings give, and where chunk text goes: what `init`, `index` and `status` tell the user. */
export interface EmbeddingDescription {
  readonly provider: "default" | "openai" | "local" | "none";
  /** The embedded default's id, the OpenAI model, the ONNX model's directory; null without one. */
  readonly model: string | null;
  /** Where chunk text is sent to be embedded; null when it never leaves this machine. */
  readonly sendsTo: string | null;
  /** Why it cannot embed as configured (no key, no model), saying what to do; null when it can. */
  readonly problem: string | null;
  /** The config still says provider = "auto", which no longer sends anything to OpenAI. */
  readonly autoIsOffline: boolean;
}

export const describeEmbedding = (
  settings: EmbeddingSettings,
  env: Readonly<Record<string, string | undefined>> = process.env,
): EmbeddingDescription => {
  const provider = resolveProvider(settings);
  const autoIsOffline = settings.provider === "auto";
  if (provider === "none") return { provider, model: null, sendsTo: null, problem: null, autoIsOffline };
  const created = createEmbedder(settings, { env });
  const problem = Either.isLeft(created) ? created.left.reason : null;
  switch (provider) {
    case "default":
      return { provider, model: Either.isRight(created) ? created.right.id : null, sendsTo: null, problem, autoIsOffline };
    case "openai":
      return {
        provider,
        model: settings.model ?? DEFAULT_OPENAI_MODEL,
        sendsTo: (settings.baseUrl ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, ""),
        problem,
        autoIsOffline,
      };
    case "local":
      return { provider, model: settings.modelPath ?? null, sendsTo: null, problem, autoIsOffline };
  }
};

/** One line: the embedder, then where chunk text goes (e.g. `openai text-embedding-3-small — chunk text is sent to https://api.openai.com/v1`). */
export const embeddingText = (d: EmbeddingDescription): string => {
  const what =
    d.provider === "none"
      ? "none (no vectors: search is keyword-only)"
      : d.sendsTo !== null
        ? `${d.provider} ${d.model} — chunk text is sent to ${d.sendsTo}`
        : `${d.provider}${d.model === null ? "" : ` ${d.model}`} (offline: nothing leaves this machine)`;
  const note = d.autoIsOffline ? `; provider "auto" means this offline embedder now: write provider = "openai" to use OpenAI` : "";
  return `${what}${note}${d.problem === null ? "" : `; cannot embed: ${d.problem}`}`;
};
