export { detectLanguage, manifestKind, type LanguageId, type SourceLanguage } from "./languages.js";
export { parseSource, DEFAULT_BUDGET_MS, type ParseInput, type ParseResult } from "./parseSource.js";
export { decodeSourceBytes, type DecodedSource } from "./decodeSourceBytes.js";
export { PARSER_VERSION } from "./version.js";
export { createParsePool, type ParsePool, type ParsePoolOptions } from "./ParsePool.js";
