import { existsSync } from "node:fs";
import * as Either from "effect/Either";
import { lastPositionOfTypes } from "../../events/index.js";
import {
  ChunkReader,
  projectEmbedder,
  type ProjectEmbedder,
  CatalogProjector,
  CatalogReader,
  GraphReader,
  type GraphQueryable,
  catchUp,
  type Embedder,
} from "../../projections/index.js";
import { engineLockHolder } from "../engineLock.js";
import type { EngineContext } from "../Engine.js";
import { importKuzuStore } from "../../projections/lazy.js";

/**
 * Events that change what the chunk table should hold: a FileChanged not yet parsed, or a parse
 * outcome not yet projected. Index-run markers and memory writes move the log head without
 * making the table stale, so comparing with the head would open the whole engine on every query.
 */
const CHUNK_INPUTS = ["FileChanged", "FileDeleted", "FileParsed", "ParseFailed", "FileSkipped"];

type ReadOnlyGraph = GraphQueryable & { close(): Promise<void> };

/**
 * The reads of a one-shot CLI command (`nemesis search`, `grep`, `rule list`), in a process that
 * may not own the engine: each read model is opened read-only when first asked for, and all are
 * closed together. What `Queries` is for a call the engine serves, without holding the engine.
 */
export interface OneShotQueries {
  /** The catalog (files, memory, runs); empty before the first index. */
  catalog(): CatalogReader;
  /**
   * The chunk table, first parsing and projecting whatever the log holds beyond it. When another
   * process owns the engine, that owner is already catching up: this reads what is there rather
   * than wait. Null when nothing is indexed.
   */
  chunks(): Promise<ChunkReader | null>;
  /**
   * The code graph read-only, or null when it is absent, owned by a running engine, or cannot be
   * opened: a search then ranks by text alone rather than fail.
   */
  graph(): Promise<GraphQueryable | null>;
  /** The graph's file neighbours (what a file imports and what imports it); null without a graph. */
  fileNeighbours(): Promise<GraphReader | null>;
  /** The project's embedder (null with provider "none"). */
  embedder(): Embedder | null;
  close(): Promise<void>;
}

const openChunksCaughtUp = async (ctx: EngineContext): Promise<ChunkReader | null> => {
  const existing = await ChunkReader.open(ctx.paths.chunks);
  const behind = !existing || existing.position() < lastPositionOfTypes(ctx.log, CHUNK_INPUTS);
  if (!behind) return existing;
  existing?.close();
  // Loaded only when needed: the engine brings the parser and Kuzu with it.
  const { Engine } = await import("../Engine.js");
  const engine = await Engine.open(ctx, { workers: 1 });
  if (Either.isRight(engine)) {
    try {
      await engine.right.catchUp();
    } finally {
      await engine.right.close();
    }
  }
  return ChunkReader.open(ctx.paths.chunks);
};

const openGraphReadOnly = async (graphPath: string, lockPath: string): Promise<ReadOnlyGraph | null> => {
  if (!existsSync(graphPath)) return null;
  if (engineLockHolder(lockPath) !== null) return null;
  const { KuzuStore } = await importKuzuStore();
  return KuzuStore.open(graphPath, { bufferPoolMb: 64, readOnly: true }).catch(() => null);
};

export const oneShotQueries = (ctx: EngineContext): OneShotQueries => {
  let catalog: CatalogReader | null = null;
  let chunks: Promise<ChunkReader | null> | null = null;
  let graph: Promise<ReadOnlyGraph | null> | null = null;
  let embedder: ProjectEmbedder | null = null;
  const openGraph = () => (graph ??= openGraphReadOnly(ctx.paths.graph, ctx.paths.lock));
  return {
    catalog: () => (catalog ??= CatalogReader.open(ctx.paths.catalog)),
    chunks: () => (chunks ??= openChunksCaughtUp(ctx)),
    graph: openGraph,
    fileNeighbours: async () => {
      const g = await openGraph();
      return g ? new GraphReader(g) : null;
    },
    embedder: () => (embedder ??= projectEmbedder(ctx.paths, ctx.config)).embedder,
    close: async () => {
      catalog?.close();
      (await chunks?.catch(() => null))?.close();
      await (await graph?.catch(() => null))?.close();
      embedder?.close();
    },
  };
};

/** Brings the catalog up to the log (a memory write from the CLI is listed at once); throws what the catch-up met. */
export const catchUpCatalog = async (ctx: EngineContext): Promise<void> => {
  const projector = new CatalogProjector(ctx.paths.catalog);
  try {
    await catchUp(ctx.log, projector);
  } finally {
    await projector.close();
  }
};
