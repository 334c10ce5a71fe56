import type { Item } from "./contextItem.js";
import type { Candidate, Cost } from "./packContext.js";
import { renderCodeItem, renderConvention, renderDecision, renderRule } from "./renderContext.js";

/** Characters per cl100k token of source code (sympy's median), for the packer's guesses. */
const CHARS_PER_TOKEN = 3.55;
/** Characters an item adds around its snippet (path, symbol, why; fences or JSON keys). */
const GUESS_FRAME = 120;

/**
 * The candidates an answer is packed from, each with its cost in both forms: memory is counted
 * at once, code is guessed from its length and counted only when the packer is about to take it.
 */
export const contextCandidates = (count: (text: string) => number) => {
  const candidates: Candidate<Item>[] = [];
  const rendered = (item: Item): { text: string; json: string } => ({
    text: `${item.tag === "code" ? renderCodeItem(item.value) : item.tag === "rule" ? renderRule(item.value) : item.tag === "decision" ? renderDecision(item.value) : renderConvention(item.value)}\n\n`,
    json: `${JSON.stringify(item.value)},`,
  });
  const exact = (item: Item): Cost => {
    const r = rendered(item);
    return { text: count(r.text), json: count(r.json) };
  };
  // Code is counted only when the packer is about to take it: a guess from its length orders
  // it (escaping a snippet as JSON adds about as many tokens as the text form's header and fences).
  const guess = (snippetChars: number): Cost => {
    const n = Math.ceil((snippetChars + GUESS_FRAME) / CHARS_PER_TOKEN);
    return { text: n, json: n };
  };
  const offer = (group: string, level: number, value: number, item: Item) =>
    item.tag === "code" ? offerCode(group, level, value, item.value, item.value.snippet.length, () => item) : candidates.push({ group, level, value, cost: exact(item), item });
  /**
   * A code candidate whose item is built only if the packer gets to count it: most whole
   * bodies (a class of thousands of lines) are never taken, and building them all was most of
   * the garbage one answer made.
   */
  const offerCode = (group: string, level: number, value: number, at: { readonly file: string; readonly start_line: number; readonly end_line: number }, snippetChars: number, build: () => Item, first = false) => {
    let built: Item | null = null;
    const item = () => (built ??= build());
    candidates.push({
      group,
      level,
      value,
      first,
      cost: guess(snippetChars),
      exact: () => exact(item()),
      get item() {
        return item();
      },
      span: { file: at.file, first: at.start_line, last: at.end_line },
    });
  };
  return { candidates, offer, offerCode, guess };
};
