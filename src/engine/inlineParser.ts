import { parseSource, type SourceParser } from "../parse/index.js";

/** Parses on the calling thread: for tests and for one-file updates where a worker round trip costs more than the parse. */
export const inlineParser: SourceParser & { close(): Promise<void> } = {
  parse: async (input) => parseSource(input),
  close: async () => undefined,
};
