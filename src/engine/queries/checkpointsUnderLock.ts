import * as Either from "effect/Either";
import { CatalogReader, GraphReader, openProjectors, PROJECTION_NAMES, PROJECTIONS, type GraphCounts, type GraphQueryable, type Projector } from "../../projections/index.js";
import { acquireEngineLock, engineLockHolder } from "../engineLock.js";
import type { EngineContext } from "../Engine.js";
import type { ModelCheckpoint } from "./logProgress.js";

/** Each read model's checkpoint and the graph's counts, as a process that does not run the engine sees them. */
export interface CheckpointSnapshot {
  readonly models: ReadonlyArray<ModelCheckpoint>;
  /** Null when another process owns the read models (only the catalog's checkpoint is read then). */
  readonly graph: GraphCounts | null;
}

/**
 * Checkpoints need the read models open, and only the engine's owner may open Kuzu and LanceDB
 * for writing: with the lock free, this takes it for as long as it reads them; while another
 * process holds it, only the catalog (SQLite, readable beside a writer) is read.
 * `canEmbed`: false when the chunk model cannot open (its embedder is misconfigured).
 */
export const checkpointsUnderLock = async (ctx: EngineContext, canEmbed: boolean): Promise<CheckpointSnapshot> => {
  const holder = engineLockHolder(ctx.paths.lock);
  const lock = holder === null ? acquireEngineLock(ctx.paths.lock) : null;
  if (lock === null || Either.isLeft(lock)) {
    const catalog = CatalogReader.open(ctx.paths.catalog);
    try {
      return { models: [{ name: "catalog", position: catalog.checkpoint(), version: null, handles: PROJECTIONS.catalog.handles }], graph: null };
    } finally {
      catalog.close();
    }
  }
  let projectors: Projector[] = [];
  try {
    const names = canEmbed ? PROJECTION_NAMES : PROJECTION_NAMES.filter((n) => n !== "chunks");
    projectors = await openProjectors(ctx.paths, ctx.config, ctx.log, names);
    const models: ModelCheckpoint[] = [];
    let graph: GraphCounts | null = null;
    for (const p of projectors) {
      const { position, version } = await p.checkpoint();
      models.push({ name: p.name, position, version, handles: p.handles });
      if (p.name === "graph" && "query" in p) graph = await new GraphReader(p as Projector & GraphQueryable).counts();
    }
    return { models, graph };
  } finally {
    for (const p of projectors) await p.close();
    lock.right.release();
  }
};
