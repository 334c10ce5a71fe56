import Parser from "tree-sitter";
import { grammarFor, type SourceLanguage } from "./languages.js";

export type ParseOutcome =
  | { readonly ok: true; readonly tree: Parser.Tree }
  | { readonly ok: false; readonly reason: string };

/** The binding copies input through a buffer of this many UTF-16 units per read. */
const READ_CHUNK = 64 * 1024;

const parsers = new Map<SourceLanguage, Parser>();

const parserFor = (language: SourceLanguage): Parser => {
  let parser = parsers.get(language);
  if (parser === undefined) {
    parser = new Parser();
    parser.setLanguage(grammarFor(language));
    parsers.set(language, parser);
  }
  return parser;
};

/**
 * Parses `text` with tree-sitter, giving up once `deadline` (a `performance.now()` value) has
 * passed. The input is fed in slices through a callback, so string length is no concern.
 */
export const runParser = (
  language: SourceLanguage,
  text: string,
  deadline: number,
  budgetMs: number,
): ParseOutcome => {
  const parser = parserFor(language);
  let cancelled = false;
  let tree: Parser.Tree | null | undefined;
  try {
    tree = parser.parse((index: number) => text.slice(index, index + READ_CHUNK), null, {
      bufferSize: READ_CHUNK + 1,
      progressCallback: () => {
        if (performance.now() > deadline) cancelled = true;
        return cancelled;
      },
    } as Parser.Options);
  } catch (error) {
    parser.reset();
    return { ok: false, reason: `tree-sitter failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (tree === null || tree === undefined) {
    // A cancelled parse would otherwise resume where it stopped on the next call.
    parser.reset();
    return {
      ok: false,
      reason: cancelled ? `parse timed out after ${budgetMs} ms` : "tree-sitter returned no tree",
    };
  }
  return { ok: true, tree };
};
