export { AlreadyRetired, AlreadySuperseded, DuplicateContent, InvalidInput, NotFound, type MemoryKind } from "./errors.js";
export type { MemoryWrite, Stored } from "./MemoryWrite.js";
export { kindOfId, newMemoryId, streamOf } from "./memoryIds.js";
export { DEFAULT_MAX_CHARS, normaliseForComparison } from "./validate.js";
export { storeRule, type StoreRuleError, type StoreRuleInput } from "./storeRule.js";
export { retireRule, type RetireRuleError, type RetireRuleInput } from "./retireRule.js";
export { recordDecision, type AlternativeInput, type RecordDecisionError, type RecordDecisionInput } from "./recordDecision.js";
export { supersedeDecision, type SupersedeDecisionError, type SupersedeDecisionInput } from "./supersedeDecision.js";
export { storeConvention, type StoreConventionError, type StoreConventionInput } from "./storeConvention.js";
