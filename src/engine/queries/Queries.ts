import type { NemesisConfig, NemesisPaths } from "../../config/index.js";
import type { ChunkReader, CatalogReader, GraphCounts, GraphQueryable, Embedder, HistoryReader, ScratchReader } from "../../projections/index.js";
import type { StaleFiles, WatcherState } from "../../sources/index.js";
import type { FileLinks, FileNeighbours } from "../../queries/index.js";
import type { IndexSummary } from "../indexProject.js";
import type { IndexState } from "./indexState.js";
import type { WatchControl } from "./watchControl.js";

/** Something built from the whole code graph, whatever a call's arguments: its identity is its key in `graphSnapshot`. */
export type GraphLoad<T> = (graph: GraphQueryable) => Promise<T>;

/** Where one reader of the log stands: its checkpoint, and the events after it, split by whether it applies them. */
export interface LogLag {
  readonly position: number;
  /** Events of the types it handles after its checkpoint: what it still has to apply. */
  readonly pending: number;
  /** Later events of other types: why its checkpoint may trail the head while it is up to date. */
  readonly notForIt: number;
}

/** The log's head, and how far behind it the parse reactor and each read model are. */
export interface LogProgress {
  readonly head: number;
  /** The parse reactor: FileChanged events recorded and not parsed yet. */
  readonly parse: LogLag;
  /** Each read model; `version` is its stored projector version where it was read. */
  readonly models: ReadonlyArray<LogLag & { readonly name: string; readonly version: number | null }>;
}

/** Indexed files the index no longer matches: changed or deleted on disk, or parsed by another version of the extractors. */
export interface StaleIndexedFiles extends StaleFiles {
  /** Parsed by another version of the extractors: the next index parses them again. */
  readonly outdated: ReadonlyArray<string>;
}

/**
 * The read side of one engine, as one call sees it: the engine builds it (engineQueries), tools
 * and the CLI read through it and nothing else opens a read model. Checkpoints, the index state
 * and the freshness line are read once per call, so what one answer says agrees with itself.
 */
export interface Queries {
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  /** The project root after realpath: every path argument is resolved and confined against it. */
  readonly root: string;
  /** Cypher over the code graph; null when nothing is indexed yet. */
  graph(): Promise<GraphQueryable | null>;
  /** The code graph's counts by kind; null when nothing is indexed yet. */
  graphCounts(): Promise<GraphCounts | null>;
  /**
   * What `load` builds from the graph, built once and shared by every call until the graph
   * changes (its checkpoint moves); null when nothing is indexed yet. For what a tool reads
   * whatever its arguments (the whole symbol graph and its ranks, every file's links), never for
   * the answer to one call's arguments. Pass a module-level function: it is the cache key.
   */
  graphSnapshot<T>(load: GraphLoad<T>): Promise<T | null>;
  /**
   * The files the code graph joins by calls and imports, for search's ranking; null when nothing
   * is indexed yet. A long-lived engine answers from a snapshot of every file's links (built once
   * per graph change); a one-shot command asks the graph for the files of its one search.
   */
  fileLinks(): Promise<FileLinks | null>;
  /** What each file imports and what imports it (a search's related files), kept or asked as `fileLinks` is; null when nothing is indexed yet. */
  fileNeighbours(): Promise<FileNeighbours | null>;
  /**
   * The chunk table. Empty while the first index has not written it yet (answers then cover
   * what is indexed so far); null only when nothing is indexed and no index runs (`indexState` never).
   */
  chunks(): Promise<ChunkReader | null>;
  /** The catalog (files, memory, runs). Always available: it is created with the project. */
  catalog(): CatalogReader;
  /** Brings the memory in the catalog up to the log now (read-your-writes for memory tools). */
  syncMemory(): Promise<void>;
  /** Agents' scratch graphs (graphs.db), caught up with the log first: a graph write is readable as soon as it returns. */
  scratchGraphs(): Promise<ScratchReader>;
  /** Git history (history.db: commits, co-change, message search), caught up with the log first; null when no commit is recorded. */
  history(): Promise<HistoryReader | null>;
  /** The project's embedder (null with provider "none"). */
  embedder(): Embedder | null;
  /** Each read model's checkpoint and the newest event it still has to apply (0 when it is current). */
  readModels(): Promise<ReadonlyArray<{ readonly name: string; readonly position: number; readonly behindUpTo: number }>>;
  /**
   * The log's head and the events each reader of it still has to apply, counted now (status's
   * view; `readModels` is the cheap one, for what a tool keys its caches on).
   */
  logProgress(): Promise<LogProgress>;
  /** Indexed files changed or deleted on disk since they were indexed, looked at now, and those parsed by another version. */
  staleFiles(): StaleIndexedFiles;
  /** One line on how current the answer is, or null when it is current; the same line throughout one call. */
  freshness(): Promise<string | null>;
  /** Whether an index runs, the engine is catching up, or nothing was ever indexed; read once per call. */
  indexState(): Promise<IndexState>;
  /** The state of the engine's file watcher; null when none runs. */
  watcherState(): WatcherState | null;
  /**
   * What to tell the caller when `e`, this call's failure, says a file it read is damaged (the
   * engine then rebuilds that read model from the log); null for any other failure.
   */
  damaged?(e: unknown): string | null;
}

/** Reports progress to a client that sent a progress token; a no-op otherwise. */
export type Progress = (done: number, total: number | undefined, message: string) => void;

/** One call's reads, and what the engine does for a call beside reading: index, and drive the watcher. */
export interface EngineCall extends Queries {
  /** A delta index of the project (or of `scope`, a relative folder) through the engine: scan, record, parse, project. */
  index(options: { readonly scope?: string; readonly languages?: ReadonlyArray<string> }): Promise<IndexSummary>;
  /** The engine's file watcher; null where none can run (a one-shot `nemesis query` owns the engine only for one call). */
  readonly watcher: WatchControl | null;
}
