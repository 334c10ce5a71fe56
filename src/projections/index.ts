export type { ApplyContext, Projector } from "./Projector.js";
export { catchUp, rebuild, type CatchUpOptions, type CatchUpResult } from "./runProjector.js";
export { CatalogProjector, CATALOG_VERSION } from "./catalog/CatalogProjector.js";
export {
  CatalogReader,
  type ConventionRow,
  type DecisionRow,
  type FileRow,
  type RuleRow,
} from "./catalog/CatalogReader.js";
export {
  GraphProjector,
  GraphReader,
  GRAPH_VERSION,
  type EdgeEnd,
  type GraphCounts,
  type GraphQueryable,
  type SymbolSummary,
} from "./graph/index.js";
export {
  HistoryProjector,
  HistoryReader,
  HISTORY_VERSION,
  type CoChange,
  type FileCommit,
  type SimilarCommit,
} from "./history/index.js";
export {
  damageOf,
  lookForDamage,
  openProjector,
  openProjectors,
  PROJECTIONS,
  PROJECTION_NAMES,
  type ProjectionDefinition,
  type ProjectionName,
} from "./registry.js";
export { readPlanOf, type ReadPlan } from "./readPlans.js";
export { StoreDamaged } from "./damage/StoreDamaged.js";
export { digestDifferences, readModelDigest, type ReadModelDigest } from "./readModelDigest.js";
export { readCatalogSummary, type CatalogSummary } from "./catalog/readCatalogSummary.js";
export { describeEmbedding, type EmbeddingDescription, embeddingText } from "./embed/describeEmbedding.js";
export { settingsFromConfig } from "./embed/createEmbedder.js";
export { ChunkReader, type ChunkFilter } from "./chunks/ChunkReader.js";
export { type Embedder, type CachedEmbedder, isEmbedderError } from "./embed/index.js";
export { ScratchReader, scratchStorePath, foldCase, normaliseLabel } from "./scratch/index.js";
export { projectEmbedder, type ProjectEmbedder } from "./chunks/projectEmbedder.js";
export { EDGE_KINDS, type EdgeKind, fileNodeId } from "./graph/model.js";
export { CHUNK_KINDS } from "./chunks/chunkKinds.js";
export { queryTerms, termsOf } from "./chunks/keywordTerms.js";
export { REL_PAIRS } from "./graph/kuzuSchema.js";
export type { Row, Params } from "./graph/KuzuStore.js";
export type { VectorMatrix, VectorSet } from "./chunks/index.js";
export { sparseByColumn } from "./chunks/sparseByColumn.js";
export { decodeInto, decodeVector, encodeVector, isDenseBlob, sparseCount } from "./embed/vectorBlob.js";
