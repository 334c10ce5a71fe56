/**
 * A fast estimate of the cl100k_base token count (OpenAI's tokenizer). js-tiktoken is far too
 * slow to size every candidate chunk of a large repository; this one linear scan is not. It mimics cl100k's pre-tokenizer (letter runs split at camelCase,
 * digit groups of three, punctuation runs, newline+indent runs) and weighs each kind of piece
 * by a linear fit against tiktoken on TypeScript, JavaScript, Go and Python
 * (test/shared/countTokens.test.ts checks it against tiktoken on this repository's own sources).
 */
const W_SEGMENT = 0.913; // one camelCase segment of a letter run
const W_LONG_SEGMENT_CHAR = 0.068; // each letter beyond six in one segment
const W_DIGIT_GROUP = 1.451; // up to three digits
const W_PUNCT_RUN = 0.67;
const W_PUNCT_EXTRA_CHAR = 0.094;
const W_NEWLINE_RUN = 1.575; // newline(s) plus the indentation that follows
const W_NON_ASCII_CHAR = 1.497;
const W_SPACE_RUN = 1.292; // two or more spaces/tabs inside a line

const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isUpper = (c: number) => c >= 65 && c <= 90;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;

/**
 * Walks `text[from, to)` and books each piece's estimated weight at the characters that earn
 * it (a segment's start, each extra character of a long run), so a prefix sum over the
 * bookings sizes any sub-range locally — even inside a 100k-character run of brackets.
 * Shared by `countTokens` and the chunker's prefix sums so both agree exactly.
 */
export const scanTokenPieces = (
  text: string,
  from: number,
  to: number,
  book: (at: number, weight: number) => void,
): void => {
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    const start = i;
    if (isLetter(c)) {
      let segStart = i;
      book(i, W_SEGMENT);
      while (i < to) {
        const d = text.charCodeAt(i);
        if (!isLetter(d)) break;
        if (isUpper(d) && i > segStart && !isUpper(text.charCodeAt(i - 1))) {
          segStart = i;
          book(i, W_SEGMENT);
        } else if (i - segStart >= 6) book(i, W_LONG_SEGMENT_CHAR);
        i++;
      }
    } else if (isDigit(c)) {
      while (i < to && isDigit(text.charCodeAt(i))) {
        if ((i - start) % 3 === 0) book(i, W_DIGIT_GROUP);
        i++;
      }
    } else if (isSpace(c)) {
      let newline = false;
      while (i < to) {
        const d = text.charCodeAt(i);
        if (d === 10 || d === 13) newline = true;
        else if (!isSpace(d)) break;
        i++;
      }
      if (newline) book(start, W_NEWLINE_RUN);
      else if (i - start > 1) book(start, W_SPACE_RUN);
    } else if (c > 127) {
      book(i, W_NON_ASCII_CHAR);
      i++;
    } else {
      book(i, W_PUNCT_RUN);
      i++;
      while (i < to) {
        const d = text.charCodeAt(i);
        if (d <= 32 || d > 127 || isDigit(d) || isLetter(d)) break;
        book(i, W_PUNCT_EXTRA_CHAR);
        i++;
      }
    }
  }
};

/** Estimated cl100k_base tokens in `text` (within ~5% on typical source code). */
export const countTokens = (text: string): number => {
  let total = 0;
  scanTokenPieces(text, 0, text.length, (_s, w) => {
    total += w;
  });
  return Math.ceil(total);
};
