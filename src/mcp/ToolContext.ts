import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import type { IndexSummary } from "../engine/index.js";
import type { LogHandle } from "../events/index.js";
import type { ChunkReader } from "../projections/chunks/ChunkReader.js";
import type { CatalogReader, GraphQueryable } from "../projections/index.js";
import type { Embedder } from "../projections/embed/index.js";
import type { IndexState } from "./indexState.js";
import type { WatchControl } from "./watchControl.js";
import type { ScratchReader } from "../projections/scratch/index.js";
import type { HistoryReader } from "../projections/history/index.js";

/** Something built from the whole code graph, whatever a call's arguments: its identity is its key in `graphSnapshot`. */
export type GraphLoad<T> = (graph: GraphQueryable) => Promise<T>;

/** Who called a tool: the MCP client named in `initialize`, or the CLI. Recorded on memory writes. */
export interface ToolCaller {
  readonly name: string;
  readonly version?: string;
  /** `mcp` for a client over stdio or HTTP, `cli` for `nemesis query`, `hook` for a prompt hook's call. */
  readonly source: "mcp" | "cli" | "hook";
  /** The session its `initialize` recorded (SessionStarted): "since my last session" is the one before it. */
  readonly session?: string;
}

/** What a tool's `run` may use. The engine process builds one; nothing else opens read models. */
export interface ToolContext {
  readonly paths: NemesisPaths;
  readonly config: NemesisConfig;
  /** The project root after realpath: every path argument is resolved and confined against it. */
  readonly root: string;
  /** The event log, for commands (store_rule, store_decision). Queries never write through it. */
  readonly log: LogHandle;
  readonly caller: ToolCaller;
  /** Cypher over the code graph; null when nothing is indexed yet. */
  graph(): Promise<GraphQueryable | null>;
  /**
   * What `load` builds from the graph, built once and shared by every call until the graph
   * changes (its checkpoint moves); null when nothing is indexed yet. For what a tool reads
   * whatever its arguments (the whole symbol graph and its ranks, every file's links), never for
   * the answer to one call's arguments. Pass a module-level function: it is the cache key.
   */
  graphSnapshot<T>(load: GraphLoad<T>): Promise<T | null>;
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
  /** A delta index of the project (or of `scope`, a relative folder) through the engine: scan, record, parse, project. */
  index(options: { readonly scope?: string; readonly languages?: ReadonlyArray<string> }): Promise<IndexSummary>;
  /** Reports progress to a client that sent a progress token; a no-op otherwise. */
  progress(done: number, total: number | undefined, message: string): void;
  /** Each read model's checkpoint and the newest event it still has to apply (0 when it is current). */
  readModels(): Promise<ReadonlyArray<{ readonly name: string; readonly position: number; readonly behindUpTo: number }>>;
  /** One line on how current the answer is, or null when it is current; the same line throughout one call. */
  freshness(): Promise<string | null>;
  /** Whether an index runs, the engine is catching up, or nothing was ever indexed; read once per call. */
  indexState(): Promise<IndexState>;
  /** The engine's file watcher; null where none can run (a one-shot `nemesis query` owns the engine only for one call). */
  readonly watcher: WatchControl | null;
  /**
   * What to tell the caller when `e`, this call's failure, says a file it read is damaged (the
   * engine then rebuilds that read model from the log); null for any other failure.
   */
  damaged?(e: unknown): string | null;
}
