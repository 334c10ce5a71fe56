import { existsSync, realpathSync } from "node:fs";
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
  HistoryReader,
  ScratchReader,
  scratchStorePath,
  catchUp,
} from "../../projections/index.js";
import { graphFileLinks } from "../../queries/index.js";
import { describeConfiguredEmbedding } from "../describeConfiguredEmbedding.js";
import { engineLockHolder } from "../engineLock.js";
import type { EngineContext } from "../Engine.js";
import { checkpointsUnderLock, type CheckpointSnapshot } from "./checkpointsUnderLock.js";
import { staleText } from "./diskFreshness.js";
import { FILE_EVENTS, indexStateLine, indexStateOf, type IndexState } from "./indexState.js";
import { logProgressOf, staleIndexedFiles } from "./logProgress.js";
import type { EngineCall, GraphLoad, StaleIndexedFiles } from "./Queries.js";
import { importKuzuStore } from "../../projections/lazy.js";

type ReadOnlyGraph = GraphQueryable & { close(): Promise<void> };

/**
 * The reads of a one-shot CLI command (`nemesis search`, `grep`, `status`, `rule list`) in a
 * process that may not own the engine: `Queries` as the engine serves it, each read model opened
 * when first asked for (read-only where it can be), all closed together. What must catch a read
 * model up first (the scratch graphs, history, an index) opens the engine for the call, when no
 * other process holds it.
 */
export interface OneShotQueries extends EngineCall {
  close(): Promise<void>;
}

