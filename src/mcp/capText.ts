import { countTokens as estimateTokens } from "../shared/index.js";
import { countTokens } from "./exactTokens.js";

export { countTokens };

/** Answers stay well under the 25,000-token limit MCP clients such as Claude Code apply. */
export const MAX_RESPONSE_TOKENS = 20_000;

/**
 * `text` cut at a line boundary to fit `maxTokens`, ending with a marker that says how much was
 * left out and how to get it. Text of no more characters than tokens allowed is never counted,
 * nor text the fast estimate puts under half the cap: exact counting is an order of magnitude
 * slower than the estimate, which is a few per cent off, so only an answer that may come near
 * the cap is counted exactly.
 */
export const capText = (text: string, maxTokens: number, howToNarrow: string): string => {
  if (text.length <= maxTokens || estimateTokens(text) <= maxTokens / 2 || countTokens(text) <= maxTokens) return text;
  const lines = text.split("\n");
  const marker = (kept: number) =>
    `[truncated: ${kept} of ${lines.length} lines shown (answer capped at ${maxTokens.toLocaleString("en-US")} tokens); ${howToNarrow}]`;
  // Binary search on the number of lines kept: counting is linear, so O(n log n) at worst.
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (countTokens(`${lines.slice(0, mid).join("\n")}\n${marker(mid)}`) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  return `${lines.slice(0, lo).join("\n")}\n${marker(lo)}`;
};
