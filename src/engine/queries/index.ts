export type { EngineCall, GraphLoad, Progress, Queries } from "./Queries.js";
export { engineQueries, type EngineQueries } from "./engineQueries.js";
export { indexStateLine, NEVER_INDEXED, notIndexedMessage, progressText, unseenAdvice, type IndexState } from "./indexState.js";
export { watchControl, type OwnedWatchControl, type StartWatcher, type WatchControl, type WatcherEvents } from "./watchControl.js";
// The vocabulary of what Queries hands out, for its callers to name: they read through Queries and open nothing themselves.
export { EDGE_KINDS, type EdgeKind } from "../../projections/index.js";
export type { GraphCounts, GraphQueryable } from "../../projections/index.js";
export type { Embedder } from "../../projections/index.js";
export { CHUNK_KINDS } from "../../projections/index.js";
export type { ScratchReader } from "../../projections/index.js";
export type { StaleFiles } from "../../sources/index.js";
export { lagMs, type WatcherState } from "../../sources/index.js";
export { catchUpCatalog, oneShotQueries, type OneShotQueries } from "./oneShotQueries.js";
