export { AlreadyRetired, AlreadySuperseded, DuplicateContent, InvalidInput, NotFound, type MemoryKind } from "./errors.js";
export type { MemoryWrite, Stored } from "./MemoryWrite.js";
export { answerOnly, handleCommand, isTaggedError, type Command, type Decision, type TaggedError } from "./handleCommand.js";
export { eventStoreOf } from "./eventStoreOf.js";
export { kindOfId, newMemoryId, streamOf } from "./memoryIds.js";
export { DEFAULT_MAX_CHARS, normaliseForComparison } from "./validate.js";
export { decideStoreRule, storeRule, type StoreRuleError, type StoreRuleInput } from "./storeRule.js";
export { decideRetireRule, retireRule, type RetireRuleError, type RetireRuleInput } from "./retireRule.js";
export { decideRecordDecision, recordDecision, type AlternativeInput, type RecordDecisionError, type RecordDecisionInput } from "./recordDecision.js";
export { decideSupersede, supersedeDecision, type SupersedeDecisionError, type SupersedeDecisionInput } from "./supersedeDecision.js";
export { decideStoreConvention, storeConvention, type StoreConventionError, type StoreConventionInput } from "./storeConvention.js";
export { classifyInstruction, findInstructions, splitSentences, type Instruction, type InstructionKind } from "./learn/classifyInstruction.js";
export { learnInstructions, type LearnInput, type Learned, type LearnOutcome } from "./learn/learnInstructions.js";
export { decideFileChanges, type DecideInput, type FileDecision, type FileEvent, type ScannedFile, type Skip } from "./decideFileChanges.js";
export { FILE_STREAM_PREFIX, fileStream, readKnownFile, readKnownFiles, readKnownFilesAt, unchangedSince, type KnownFile } from "./readKnownFiles.js";
export { completeIndexRun, PROJECT_STREAM, startIndexRun } from "./recordIndexRun.js";
export { COMMIT_STREAM_PREFIX, commitStream, isCommitObserved, recordCommits, type RecordedCommits } from "./recordCommits.js";
export { recordSessionStart, SESSION_STREAM_PREFIX, sessionStream, type SessionStart } from "./recordSessionStart.js";
export { CONTEXT_STREAM_PREFIX, contextStream, logContextServed, recordContextServed, type ContextServedInput } from "./recordContextServed.js";
export { recordFileChanges, type RecordFileChangesInput, type LookAgain } from "./recordFileChanges.js";
export {
  removeEdges,
  addEdges,
  CODE_GRAPH,
  DEFAULT_GRAPH,
  ReadOnlyGraph,
  type GraphWrite,
  importGraph,
  deleteGraph,
  addNodes,
  removeNodes,
  type NodeAdded,
} from "./scratch/index.js";
