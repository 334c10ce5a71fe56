import { encodePayload } from "../events/index.js";
import type { ParseResult } from "./parseSource.js";
import type { EncodedParseResult } from "./reactor/SourceParser.js";

/** A parse made on this thread, serialised as a worker would have sent it. */
export const encodeParseResult = (result: ParseResult): EncodedParseResult =>
  result.ok ? { ok: true, payload: encodePayload("FileParsed", result.result) } : result;
