import { countTokens } from "../../shared/index.js";

/** The embeddings API's documented limits. */
export const MAX_INPUTS_PER_REQUEST = 2048;
export const MAX_TOKENS_PER_REQUEST = 300_000;
export const MAX_TOKENS_PER_INPUT = 8191;
/** Our token counts are estimates (within ~5%, worst ~15%): stay clear of the hard limits. */
const REQUEST_TOKEN_BUDGET = Math.floor(MAX_TOKENS_PER_REQUEST * 0.8);
const INPUT_ESTIMATE_CEILING = Math.floor(MAX_TOKENS_PER_INPUT * 0.8);

/** Groups input indices into requests within the per-request input and token limits, in order. */
export const batchForApi = (tokenCounts: ReadonlyArray<number>): number[][] => {
  const batches: number[][] = [];
  let cur: number[] = [];
  let tokens = 0;
  tokenCounts.forEach((t, i) => {
    if (cur.length > 0 && (cur.length >= MAX_INPUTS_PER_REQUEST || tokens + t > REQUEST_TOKEN_BUDGET)) {
      batches.push(cur);
      cur = [];
      tokens = 0;
    }
    cur.push(i);
    tokens += t;
  });
  if (cur.length > 0) batches.push(cur);
  return batches;
};

let encoder: Promise<{ encode(t: string): number[]; decode(ids: number[]): string }> | null = null;
const cl100k = () => (encoder ??= import("js-tiktoken").then((m) => m.getEncoding("cl100k_base")));

/**
 * `text` cut to the API's per-input token limit. Only texts whose estimate comes near the limit
 * pay for exact tokenisation (js-tiktoken is slow and loaded only then).
 */
export const truncateToTokens = async (text: string, limit = MAX_TOKENS_PER_INPUT): Promise<string> => {
  if (countTokens(text) <= Math.min(limit, INPUT_ESTIMATE_CEILING)) return text;
  const enc = await cl100k();
  const ids = enc.encode(text);
  return ids.length <= limit ? text : enc.decode(ids.slice(0, limit));
};
