import { assemble } from "./assembleContext.js";
import type { Item } from "./contextItem.js";
import { packGreedy, type Candidate } from "./packContext.js";
import { renderContext } from "./renderContext.js";
import type { SmartContextOptions } from "./SmartContextOptions.js";
import type { SmartContext } from "./SmartContextResult.js";

/** The widest token_count, so the measured JSON is never shorter than the one sent. */
const COUNT_PLACEHOLDER = 99_999;
/** Most of the budget the architecture sketch may take: the code comes first. */
const ARCHITECTURE_SHARE = 0.1;

/** The sketch's first lines that fit `allowance` tokens (none when not even the first does). */
const fitSketch = (sketch: string, allowance: number, count: (text: string) => number): string => {
  const lines = sketch === "" ? [] : sketch.split("\n");
  for (let n = lines.length; n > 0; n--) {
    const shown = lines.slice(0, n).join("\n");
    if (count(shown) <= allowance) return shown;
  }
  return "";
};

/**
 * Packs greedily, then renders both forms and measures them exactly; while either is over the
 * budget, drops the lowest-value items and measures again.
 */
export const fitToBudget = (candidates: ReadonlyArray<Candidate<Item>>, options: SmartContextOptions): SmartContext => {
  const { count, maxTokens, task } = options;
  const budget = maxTokens - (options.reserve ?? 0);
  const sketch = fitSketch(options.architecture ?? "", Math.floor(ARCHITECTURE_SHARE * maxTokens), count);
  const frame = (note: string) => {
    const empty = assemble([], note, COUNT_PLACEHOLDER, sketch);
    return { text: count(renderContext({ ...empty, note: note || "x" }, task)) + 30, json: count(JSON.stringify(empty)) };
  };
  const note = (left: number) => (left > 0 ? `(${left} more items left out for max_tokens)` : "");
  const base = frame(note(candidates.length));
  let chosen = [...packGreedy(candidates, { text: budget - base.text, json: budget - base.json }).values()].sort((a, b) => b.candidate.value - a.candidate.value);
  const left = () => new Set(candidates.map((c) => c.group)).size - chosen.length;
  for (;;) {
    const draft = assemble(chosen, note(left()), COUNT_PLACEHOLDER, sketch);
    const text = count(renderContext(draft, task));
    const json = count(JSON.stringify(draft));
    if ((text <= budget && json <= budget) || chosen.length === 0) {
      if (chosen.length === 0 && candidates.length > 0) {
        const none = assemble([], `max_tokens ${maxTokens} is too small for any of the ${candidates.length} items found: raise it`, 0, sketch);
        return { ...none, token_count: count(renderContext(none, task)) };
      }
      // The text form does not show token_count: the count just made is the final one.
      return assemble(chosen, note(left()), text, sketch);
    }
    // Over: drop the least valuable items worth the excess, then measure again.
    let excess = Math.max(text - budget, json - budget);
    while (excess > 0 && chosen.length > 0) {
      const dropped = chosen.pop()!;
      excess -= Math.max(1, dropped.cost.text, dropped.cost.json);
    }
  }
};
