import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import type { LogHandle } from "../events/index.js";
import { CatalogProjector } from "./catalog/CatalogProjector.js";
import type { Projector } from "./Projector.js";

/**
 * Every read model the engine keeps, in the order they are caught up. A new projector plugs
 * in here and `nemesis replay` / the engine pick it up without further changes.
 */
const FACTORIES = {
  catalog: async (paths: NemesisPaths, _config: NemesisConfig, _log: LogHandle): Promise<Projector> => new CatalogProjector(paths.catalog),
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
