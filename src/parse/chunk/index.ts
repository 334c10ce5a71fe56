import type { SyntaxNode } from "tree-sitter";
import type { Chunk, ExtractedSymbol } from "../../events/index.js";
import { assignSymbols } from "./assignSymbols.js";
import { MeasureScratch, measureText } from "./measureText.js";
import { splitLines, splitNodes, type ChunkableNode, type ChunkCaps, type Range } from "./splitNodes.js";

export { countTokens } from "../../shared/index.js";
export type { ChunkableNode, ChunkCaps } from "./splitNodes.js";

/**
 * At most this many non-whitespace characters per chunk (cAST's size measure). 800 beat 1200
 * and 1600 on the localisation sets (hybrid search MRR 0.62-0.63 vs 0.62 / 0.62; keyword-only
 * MRR 0.586 vs 0.556 / 0.590), within noise but never worse on all four together.
 */
export const MAX_CHUNK_NON_WHITESPACE = 800;
/** At most this many (estimated cl100k) tokens per chunk: fits 512-token local models. */
export const MAX_CHUNK_TOKENS = 512;
/** Chunks smaller than this are merged into a neighbour when the result fits. */
export const MIN_CHUNK_NON_WHITESPACE = 200;

export const DEFAULT_CHUNK_CAPS: ChunkCaps = {
  maxNonWhitespace: MAX_CHUNK_NON_WHITESPACE,
  maxTokens: MAX_CHUNK_TOKENS,
  minNonWhitespace: MIN_CHUNK_NON_WHITESPACE,
};

/**
 * Chunking is synchronous: one scratch serves every file this thread chunks, up to this many
 * characters (a larger file gets arrays of its own, not kept for the thread's lifetime).
 */
const scratch = new MeasureScratch();
const SHARED_SCRATCH_CHARS = 1 << 20;

export interface ChunkFileInput {
  /** The tree-sitter root (`tree.rootNode`); omit it to chunk by lines. */
  readonly root?: SyntaxNode | ChunkableNode | null;
  readonly text: string;
  readonly language: string;
  readonly symbols: ReadonlyArray<ExtractedSymbol>;
  readonly caps?: ChunkCaps;
  /**
   * Past this bracket nesting the tree is not walked (walking such a tree, machine-made or
   * hostile, costs seconds): the file is chunked by lines. Counted in the same pass as the
   * chunker's prefix sums.
   */
  readonly maxNesting?: number;
}

/**
 * AST-aware chunks of one file (cAST): whole definitions where they fit, oversized ones split at
 * syntax boundaries, small neighbours packed together; each chunk within both caps, its text
 * an exact slice of the file, its lines 1-based, owned by the innermost enclosing symbol.
 */
export const chunkFile = (input: ChunkFileInput): Chunk[] => {
  const { text } = input;
  if (text.length === 0) return [];
  const caps = input.caps ?? DEFAULT_CHUNK_CAPS;
  const m = measureText(text, text.length <= SHARED_SCRATCH_CHARS ? scratch : undefined);
  const byTree = input.root && (input.maxNesting === undefined || m.maxBracketDepth <= input.maxNesting);
  const ranges: Range[] = (byTree ? splitNodes(input.root as ChunkableNode, text, m, caps) : splitLines(text, m, caps))
    .map((r) => trimRange(text, r))
    .filter((r) => r.end > r.start);
  const spans = ranges.map((r) => ({
    startLine: m.lineOf(r.start) + 1,
    endLine: m.lineOf(Math.max(r.start, r.end - 1)) + 1,
  }));
  const owners = assignSymbols(spans, input.symbols);
  return ranges.map((r, i) => ({
    symbol: owners[i]!.symbol,
    kind: owners[i]!.kind,
    startLine: spans[i]!.startLine,
    endLine: spans[i]!.endLine,
    text: text.slice(lineStartOf(text, r.start), r.end),
    // Sized from the first visible character, as embedded (embedText skips the indentation).
    tokens: Math.ceil(m.tokens(r.start, r.end)),
  }));
};

const isWhitespace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;

/** Chunks start and end on visible text, so line ranges do not claim blank lines around them. */
const trimRange = (text: string, r: Range): Range => {
  let { start, end } = r;
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end };
};

/**
 * Where the text of a chunk starting at `start` begins: the start of its line, so the first line
 * keeps its indentation (in Python it is meaning, and grep shows lines as they are in the file),
 * unless other text precedes it on the line (a chunk cut from a long line starts where it is cut).
 */
const lineStartOf = (text: string, start: number): number => {
  let at = start;
  while (at > 0 && (text.charCodeAt(at - 1) === 32 || text.charCodeAt(at - 1) === 9)) at--;
  return at === 0 || text.charCodeAt(at - 1) === 10 ? at : start;
};
