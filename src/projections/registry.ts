import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import type { LogHandle } from "../events/index.js";
import { CatalogProjector } from "./catalog/CatalogProjector.js";
import { ChunkProjector } from "./chunks/ChunkProjector.js";
import { projectEmbedder } from "./chunks/projectEmbedder.js";
import { GraphProjector } from "./graph/GraphProjector.js";
import { createResolver } from "./graph/resolve/index.js";
import type { Projector } from "./Projector.js";

/**
 * Every read model the engine keeps, in the order they are caught up. A new projector plugs
 * in here and `nemesis replay` / the engine pick it up without further changes.
 */
const FACTORIES = {
  catalog: async (paths: NemesisPaths, _config: NemesisConfig, _log: LogHandle): Promise<Projector> => new CatalogProjector(paths.catalog),
  graph: async (paths: NemesisPaths, config: NemesisConfig, log: LogHandle): Promise<Projector> =>
    GraphProjector.open(paths.graph, log, createResolver, { bufferPoolMb: config.graph.buffer_pool_mb }),
  chunks: async (paths: NemesisPaths, config: NemesisConfig, _log: LogHandle): Promise<Projector> => {
    const { embedder, inline, close } = projectEmbedder(paths, config);
    return ChunkProjector.open(paths.chunks, embedder, { inlineEmbedding: inline, release: close });
  },
} as const;

export type ProjectionName = keyof typeof FACTORIES;
export const PROJECTION_NAMES = Object.keys(FACTORIES) as ProjectionName[];

export const openProjectors = async (
  paths: NemesisPaths,
  config: NemesisConfig,
  log: LogHandle,
  names: ReadonlyArray<ProjectionName> = PROJECTION_NAMES,
): Promise<Projector[]> => {
  const out: Projector[] = [];
  for (const name of names) out.push(await FACTORIES[name](paths, config, log));
  return out;
};
