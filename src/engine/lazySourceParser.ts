import { encodeParseResult } from "../parse/encodeParseResult.js";
import type { SourceParser } from "../parse/reactor/index.js";

type ClosableParser = SourceParser & { close(): Promise<void> };

export interface LazySourceParser extends ClosableParser {
  /** Stops the parser until the next `parse` (its workers' memory goes back to the system). */
  release(): Promise<void>;
}

/** A parser created on the first `parse` call (starting a worker pool costs ~0.5 s). */
export const lazySourceParser = (create: () => Promise<ClosableParser>): LazySourceParser => {
  let parser: Promise<ClosableParser> | null = null;
  const release = async () => {
    const current = parser;
    parser = null;
    if (current !== null) await (await current).close();
  };
  return {
    parse: async (input) => (await (parser ??= create())).parse(input),
    parseEncoded: async (input) => {
      const p = await (parser ??= create());
      return p.parseEncoded ? p.parseEncoded(input) : encodeParseResult(await p.parse(input));
    },
    release,
    close: release,
  };
};
