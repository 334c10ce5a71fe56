import type { SourceParser } from "../parse/reactor/index.js";

type ClosableParser = SourceParser & { close(): Promise<void> };

/** A parser created on the first `parse` call (starting a worker pool costs ~0.5 s). */
export const lazySourceParser = (create: () => Promise<ClosableParser>): ClosableParser => {
  let parser: Promise<ClosableParser> | null = null;
  return {
    parse: async (input) => (await (parser ??= create())).parse(input),
    close: async () => {
      if (parser !== null) await (await parser).close();
    },
  };
};
