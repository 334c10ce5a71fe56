import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";

/**
 * Exact cl100k token counts, fast enough to count every answer and every candidate of one.
 *
 * cl100k first splits text into pieces with one regular expression, then byte-pair-encodes each
 * piece on its own, so a text's count is the sum of its pieces' counts. js-tiktoken's BPE
 * allocates a string per byte pair per merge step, and source code repeats the same pieces
 * (keywords, names, indentation) endlessly: each piece's count is kept, so a text costs one
 * regex scan and a map lookup per piece. A piece cannot hold a special token (`<|endoftext|>`
 * splits at `<|`), so special tokens count as the plain text a client sends, never throw.
 */
let encoder: Tiktoken | null = null;
let pieces: RegExp | null = null;
const known = new Map<string, number>();
/** Distinct pieces kept before the memo starts over: a few MB of short strings. */
const MAX_KNOWN = 250_000;
/** Longer pieces (a minified line, a base64 blob) are rare and would only fill the memo. */
const MAX_KEPT_PIECE = 128;

const pieceCount = (piece: string): number => {
  const kept = known.get(piece);
  if (kept !== undefined) return kept;
  // A piece re-split by the same expression is itself, so encoding it alone is its share of the text.
  const n = (encoder ??= new Tiktoken(cl100k)).encode(piece, [], []).length;
  if (piece.length <= MAX_KEPT_PIECE) {
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(piece, n);
  }
  return n;
};

/** Exact cl100k token count of `text` (what js-tiktoken's `encode(text, [], []).length` gives). */
export const countTokens = (text: string): number => {
  const re = (pieces ??= new RegExp(cl100k.pat_str, "gu"));
  re.lastIndex = 0;
  let n = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) n += pieceCount(m[0]);
  return n;
};
