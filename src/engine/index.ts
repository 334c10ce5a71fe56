export { defaultWorkers, Engine, type EngineContext, type EngineOptions } from "./Engine.js";
export { acquireEngineLock, engineLockHolder, EngineLockHeld, type EngineLock } from "./engineLock.js";
export { inlineParser } from "./inlineParser.js";
export { openSourceParser } from "./openSourceParser.js";
export { runPipeline, type PipelineProgress, type PipelineResult, type ProjectionRun } from "./runPipeline.js";
export { indexProject, type IndexOptions, type IndexProgress, type IndexSummary } from "./indexProject.js";
