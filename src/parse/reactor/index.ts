export { classifyContent, type ContentVerdict } from "./classifyContent.js";
export { hashContent } from "./hashContent.js";
export { PARSE_REACTOR, ParseReactor, type ParseReactorOptions, type ReactorProgress, type ReactorResult } from "./ParseReactor.js";
export { outcomeIdFor, planParseOutcome, type ParseLimits, type PlannedOutcome } from "./planParseOutcome.js";
export { readSourceFile, unreadableReason, type SourceRead } from "./readSourceFile.js";
export type { EncodedParseResult, SourceParser } from "./SourceParser.js";
