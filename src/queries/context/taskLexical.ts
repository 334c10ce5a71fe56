import { termsOf } from "../../projections/index.js";
import type { FileLines } from "./fileLines.js";

/** A symbol's span in its file, and the id its mention of the task is remembered by. */
export interface SymbolSpan {
  readonly id: string;
  readonly path: string;
  readonly name: string;
  readonly first: number;
  readonly last: number;
}

/** How much of the task a symbol's own name and text mention (0..1), each symbol read once. */
export const taskLexical = (taskTerms: ReadonlyArray<string>, lines: (path: string) => FileLines): ((x: SymbolSpan) => number) => {
  const terms = new Set(taskTerms);
  const lexicalOf = new Map<string, number>();
  return (x: SymbolSpan): number => {
    // Asked again for every hit whose chunk holds the symbol: its body is read and split once.
    const known = lexicalOf.get(x.id);
    if (known !== undefined) return known;
    if (terms.size === 0) return 0;
    const name = new Set(termsOf(x.name.split(".").pop() ?? ""));
    const body = new Set(termsOf(lines(x.path).text(x.first, x.last)));
    let n = 0;
    for (const t of terms) n += (name.has(t) ? 2 : 0) + (body.has(t) ? 1 : 0);
    lexicalOf.set(x.id, n / (3 * terms.size));
    return n / (3 * terms.size);
  };
};
