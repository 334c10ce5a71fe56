import { rmSync } from "node:fs";
import { join } from "node:path";
import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import type { LogHandle } from "../events/index.js";
import { damageIn, type StoreFiles } from "./damage/damageIn.js";
import { filesDamage } from "./damage/filesDamage.js";
import type { StoreDamaged } from "./damage/StoreDamaged.js";
import { removeGraph } from "./graph/rebuildBeside.js";
import { removeSqliteStore } from "./removeSqliteStore.js";
import { CATALOG_HANDLES, CATALOG_VERSION, CatalogProjector } from "./catalog/CatalogProjector.js";
import { CHUNK_HANDLES, CHUNKS_VERSION, ChunkProjector, keywordIndexPath } from "./chunks/ChunkProjector.js";
import { projectEmbedder } from "./chunks/projectEmbedder.js";
import { resolveProvider, settingsFromConfig } from "./embed/createEmbedder.js";
import { GRAPH_HANDLES, GRAPH_VERSION, GraphProjector } from "./graph/GraphProjector.js";
import { createResolver } from "./graph/resolve/index.js";
import { HISTORY_HANDLES, HISTORY_VERSION, HistoryProjector } from "./history/HistoryProjector.js";
import type { Projector } from "./Projector.js";
import { scratchStorePath } from "./scratch/openScratchStore.js";
import { SCRATCH_HANDLES, SCRATCH_VERSION, ScratchProjector } from "./scratch/ScratchProjector.js";

/**
 * `fresh`: the caller is about to rebuild the model, so its files are deleted before it opens
 * (the graph also skips loading its resolver state).
 */
export interface OpenOptions {
  readonly fresh?: boolean;
}

/**
 * One read model: what it is (name, version, the events it folds), how to open the projector
 * whose `apply` folds them, and what the engine needs to know of its files without opening it.
 * How the runner reads the log for it is its read plan, kept apart (readPlans.ts).
 */
export interface ProjectionDefinition {
  readonly name: string;
  /** Bump when the read model's shape or derivation changes: the runner then rebuilds it. */
  readonly version: number;
  readonly handles: ReadonlyArray<string>;
  /** The projector, its store opened: its `apply` folds a batch of `handles` into the model. */
  readonly open: (paths: NemesisPaths, config: NemesisConfig, log: LogHandle, open?: OpenOptions) => Promise<Projector>;
  /** Cheap to open (a SQLite file) or worth opening only when there is work for it (see engine/LazyProjector.ts). */
  readonly lazy: boolean;
  readonly storePath: (paths: NemesisPaths) => string;
  /** Everything besides the log that decides the model's content: a change means it must be looked at. */
  readonly fingerprint: (config: NemesisConfig) => string;
  /** The model's files, by the library that reads each: a failure of that library is damage of that file (see damageIn). */
  readonly files: (paths: NemesisPaths) => StoreFiles;
  /** Deletes every file of the model (a damaged one is dropped, then rebuilt from the log). */
  readonly remove: (paths: NemesisPaths) => void;
}

/** Where LanceDB keeps the chunk table inside the chunk model's folder. */
const chunkTablePath = (p: NemesisPaths): string => join(p.chunks, "chunks.lance");

/**
 * Every read model the engine keeps, in the order they are caught up. A new projector plugs
 * in here and `nemesis replay` / the engine pick it up without further changes.
 */
