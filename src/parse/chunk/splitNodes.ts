import type { TextMeasure } from "./measureText.js";

/** The part of a tree-sitter `SyntaxNode` the chunker reads (so tests can hand-build trees). */
export interface ChunkableNode {
  readonly startIndex: number;
  readonly endIndex: number;
  readonly children: ReadonlyArray<ChunkableNode>;
}

export interface ChunkCaps {
  /** Hard cap on non-whitespace characters per chunk. */
  readonly maxNonWhitespace: number;
  /** Hard cap on (estimated cl100k) tokens per chunk. */
  readonly maxTokens: number;
  /** Chunks below this many non-whitespace characters are merged into a neighbour when the result fits. */
  readonly minNonWhitespace: number;
}

export interface Range {
  start: number;
  end: number;
}

interface Frame {
  readonly nodes: ReadonlyArray<ChunkableNode>;
  next: number;
  /** End of what this frame has handed out so far: text from here to the next node is a gap. */
  pos: number;
  /** Start and end of the node whose children this frame walks. */
  readonly start: number;
  readonly end: number;
}

/**
 * cAST (Zhang et al., 2025): walk the syntax tree top-down; a node within the caps is taken
 * whole and greedily packed with its following siblings; a node over the caps is opened and
 * its children are packed the same way; an oversized leaf is cut at line ends (and a line
 * over the caps at the last boundary that fits). An explicit stack replaces recursion so
 * pathological nesting cannot overflow the call stack.
 *
 * Two refinements over the paper: a small run of siblings already packed when the walk opens
 * the next node (a `class Foo extends Bar` header, a signature) is carried into that node's
 * first chunk instead of standing alone; and chunks still under `minNonWhitespace` at the end
 * (a lone closing brace) are merged into a neighbour when the result stays within the caps.
 */
export const splitNodes = (root: ChunkableNode, text: string, m: TextMeasure, caps: ChunkCaps): Range[] => {
  const out: Range[] = [];
  let acc: Range | null = null;
  const fits = (s: number, e: number) =>
    m.nonWhitespace(s, e) <= caps.maxNonWhitespace && m.tokens(s, e) <= caps.maxTokens;
  const flush = () => {
    if (acc !== null) out.push(acc);
    acc = null;
  };
  const add = (s: number, e: number) => {
    if (acc !== null && fits(acc.start, e)) acc.end = e;
    else {
      flush();
      acc = { start: s, end: e };
    }
  };
  const addOversizedText = (s: number, e: number) => {
    let lineStart = s;
    while (lineStart < e) {
      const nl = text.indexOf("\n", lineStart);
      const lineEnd = nl === -1 || nl >= e ? e : nl + 1;
      if (fits(lineStart, lineEnd)) add(lineStart, lineEnd);
      else {
        let p = lineStart;
        while (p < lineEnd) {
          const q = cutPoint(text, p, m.fitEnd(p, lineEnd, caps.maxNonWhitespace, caps.maxTokens), lineEnd);
          add(p, q);
          p = q;
        }
      }
      lineStart = lineEnd;
    }
  };
  const addText = (s: number, e: number) => {
    if (e <= s || m.nonWhitespace(s, e) === 0) return;
    if (fits(s, e)) add(s, e);
    else {
      flush();
      addOversizedText(s, e);
    }
  };

  const stack: Frame[] = [{ nodes: [root], next: 0, pos: root.startIndex, start: root.startIndex, end: root.endIndex }];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.next >= f.nodes.length) {
      addText(f.pos, f.end);
      stack.pop();
      flush();
      continue;
    }
    const node = f.nodes[f.next++]!;
    const s = node.startIndex;
    const e = node.endIndex;
    addText(f.pos, s);
    f.pos = Math.max(f.pos, e);
    if (e <= s) continue;
    if (fits(s, e)) {
      add(s, e);
      continue;
    }
    const cur = acc as Range | null;
    if (cur !== null && m.nonWhitespace(cur.start, cur.end) >= caps.minNonWhitespace) {
      // Keep the enclosing node's own head (a method's signature) with the body about to be
      // opened; what came before that node goes out as its own chunk.
      if (f.start > cur.start && f.start < cur.end && m.nonWhitespace(f.start, cur.end) < caps.minNonWhitespace) {
        out.push({ start: cur.start, end: f.start });
        acc = { start: f.start, end: cur.end };
      } else flush();
    }
    const children = node.children;
    if (children.length === 0) addOversizedText(s, e);
    else stack.push({ nodes: children, next: 0, pos: s, start: s, end: e });
  }
  flush();
  return mergeSmall(out, m, caps);
};

/** Greedy lines for text without a syntax tree (unsupported language, parse failure). */
export const splitLines = (text: string, m: TextMeasure, caps: ChunkCaps): Range[] =>
  splitNodes({ startIndex: 0, endIndex: text.length, children: [] }, text, m, caps);

const mergeSmall = (chunks: Range[], m: TextMeasure, caps: ChunkCaps): Range[] => {
  const out: Range[] = [];
  for (const c of chunks) {
    const last = out[out.length - 1];
    if (
      last !== undefined &&
      (m.nonWhitespace(last.start, last.end) < caps.minNonWhitespace ||
        m.nonWhitespace(c.start, c.end) < caps.minNonWhitespace) &&
      m.nonWhitespace(last.start, c.end) <= caps.maxNonWhitespace &&
      m.tokens(last.start, c.end) <= caps.maxTokens
    ) {
      last.end = c.end;
    } else out.push({ start: c.start, end: c.end });
  }
  return out;
};

/**
 * Where to cut a line that is over the caps on its own (minified code): at the last space or
 * punctuation before `end` (within 64 characters), never inside a surrogate pair.
 */
const cutPoint = (text: string, start: number, end: number, limit: number): number => {
  if (end >= limit) return limit;
  for (let i = end; i > start + 1 && i > end - 64; i--) {
    const c = text.charCodeAt(i - 1);
    if (c === 32 || c === 9 || c === 44 || c === 59 || c === 41 || c === 125 || c === 93) return i;
  }
  const c = text.charCodeAt(end - 1);
  return c >= 0xd800 && c <= 0xdbff && end - 1 > start ? end - 1 : end;
};
