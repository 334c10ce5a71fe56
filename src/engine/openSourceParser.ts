import { createParsePool, type SourceParser } from "../parse/index.js";

/** The parser the engine uses: a pool of `workers` parse threads (in-process when run from sources). */
export const openSourceParser = async (workers: number): Promise<SourceParser & { close(): Promise<void> }> =>
  createParsePool({ size: workers });
