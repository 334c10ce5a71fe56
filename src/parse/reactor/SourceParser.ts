import type { EncodedPayload } from "../../events/index.js";
import type { ParseInput, ParseResult } from "../parseSource.js";

/** A parse whose FileParsed payload is already serialised (by the worker that parsed it). */
export type EncodedParseResult = { readonly ok: true; readonly payload: EncodedPayload } | { readonly ok: false; readonly reason: string };

/**
 * What the reactor needs from a parser: text in, a FileParsed payload (or a reason) out.
 * The engine passes a worker pool; tests may pass `parseSource` wrapped in a promise.
 */
export interface SourceParser {
  parse(input: ParseInput): Promise<ParseResult>;
  /** The same parse with the payload serialised where it was made; the reactor prefers it when offered. */
  parseEncoded?(input: ParseInput): Promise<EncodedParseResult>;
}
