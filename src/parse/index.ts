export { detectLanguage, manifestKind, type LanguageId, type SourceLanguage } from "./languages.js";
export { parseSource, DEFAULT_BUDGET_MS, type ParseInput, type ParseResult } from "./parseSource.js";
export { decodeSourceBytes, type DecodedSource } from "./decodeSourceBytes.js";
export { PARSER_VERSION, parsedByAnotherVersion } from "./version.js";
export { createParsePool, type ParsePool, type ParsePoolOptions } from "./ParsePool.js";
export { PARSE_REACTOR, ParseReactor, type SourceParser, type EncodedParseResult, type ParseLimits, type ReactorResult } from "./reactor/index.js";
export { encodeParseResult } from "./encodeParseResult.js";
