import type { ParseInput, ParseResult } from "../parseSource.js";

/**
 * What the reactor needs from a parser: text in, a FileParsed payload (or a reason) out.
 * The engine passes a worker pool; tests may pass `parseSource` wrapped in a promise.
 */
export interface SourceParser {
  parse(input: ParseInput): Promise<ParseResult>;
}
