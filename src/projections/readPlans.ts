import type { ReadFilter } from "../events/index.js";
import { CATALOG_SUMMARIES } from "./catalog/CatalogProjector.js";
import { CHUNK_SUMMARIES } from "./chunks/fileTargets.js";
import { GRAPH_OMITS } from "./graph/decodeFileParsed.js";

/**
 * How the runner reads the log for one read model. None of it changes what the model holds,
 * only what a catch-up costs; a projector states what it folds (its ProjectionDefinition), and
 * the runner (runProjector.ts, the engine's catch-up) decides how to feed it. The reasons
 * behind each value, with the figures, are in docs/benchmarks.md ("Why the read plans are
 * tuned as they are").
 */
export interface ReadPlan {
  /** Types whose payload `apply` reads only in part: it then gets just these fields (see ReadFilter.summaries). */
  readonly summaries?: ReadFilter["summaries"];
  /** Per type, top-level payload fields the projector never reads: the log leaves them out (see ReadFilter.omit). */
  readonly omit?: ReadFilter["omit"];
  /** Types whose payload `apply` reads once each: fetched when first read (see ReadFilter.deferred). */
  readonly deferred?: ReadonlyArray<string>;
  /** Types whose rows `applyRows` reads bare: position, type, schema and data only (see ReadFilter.bare). */
  readonly bare?: ReadonlyArray<string>;
  /** Events per batch (default DEFAULT_BATCH): a projector that folds a batch in memory gains from larger ones. */
  readonly batchSize?: number;
  /**
   * From an empty read model (checkpoint 0: a cold index, a replay, a rebuild) the whole log in
   * one batch instead of `batchSize` events at a time: a projector that must see every event
   * before its result is right (the graph: a file's calls resolve against every file's
   * declarations) builds in one pass and bounds its own memory.
   */
  readonly wholeFromEmpty?: boolean;
  /**
   * Caught up in a thread of its own, alongside parsing and the graph, reading `batchSize`
   * events at a time there. Only for a model the engine never reads through the main thread's
   * store while it catches up (the graph stays: Kuzu admits one database object per process).
   */
  readonly ownThread?: { readonly batchSize: number };
}

/** Events per batch for a model whose plan names none. */
export const DEFAULT_BATCH = 5_000;

const NO_PLAN: ReadPlan = {};

/** Each read model's plan, by the name it is registered under (see registry.ts); a model not listed reads everything, DEFAULT_BATCH at a time. */
const READ_PLANS: Readonly<Record<string, ReadPlan>> = {
  // The catalog folds a batch's file events into one write per file: the more a batch holds,
  // the fewer writes, and its rows are small. applyRows reads nothing of FileChanged and
  // FileParsed but their payload (or summary) and position, and FileParsed only in summary,
  // so a replay never builds the symbols and chunks.
  catalog: { summaries: CATALOG_SUMMARIES, bare: ["FileChanged", "FileParsed"], batchSize: 20_000 },
  // The graph never reads chunk texts; a FileParsed payload is parsed once, when first read, so
  // each text dies young; and a build from empty must see every file before resolving calls.
  graph: { omit: GRAPH_OMITS, deferred: ["FileParsed"], wholeFromEmpty: true },
  // The chunk model reads three fields of FileParsed. In its own thread FileParsed payloads
  // are large (a batch holds their chunk texts), so small batches keep its memory flat.
  chunks: { summaries: CHUNK_SUMMARIES, ownThread: { batchSize: 200 } },
  // Scratch graph events are small and fold in one transaction per batch.
  scratch: { batchSize: 20_000 },
};

export const readPlanOf = (name: string): ReadPlan => READ_PLANS[name] ?? NO_PLAN;
