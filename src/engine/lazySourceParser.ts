import { encodePayload } from "../events/index.js";
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
      if (p.parseEncoded) return p.parseEncoded(input);
      const r = await p.parse(input);
      return r.ok ? { ok: true, payload: encodePayload("FileParsed", r.result) } : r;
    },
    release,
    close: release,
  };
};
