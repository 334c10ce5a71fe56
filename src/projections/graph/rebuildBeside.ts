import type { LogHandle, RecordedEvent } from "../../events/index.js";
import type { ApplyContext } from "../Projector.js";
import { moveResolutionCache, removeResolutionCache } from "./CacheSlot.js";
import { GRAPH_OMITS } from "./decodeFileParsed.js";
import { KuzuStore, moveGraphDatabase, removeGraphDatabase, type KuzuStoreOptions } from "./KuzuStore.js";
import { readLatestParses } from "./readLatestParses.js";
import type { ResolverState } from "./ResolverState.js";
import type { SwappableStore } from "./SwappableStore.js";

/** A batch rebuilds the graph from the log (see cheaperToRebuild) from this many files on... */
const REBUILD_MIN_FILES = 32;
/** ...when they are this share of the files the graph holds, its resolver loaded or not yet. */
const REBUILD_SHARE_LOADED = 0.15;
const REBUILD_SHARE_UNLOADED = 0.03;

/** Removes a graph database and its resolution cache. */
export const removeGraph = (path: string): void => {
  removeGraphDatabase(path);
  removeResolutionCache(path);
};

/** Moves a closed graph database and its resolution cache to `to`, replacing what is there. */
const moveGraph = (from: string, to: string): void => {
  moveGraphDatabase(from, to);
  moveResolutionCache(from, to);
};

/** Where `rebuildBeside` builds the new database. */
export const rebuildPath = (path: string): string => `${path}.rebuild`;

/**
 * Whether rebuilding the graph from the log costs less than applying `events` to it: a batch
 * that touches a large share of the files (a branch switch, a formatter run) rewrites most of
 * the graph row by row, and a process that has not loaded the resolver yet pays for reading
 * and resolving every file first. A rebuild is one bulk load.
 */
export const cheaperToRebuild = async (events: ReadonlyArray<RecordedEvent>, resolution: ResolverState, store: KuzuStore): Promise<boolean> => {
  const files = new Set(events.map((e) => e.stream)).size;
  if (files < REBUILD_MIN_FILES) return false;
  const held = resolution.loaded ? resolution.index.paths.size : Number((await store.query("MATCH (f:File) RETURN count(*) AS n"))[0]?.n ?? 0);
  if (held === 0) return false;
  return files >= held * (resolution.loaded ? REBUILD_SHARE_LOADED : REBUILD_SHARE_UNLOADED);
};

/** A graph projector opened empty beside the store, as `rebuildBeside` uses it. */
export interface GraphBeside {
  apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context: ApplyContext): Promise<void>;
  close(): Promise<void>;
  /** What it holds once it has applied the log: the store's resolver state after the swap. */
  readonly resolution: ResolverState;
}

export interface Rebuild {
  readonly log: LogHandle;
  readonly store: SwappableStore;
  readonly options: KuzuStoreOptions;
  /** The store's resolver state: given up first, then replaced by the rebuilt graph's. */
  readonly resolution: ResolverState;
  /** Opens an empty graph at `path` (its database and resolution cache removed first). */
  readonly openBeside: (path: string) => Promise<GraphBeside>;
}

/**
 * Builds the graph of the log up to `upTo` in a database beside the store, then swaps it in.
 * Readers keep the old graph meanwhile, and a crash leaves either the old store at its own
 * checkpoint (the new one is dropped at the next rebuild) or the new one at `upTo`.
 */
export const rebuildBeside = async ({ log, store, options, resolution, openBeside }: Rebuild, upTo: number, context: ApplyContext): Promise<void> => {
  const path = store.current.path;
  const aside = rebuildPath(path);
  // The old resolver is not needed any more: free it first (a failure below leaves it to be
  // refilled from the old store's checkpoint, as after a restart).
  resolution.clear(false);
  const built = await openBeside(aside);
  try {
    await built.apply(readLatestParses(log, upTo, GRAPH_OMITS, true, context.alongside !== true), upTo, context);
  } catch (e) {
    await built.close().catch(() => undefined);
    removeGraph(aside);
    throw e;
  }
  await store.swap(async () => {
    await built.close();
    await store.current.close();
    resolution.closeCache();
    moveGraph(aside, path);
    return KuzuStore.open(path, options);
  });
  resolution.adopt(built.resolution);
};