const openChunksCaughtUp = async (ctx: EngineContext): Promise<ChunkReader | null> => {
  const existing = await ChunkReader.open(ctx.paths.chunks);
  const behind = !existing || existing.position() < lastPositionOfTypes(ctx.log, FILE_EVENTS);
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

/** The engine this process opened for a call that must catch a read model up, with its reads. */
interface OwnedEngine {
  readonly call: EngineCall;
  close(): Promise<void>;
}

const openOwnedEngine = async (ctx: EngineContext): Promise<OwnedEngine | null> => {
  const [{ Engine }, { engineQueries }] = await Promise.all([import("../Engine.js"), import("./engineQueries.js")]);
  const opened = await Engine.open(ctx, { workers: 1 });
  if (Either.isLeft(opened)) return null;
  const queries = engineQueries(opened.right);
  return {
    call: queries.forCall("cli"),
    close: async () => {
      await queries.close();
      await opened.right.close();
    },
  };
};

export const oneShotQueries = (ctx: EngineContext): OneShotQueries => {
  const { paths, config, log } = ctx;
  const root = realpathSync(paths.root);
  let catalog: CatalogReader | null = null;
  let chunks: Promise<ChunkReader | null> | null = null;
  let graph: Promise<ReadOnlyGraph | null> | null = null;
  let embedder: ProjectEmbedder | null = null;
  let owned: Promise<OwnedEngine | null> | null = null;
  let checkpoints: Promise<CheckpointSnapshot> | null = null;
  const readers: Array<{ close(): void }> = [];
  const snapshots = new Map<GraphLoad<unknown>, Promise<unknown>>();

  const ownedEngine = () => (owned ??= openOwnedEngine(ctx));
  /**
   * Once this process has opened the engine (for a write or a catch-up), it holds the lock and
   * Kuzu: every later read goes through it rather than open a second copy of a store.
   */
  const opened = async (): Promise<EngineCall | null> => (owned === null ? null : ((await owned.catch(() => null))?.call ?? null));
  const throughEngine =
    <A extends unknown[], T>(read: (call: EngineCall, ...args: A) => Promise<T>, otherwise: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      const call = await opened();
      return call !== null ? read(call, ...args) : otherwise(...args);
    };
  const openCatalog = () => (catalog ??= CatalogReader.open(paths.catalog));
  const openGraph = () => (graph ??= openGraphReadOnly(paths.graph, paths.lock));
  // With the engine open here, its checkpoints; otherwise read under the lock (or the catalog's alone).
  const readCheckpoints = () =>
    (checkpoints ??= checkpointsUnderLock(ctx, describeConfiguredEmbedding(config.embedding).problem === null));

  const indexState = async (): Promise<IndexState> => {
    const everIndexed = lastPositionOfTypes(log, [...FILE_EVENTS, "IndexRunCompleted"]) > 0;
    // The catalog's checkpoint and the chunk table's position are cheap to read; a call that read
    // the chunks caught every model up first.
    const wanted = lastPositionOfTypes(log, FILE_EVENTS);
    const table = await (chunks ?? Promise.resolve(null));
    const at = Math.min(openCatalog().checkpoint(), table?.position() ?? Number.POSITIVE_INFINITY);
    return indexStateOf({ running: null, behindUpTo: wanted > at ? wanted : 0, everIndexed });
  };
  let state: Promise<IndexState> | null = null;
  const stateOfCall = () => (state ??= indexState());
  // Looked at once: the answer and its freshness line then agree.
  let stale: StaleIndexedFiles | null = null;
  const stateNow = throughEngine((c) => c.indexState(), stateOfCall);
  const staleFiles = () => (stale ??= staleIndexedFiles(root, openCatalog(), config.index.max_file_bytes));

  return {
    paths,
    config,
    root,
    catalog: openCatalog,
    chunks: throughEngine((c) => c.chunks(), () => (chunks ??= openChunksCaughtUp(ctx))),
    graph: throughEngine((c) => c.graph(), openGraph),
    // From the read models opened under the lock, as the checkpoints are: Kuzu opened read-only
    // here as well would be a second database on the same files in one process.
    graphCounts: throughEngine((c) => c.graphCounts(), async () => (await readCheckpoints()).graph),
    graphSnapshot: async <T>(load: GraphLoad<T>): Promise<T | null> => {
      const call = await opened();
      if (call !== null) return call.graphSnapshot(load);
      const g = await openGraph();
      if (g === null) return null;
      const kept = snapshots.get(load) ?? load(g);
      snapshots.set(load, kept);
      return kept as Promise<T>;
    },
    // One search's files, asked of the graph: loading every file's links would cost this one call more.
    fileLinks: throughEngine(
      (c) => c.fileLinks(),
      async () => {
        const g = await openGraph();
        return g ? graphFileLinks(g) : null;
      },
    ),
    fileNeighbours: throughEngine(
      (c) => c.fileNeighbours(),
      async () => {
        const g = await openGraph();
        return g ? new GraphReader(g) : null;
      },
    ),
    syncMemory: () => catchUpCatalog(ctx),
    scratchGraphs: async () => {
      const engine = await ownedEngine();
      if (engine !== null) return engine.call.scratchGraphs();
      // Another process owns the engine and catches the model up: read what it holds.
      const reader = ScratchReader.open(scratchStorePath(paths));
      readers.push(reader);
      return reader;
    },
    history: async () => {
      const engine = await ownedEngine();
      if (engine !== null) return engine.call.history();
      const reader = HistoryReader.open(paths.history);
      readers.push(reader);
      return reader.isEmpty() ? null : reader;
    },
    embedder: () => (embedder ??= projectEmbedder(paths, config)).embedder,
    readModels: throughEngine(
      (c) => c.readModels(),
      async () =>
        (await readCheckpoints()).models.map((m) => {
          const wanted = lastPositionOfTypes(log, m.handles);
          return { name: m.name, position: m.position, behindUpTo: wanted > m.position ? wanted : 0 };
        }),
    ),
    logProgress: throughEngine(
      (c) => c.logProgress(),
      async () => logProgressOf(log, (await readCheckpoints()).models),
    ),
    staleFiles,
    freshness: async () => {
      const lines = [indexStateLine(await stateNow()), staleText(staleFiles(), "`nemesis index` updates them")].filter((l): l is string => l !== null);
      return lines.length > 0 ? lines.join("; ") : null;
    },
    indexState: () => stateNow(),
    watcherState: () => null,
    watcher: null,
    index: async (options) => {
      const engine = await ownedEngine();
      if (engine === null) {
        const holder = engineLockHolder(paths.lock);
        throw new Error(`another process${holder === null ? "" : ` (pid ${holder})`} owns this project's index: ask it, or stop it and run \`nemesis index\``);
      }
      return engine.call.index(options);
    },
    close: async () => {
      catalog?.close();
      (await chunks?.catch(() => null))?.close();
      await (await graph?.catch(() => null))?.close();
      await (await owned?.catch(() => null))?.close();
      for (const r of readers) r.close();
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
