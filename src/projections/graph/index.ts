export { GraphProjector, GRAPH_VERSION } from "./GraphProjector.js";
export type { GraphApplyStats } from "./planWrite.js";
export { decodeFileParsed } from "./decodeFileParsed.js";
export {
  GraphReader,
  type EdgeEnd,
  type GraphCounts,
  type GraphQueryable,
  type SymbolSummary,
} from "./GraphReader.js";
export type { UnresolvedEntry } from "./graphRows.js";
export { GraphStoreError, removeGraphDatabase, type KuzuStoreOptions } from "./KuzuStore.js";
export * from "./model.js";
