import type { NemesisConfig, NemesisPaths } from "../config/index.js";
import { dropProjectionHint, readThroughMemoryMap, type LogHandle } from "../events/index.js";
import { openProjectors, PROJECTION_NAMES, rebuild, type ProjectionName } from "../projections/index.js";

export { PROJECTION_NAMES as READ_MODEL_NAMES, type ProjectionName as ReadModelName } from "../projections/index.js";

/** What replaying one read model did. */
export interface ReplayedModel {
  readonly name: string;
  readonly events: number;
  /** The log position it was rebuilt up to. */
  readonly to: number;
  readonly ms: number;
}

/**
 * Drops the named read models and rebuilds each from the whole log, one after the other
 * (`nemesis replay`); the log itself is only read. `onReplayed` hears of each as it finishes.
 */
export const replayReadModels = async (
  ctx: { readonly paths: NemesisPaths; readonly config: NemesisConfig; readonly log: LogHandle },
  names: ReadonlyArray<ProjectionName> = PROJECTION_NAMES,
  onReplayed: (model: ReplayedModel) => void = () => undefined,
): Promise<void> => {
  // A replay reads the whole log: mapped pages spare a system call and a copy each.
  readThroughMemoryMap(ctx.log);
  // The engine's hint says where a store stood; a rebuild that stops half-way (or a store
  // dropped at open) must not be mistaken for it.
  for (const name of names) dropProjectionHint(ctx.log, name);
  const projectors = await openProjectors(ctx.paths, ctx.config, ctx.log, [...names], { fresh: true });
  try {
    for (const p of projectors) {
      const t0 = performance.now();
      const r = await rebuild(ctx.log, p);
      onReplayed({ name: p.name, events: r.events, to: r.to, ms: performance.now() - t0 });
    }
  } finally {
    for (const p of projectors) await p.close();
  }
};
