import { createHash } from "node:crypto";

/**
 * A chunk's identity is everything its row holds: place, language, enclosing symbol, kind and text. The
 * same parse of the same file always gives the same ids, so replaying a batch upserts nothing
 * new and a replay equals the incremental build; and a chunk whose symbol was renamed around it
 * (its text and lines unchanged) is a new row, not the old one left with the old name.
 */
export const chunkId = (
  path: string,
  language: string,
  startLine: number,
  endLine: number,
  symbol: string | null,
  kind: string,
  text: string,
): string =>
  createHash("sha256")
    .update(`${path}\0${language}\0${startLine}\0${endLine}\0${symbol ?? ""}\0${kind}\0`)
    .update(text)
    .digest("hex")
    .slice(0, 32);
