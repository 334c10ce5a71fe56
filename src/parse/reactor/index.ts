export { PARSE_REACTOR, ParseReactor, type ParseReactorOptions, type ReactorProgress, type ReactorResult } from "./ParseReactor.js";
export { outcomeIdFor, planParseOutcome, type ParseLimits, type PlannedOutcome } from "./planParseOutcome.js";
export type { EncodedParseResult, SourceParser } from "./SourceParser.js";
