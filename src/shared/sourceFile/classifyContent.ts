import { isUtf8 } from "node:buffer";

/** Leading bytes checked for NUL and for mojibake when deciding a file is binary (git uses 8000). */
const SNIFF_BYTES = 8000;
/** Share of U+FFFD in the sniffed prefix above which undecodable bytes mean "binary", not "latin-1 typo". */
const MAX_REPLACEMENT_SHARE = 0.02;
/** A short file with a couple of stray bytes is still text. */
const MIN_REPLACEMENTS = 4;

export type ContentVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: "binary" | "generated or minified" };

type Encoding = "utf8" | "utf16" | "utf32";

const encodingOf = (buf: Buffer): Encoding => {
  if (buf.length >= 4 && ((buf[0] === 0xff && buf[1] === 0xfe && buf[2] === 0 && buf[3] === 0) || (buf[0] === 0 && buf[1] === 0 && buf[2] === 0xfe && buf[3] === 0xff))) return "utf32";
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) return "utf16";
  return "utf8";
};

const looksBinary = (buf: Buffer): boolean => {
  const head = buf.subarray(0, SNIFF_BYTES);
  if (head.indexOf(0) !== -1) return true;
  if (isUtf8(buf)) return false;
  // Invalid UTF-8: a stray latin-1 byte in a source file is fine (it decodes to U+FFFD),
  // a prefix full of undecodable sequences is not text.
  const text = head.toString("utf8");
  let bad = 0;
  for (let i = text.indexOf("\uFFFD"); i !== -1; i = text.indexOf("\uFFFD", i + 1)) bad++;
  return bad > Math.max(MIN_REPLACEMENTS, text.length * MAX_REPLACEMENT_SHARE);
};

/**
 * Whether a line holds more than `limit` characters. Rather than visiting every newline, it
 * looks for the last newline within `limit` bytes of the current line start (one native call
 * per ~`limit` bytes); only a window with no newline is examined closely, and only then is
 * the line decoded to count characters, so multi-byte UTF-8 is not mistaken for a bundle.
 */
const hasLineLongerThan = (buf: Buffer, limit: number, encoding: "utf8" | "utf16"): boolean => {
  const window = limit * (encoding === "utf16" ? 2 : 1);
  let start = 0;
  while (buf.length - start > window) {
    const nl = buf.lastIndexOf(10, start + window);
    if (nl >= start) {
      start = nl + 1;
      continue;
    }
    const end = buf.indexOf(10, start);
    const lineEnd = end === -1 ? buf.length : end;
    if (encoding === "utf16" || buf.toString("utf8", start, lineEnd).length > limit) return true;
    if (end === -1) return false;
    start = end + 1;
  }
  return false;
};

/**
 * Decides from the bytes alone whether a file is indexable text: not binary (NUL bytes near
 * the start, UTF-32, or mostly undecodable), and not generated/minified (a line longer than
 * `maxLineLength` characters). UTF-16 with a BOM is text; its lines count in code units.
 */
export const classifyContent = (buf: Buffer, maxLineLength: number): ContentVerdict => {
  const encoding = encodingOf(buf);
  if (encoding === "utf32") return { ok: false, reason: "binary" };
  if (encoding === "utf8" && looksBinary(buf)) return { ok: false, reason: "binary" };
  // UTF-16 LE newlines are 0A 00 and BE are 00 0A: either way the 0A byte splits lines.
  if (hasLineLongerThan(buf, maxLineLength, encoding)) return { ok: false, reason: "generated or minified" };
  return { ok: true };
};