const DEFINITIONS = {
  catalog: {
    name: "catalog",
    version: CATALOG_VERSION,
    handles: CATALOG_HANDLES,
    open: async (paths) => new CatalogProjector(paths.catalog),
    lazy: false,
    storePath: (p) => p.catalog,
    fingerprint: () => "",
    files: (p) => ({ sqlite: p.catalog }),
    remove: (p) => removeSqliteStore(p.catalog),
  },
  graph: {
    name: "graph",
    version: GRAPH_VERSION,
    handles: GRAPH_HANDLES,
    open: (paths, config, log, open = {}) => GraphProjector.open(paths.graph, log, createResolver, { bufferPoolMb: config.graph.buffer_pool_mb }, open),
    lazy: true,
    storePath: (p) => p.graph,
    fingerprint: (c) => JSON.stringify(c.graph),
    // Its resolution cache is SQLite too, but sets itself aside when damaged (CacheSlot): a SQLite failure here is the log's.
    files: (p) => ({ kuzu: p.graph }),
    remove: (p) => removeGraph(p.graph),
  },
  chunks: {
    name: "chunks",
    version: CHUNKS_VERSION,
    handles: CHUNK_HANDLES,
    open: async (paths, config) => {
      const { embedder, inline, close } = projectEmbedder(paths, config);
      return ChunkProjector.open(paths.chunks, embedder, { inlineEmbedding: inline, release: close });
    },
    lazy: true,
    // The keyword index holds the chunk model's checkpoint.
    storePath: (p) => keywordIndexPath(p.chunks),
    // By the provider it resolves to: "auto" and "default" are one embedder.
    fingerprint: (c) => JSON.stringify({ ...c.embedding, provider: resolveProvider(settingsFromConfig(c.embedding)) }),
    // The embedding cache (SQLite as well) starts itself afresh when damaged: a SQLite failure here is the keyword index's.
    files: (p) => ({ sqlite: keywordIndexPath(p.chunks), lance: chunkTablePath(p) }),
    // The folder holds the keyword index, the table and the vector snapshot; the embedding cache lies outside it and stays.
    remove: (p) => rmSync(p.chunks, { recursive: true, force: true }),
  },
  // Agents' scratch graphs: SQLite, cheap to open, but lazy all the same, so the engine opens
  // graphs.db on its first pass rather than on every start of a one-shot command.
  scratch: {
    name: "scratch",
    version: SCRATCH_VERSION,
    handles: SCRATCH_HANDLES,
    open: async (paths) => new ScratchProjector(scratchStorePath(paths)),
    lazy: true,
    storePath: scratchStorePath,
    fingerprint: () => "",
    files: (p) => ({ sqlite: scratchStorePath(p) }),
    remove: (p) => removeSqliteStore(scratchStorePath(p)),
  },
  // Git history: SQLite like the scratch graphs, and lazy for the same reason (a project without git never opens it).
  history: {
    name: "history",
    version: HISTORY_VERSION,
    handles: HISTORY_HANDLES,
    open: async (paths) => new HistoryProjector(paths.history),
    lazy: true,
    storePath: (p) => p.history,
    fingerprint: () => "",
    files: (p) => ({ sqlite: p.history }),
    remove: (p) => removeSqliteStore(p.history),
  },
} as const satisfies Record<string, ProjectionDefinition>;

export type ProjectionName = keyof typeof DEFINITIONS;
export const PROJECTION_NAMES = Object.keys(DEFINITIONS) as ProjectionName[];
export const PROJECTIONS: Readonly<Record<ProjectionName, ProjectionDefinition>> = DEFINITIONS;

export const openProjectors = async (
  paths: NemesisPaths,
  config: NemesisConfig,
  log: LogHandle,
  names: ReadonlyArray<ProjectionName> = PROJECTION_NAMES,
  open: OpenOptions = {},
): Promise<Projector[]> => {
  const out: Projector[] = [];
  for (const name of names) {
    // A rebuild drops the old store anyway: dropped first, a damaged one cannot fail the open.
    if (open.fresh === true) PROJECTIONS[name].remove(paths);
    out.push(await PROJECTIONS[name].open(paths, config, log, open));
  }
  return out;
};

export const openProjector = (name: ProjectionName, paths: NemesisPaths, config: NemesisConfig, log: LogHandle): Promise<Projector> =>
  PROJECTIONS[name].open(paths, config, log);

/** What a look at `name`'s files finds without opening them (see filesDamage), or null. */
export const lookForDamage = (name: ProjectionName, paths: NemesisPaths): StoreDamaged | null => filesDamage(name, PROJECTIONS[name].files(paths));

/** `e` as the damage of one of `name`'s files, or null when it is something else. */
export const damageOf = (name: ProjectionName, paths: NemesisPaths, e: unknown): StoreDamaged | null =>
  damageIn(name, PROJECTIONS[name].files(paths), e);
