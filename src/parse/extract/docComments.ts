/**
 * Doc comments found by reading the text just above a declaration, which costs no tree
 * navigation: the tree-sitter binding charges a native call per node step.
 */

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/** Index of the last non-whitespace character before `index`, or -1. */
const skipSpaceBack = (text: string, index: number): number => {
  let i = index - 1;
  const lo = Math.max(0, index - WINDOW);
  while (i >= lo && isSpace(text.charCodeAt(i))) i--;
  return i < lo && lo > 0 ? -1 : i;
};

/**
 * How far back any search looks. Without a bound, `lastIndexOf` on a minified one-line file
 * scans back to the start for every symbol, which is quadratic in the file size.
 */
const WINDOW = 16_384;

/** A decorator or attribute line longer than this is not looked through. */
const LINE_WINDOW = 1_024;

/** Last index of `needle` starting at or before `from`, looking back at most `window` characters. */
const lastIndexNear = (text: string, needle: string, from: number, window = WINDOW): number => {
  const lo = Math.max(0, from - window);
  const i = text.slice(lo, from + needle.length).lastIndexOf(needle);
  return i === -1 ? -1 : lo + i;
};

/** Start of the line containing `index` (or the window's edge on an extremely long line). */
const lineStartOf = (text: string, index: number): number => {
  const newline = lastIndexNear(text, "\n", index, LINE_WINDOW);
  return newline === -1 ? Math.max(0, index - LINE_WINDOW) : newline + 1;
};

/** Most lines a doc search walks over (decorators, attributes, comment lines). */
const MAX_LINES = 200;

/**
 * `/** … *\/` ending just above `start`, with annotation/decorator lines (`@x(...)`) in between
 * skipped. Returns the cleaned text or null.
 */
export const blockDocAbove = (text: string, start: number): string | null => {
  let end = skipSpaceBack(text, start);
  for (let guard = 0; guard < MAX_LINES && end >= 0; guard++) {
    if (text.charCodeAt(end) === 47 /* / */ && text.charCodeAt(end - 1) === 42 /* * */) {
      const open = lastIndexNear(text, "/*", end - 2);
      if (open === -1 || text.charCodeAt(open + 2) !== 42 || open + 3 > end - 1) return null;
      return cleanBlock(text.slice(open + 3, end - 1));
    }
    const lineStart = lineStartOf(text, end);
    const line = text.slice(lineStart, end + 1).trimStart();
    if (!line.startsWith("@")) return null;
    end = skipSpaceBack(text, lineStart);
  }
  return null;
};

const cleanBlock = (body: string): string | null => {
  const lines = body.split("\n").map((l) => l.replace(/^\s*\*?\s?/, "").trimEnd());
  const out = lines.join("\n").trim();
  return out.length > 0 ? out : null;
};

/**
 * Consecutive line comments starting with `prefix` (`//` for Go, `///` for Rust) directly
 * above `start`. Lines starting with any of `skipPrefixes` (Rust `#[`, Go `//go:`) are passed over.
 */
export const lineDocAbove = (
  text: string,
  start: number,
  prefix: string,
  skipPrefixes: readonly string[] = [],
): string | null => {
  const collected: string[] = [];
  let lineEnd = lineStartOf(text, start) - 1; // index of the newline ending the previous line
  for (let guard = 0; guard < MAX_LINES && lineEnd >= 0 && text.charCodeAt(lineEnd) === 10; guard++) {
    const lineStart = lineStartOf(text, lineEnd - 1);
    const line = text.slice(lineStart, lineEnd).trim();
    lineEnd = lineStart - 1;
    if (skipPrefixes.some((p) => line.startsWith(p))) continue;
    if (line.startsWith(prefix)) {
      collected.push(line.slice(prefix.length).replace(/^ /, ""));
      continue;
    }
    break;
  }
  if (collected.length === 0) return null;
  const out = collected.reverse().join("\n").trim();
  return out.length > 0 ? out : null;
};

/** A Python string literal's value for display: prefix and quotes removed, indentation cleaned. */
export const docstringText = (literal: string): string | null => {
  const m = /^[rRuUbBfF]{0,2}("""|'''|"|')/.exec(literal);
  if (m === null) return null;
  const quote = m[1]!;
  let body = literal.slice(m[0].length);
  if (body.endsWith(quote)) body = body.slice(0, body.length - quote.length);
  const lines = body.split("\n");
  let indent = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim().length === 0) continue;
    indent = Math.min(indent, l.length - l.trimStart().length);
  }
  const cleaned = lines.map((l, i) => (i === 0 ? l.trim() : Number.isFinite(indent) ? l.slice(indent).trimEnd() : l.trimEnd()));
  const out = cleaned.join("\n").trim();
  return out.length > 0 ? out : null;
};
