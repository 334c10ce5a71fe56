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
