import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import type { LogHandle } from "../events/index.js";
import { CATALOG_VERSION, CatalogProjector } from "./catalog/CatalogProjector.js";
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
 * Every read model the engine keeps, in the order they are caught up. A new projector plugs
 * in here and `nemesis replay` / the engine pick it up without further changes.
 */
const FACTORIES = {
  catalog: async (paths: NemesisPaths, _config: NemesisConfig, _log: LogHandle): Promise<Projector> => new CatalogProjector(paths.catalog),
  graph: async (paths: NemesisPaths, config: NemesisConfig, log: LogHandle, open: OpenOptions = {}): Promise<Projector> =>
    GraphProjector.open(paths.graph, log, createResolver, { bufferPoolMb: config.graph.buffer_pool_mb }, open),
  chunks: async (paths: NemesisPaths, config: NemesisConfig, _log: LogHandle): Promise<Projector> => {
    const { embedder, inline, close } = projectEmbedder(paths, config);
    return ChunkProjector.open(paths.chunks, embedder, { inlineEmbedding: inline, release: close });
  },
  graphs: async (paths: NemesisPaths, _config: NemesisConfig, _log: LogHandle): Promise<Projector> => new ScratchProjector(scratchStorePath(paths)),
  history: async (paths: NemesisPaths, _config: NemesisConfig, _log: LogHandle): Promise<Projector> => new HistoryProjector(paths.history),
} as const;

/**
 * `fresh`: the caller is about to rebuild the model, so a store may drop its old content at
 * open instead of loading it (the others ignore it: `reset` empties them as usual).
 */
export interface OpenOptions {
  readonly fresh?: boolean;
}

export type ProjectionName = keyof typeof FACTORIES;
export const PROJECTION_NAMES = Object.keys(FACTORIES) as ProjectionName[];

export const openProjectors = async (
  paths: NemesisPaths,
  config: NemesisConfig,
  log: LogHandle,
  names: ReadonlyArray<ProjectionName> = PROJECTION_NAMES,
  open: OpenOptions = {},
): Promise<Projector[]> => {
  const out: Projector[] = [];
  for (const name of names) out.push(await FACTORIES[name](paths, config, log, open));
  return out;
};

/** What the engine knows of a read model without opening it (see engine/LazyProjector.ts). */
export interface ProjectionInfo {
  readonly version: number;
  readonly handles: ReadonlyArray<string>;
  /** Cheap to open (a SQLite file) or worth opening only when there is work for it. */
  readonly lazy: boolean;
  readonly storePath: (paths: NemesisPaths) => string;
  /** Everything besides the log that decides the model's content: a change means it must be looked at. */
  readonly fingerprint: (config: NemesisConfig) => string;
}

export const PROJECTION_INFO: Record<ProjectionName, ProjectionInfo> = {
  catalog: { version: CATALOG_VERSION, handles: [], lazy: false, storePath: (p) => p.catalog, fingerprint: () => "" },
  graph: {
    version: GRAPH_VERSION,
    handles: GRAPH_HANDLES,
    lazy: true,
    storePath: (p) => p.graph,
    fingerprint: (c) => JSON.stringify(c.graph),
  },
  chunks: {
    version: CHUNKS_VERSION,
    handles: CHUNK_HANDLES,
    lazy: true,
    // The keyword index holds the chunk model's checkpoint.
    storePath: (p) => keywordIndexPath(p.chunks),
    // By the provider it resolves to: "auto" and "default" are one embedder.
    fingerprint: (c) => JSON.stringify({ ...c.embedding, provider: resolveProvider(settingsFromConfig(c.embedding)) }),
  },
  // Agents' scratch graphs: SQLite, cheap to open, but lazy all the same, so the engine opens
  // graphs.db on its first pass rather than on every start of a one-shot command.
  graphs: { version: SCRATCH_VERSION, handles: SCRATCH_HANDLES, lazy: true, storePath: scratchStorePath, fingerprint: () => "" },
  // Git history: SQLite like the scratch graphs, and lazy for the same reason (a project without git never opens it).
  history: { version: HISTORY_VERSION, handles: HISTORY_HANDLES, lazy: true, storePath: (p) => p.history, fingerprint: () => "" },
};

export const openProjector = (name: ProjectionName, paths: NemesisPaths, config: NemesisConfig, log: LogHandle): Promise<Projector> =>
  FACTORIES[name](paths, config, log);
