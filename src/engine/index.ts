export { defaultWorkers, Engine, type EngineContext, type EngineOptions } from "./Engine.js";
// The log an EngineContext holds (the commands a tool runs append to it) and the log's damage, as an engine's clients name them.
export { EventLogDamaged, type LogHandle } from "../events/index.js";
export { acquireEngineLock, engineLockHolder, engineOwner, EngineLockHeld, type EngineLock } from "./engineLock.js";
export { engineSocketPath } from "./socket/socketPath.js";
export { listenEngineSocket, type EngineSocket, type SocketHandler } from "./socket/engineSocket.js";
export { connectEngine, EngineGone, type SocketClient } from "./socket/socketClient.js";
export { findDamage } from "./findDamage.js";
export { inlineParser } from "./inlineParser.js";
export { openSourceParser } from "./openSourceParser.js";
export { runPipeline, type PipelineProgress, type PipelineResult, type ProjectionRun } from "./runPipeline.js";
export { indexProject, type IndexOptions, type IndexProgress, type IndexSummary } from "./indexProject.js";
export { historyAccess, type HistoryAccess } from "./historyAccess.js";
export { readContextFacts, readContextReport, type ContextReportRead } from "./contextReport/index.js";
export {
  isLoggedFile,
  previousSession,
  readChanges,
  readLinkedMemory,
  readSessions,
  readStaleMemory,
  readSymbolHistory,
  loggedSymbol,
  resolveSince,
  SAME_SESSION_MS,
  type ReadChangesOptions,
  type SessionRecord,
  type SinceCaller,
  type SinceResolved,
  type StaleMemory,
  type SymbolHistory,
  type SymbolMemory,
} from "./changes/index.js";
export {
  catchUpCatalog,
  CHUNK_KINDS,
  EDGE_KINDS,
  engineQueries,
  indexStateLine,
  lagMs,
  NEVER_INDEXED,
  notIndexedMessage,
  oneShotQueries,
  progressText,
  unseenAdvice,
  watchControl,
  type EdgeKind,
  type Embedder,
  type EngineCall,
  type EngineQueries,
  type GraphCounts,
  type GraphLoad,
  type GraphQueryable,
  type OneShotQueries,
  type IndexState,
  type OwnedWatchControl,
  type Progress,
  type Queries,
  type ScratchReader,
  type StaleFiles,
  type StartWatcher,
  type WatchControl,
  type WatcherEvents,
  type WatcherState,
} from "./queries/index.js";
export { readCatalogSummary } from "./catalogSummary.js";
export { describeConfiguredEmbedding, embeddingText, type EmbeddingDescription } from "./describeConfiguredEmbedding.js";
export { READ_MODEL_NAMES, replayReadModels, type ReadModelName } from "./replayReadModels.js";
export { writeArchitectureCache } from "./writeArchitectureCache.js";
