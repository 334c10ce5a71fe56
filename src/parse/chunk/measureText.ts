import { scanTokenPieces } from "../../shared/index.js";

/**
 * Prefix sums over one file's text so the chunker can size any range in O(1): splitting a
 * deeply nested tree (100k nested brackets) asks about every level, and re-scanning the text
 * at each level would be quadratic.
 */
export interface TextMeasure {
  readonly length: number;
  /** Non-whitespace characters in [start, end). */
  nonWhitespace(start: number, end: number): number;
  /** Estimated cl100k tokens of the pieces starting in [start, end). */
  tokens(start: number, end: number): number;
  /** 0-based line of the character at `index`. */
  lineOf(index: number): number;
  /** Index of the first character of 0-based `line`. */
  lineStart(line: number): number;
  readonly lineCount: number;
  /** Deepest nesting of (), [] and {}, counted roughly (brackets in strings and comments too). */
  readonly maxBracketDepth: number;
  /** The largest end in (start, limit] whose range [start, end) stays within both caps (at least start+1). */
  fitEnd(start: number, limit: number, maxNonWhitespace: number, maxTokens: number): number;
}

const isWhitespace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;

/**
 * Typed arrays one thread reuses from file to file: allocated per file they were ~16 bytes per
 * character of off-heap memory (and the garbage collections that external memory triggers).
 * A measure made with a scratch is valid until the scratch is used again.
 */
export class MeasureScratch {
  nws = new Int32Array(0);
  tok = new Float64Array(0);
  /** Kept all zero between uses (each use clears what it booked). */
  weight = new Float32Array(0);
  reserve(n: number): void {
    if (this.nws.length >= n + 1) return;
    const size = Math.max(n + 1, Math.ceil(this.nws.length * 1.5));
    this.nws = new Int32Array(size);
    this.tok = new Float64Array(size);
    this.weight = new Float32Array(size);
  }
}

/**
 * The prefix sums and line starts of `text`, one pass. Its own function: inside `measureText`
 * the loop was optimised on its own (on-stack replacement) and every call then left that code
 * for the unoptimised closures after it (a deoptimisation per file, seen with --trace-deopt).
 */
const fillPrefixSums = (text: string, n: number, nws: Int32Array, tok: Float64Array, weight: Float32Array, lineStarts: number[]): number => {
  nws[0] = 0;
  tok[0] = 0;
  let depth = 0;
  let maxDepth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    nws[i + 1] = nws[i]! + (isWhitespace(c) ? 0 : 1);
    if (c === 10) lineStarts.push(i + 1);
    else if (c === 40 || c === 91 || c === 123) {
      if (++depth > maxDepth) maxDepth = depth;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
    tok[i + 1] = tok[i]! + weight[i]!;
    weight[i] = 0;
  }
  return maxDepth;
};

export const measureText = (text: string, scratch: MeasureScratch = new MeasureScratch()): TextMeasure => {
  const n = text.length;
  scratch.reserve(n);
  const { nws, tok, weight } = scratch;
  // Token weights are booked per character (see scanTokenPieces), then summed; the booking
  // array is cleared as it is read, ready for the next text.
  scanTokenPieces(text, 0, n, (at, w) => {
    weight[at]! += w;
  });
  const lineStarts: number[] = [0];
  const maxDepth = fillPrefixSums(text, n, nws, tok, weight, lineStarts);

  const lineOf = (index: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const nonWhitespace = (s: number, e: number) => nws[e]! - nws[s]!;
  const tokens = (s: number, e: number) => tok[e]! - tok[s]!;
  return {
    length: n,
    nonWhitespace,
    tokens,
    lineOf,
    lineStart: (line) => lineStarts[line] ?? n,
    lineCount: lineStarts.length,
    maxBracketDepth: maxDepth,
    fitEnd: (start, limit, maxNws, maxTok) => {
      // Both prefix sums are monotone, so binary search for the last end within both caps.
      let lo = start + 1;
      let hi = limit;
      if (nonWhitespace(start, hi) <= maxNws && tokens(start, hi) <= maxTok) return hi;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (nonWhitespace(start, mid) <= maxNws && tokens(start, mid) <= maxTok) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
  };
};
