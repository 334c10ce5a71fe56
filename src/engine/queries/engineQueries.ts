import { existsSync, realpathSync } from "node:fs";
import { shownPath } from "../../shared/index.js";
import { lastPositionOfTypes, type EventLogDamaged } from "../../events/index.js";
import type { NemesisConfig } from "../../config/index.js";
import type { Engine } from "../Engine.js";
import { historyAccess } from "../historyAccess.js";
import { indexProject } from "../indexProject.js";
import {
  ChunkReader,
  projectEmbedder,
  type ProjectEmbedder,
  CatalogReader,
  GraphReader,
  StoreDamaged,
  type ProjectionName,
  type Projector,
} from "../../projections/index.js";
import { warmGraphReads, fileLinksFrom, loadFileLinks, loadFileNeighbours } from "../../queries/index.js";
import { diskFreshness, staleText } from "./diskFreshness.js";
import { logProgressOf, staleIndexedFiles } from "./logProgress.js";
import { FILE_EVENTS, indexActivity, indexStateLine, indexStateOf, type IndexState } from "./indexState.js";
import { scratchGraphAccess } from "./scratchGraphAccess.js";
import type { EngineCall, GraphLoad, Progress } from "./Queries.js";
import type { WatchControl } from "./watchControl.js";

type Checkpoint = Awaited<ReturnType<Projector["checkpoint"]>>;
type CheckpointOf = (p: Projector) => Promise<Checkpoint>;

/**
 * Read models' checkpoints as one call sees them, each read once: the graph's is a Kuzu query,
 * a thread-pool round trip that a busy machine makes slow, and get_smart_context asked for it
 * four times (two snapshots, the architecture's key, the freshness line). One answer's
 * snapshots, positions and freshness line then agree.
 */
const checkpointsOfOneCall = (): { of: CheckpointOf; forget(): void } => {
  let read = new Map<Projector, Promise<Checkpoint>>();
  return {
    of: (p) => {
      const kept = read.get(p);
      if (kept) return kept;
      const at = p.checkpoint();
      read.set(p, at);
      at.catch(() => read.delete(p));
      return at;
    },
    forget: () => {
      read = new Map();
    },
  };
};

/** Whether a watcher runs past its start (a planned one, or one still crawling, records nothing yet). */
const watching = (watcher: WatchControl | null): boolean => {
  const mode = watcher?.state()?.mode;
  return mode !== undefined && mode !== "starting";
};

const withLanguages = (config: NemesisConfig, languages: ReadonlyArray<string>): NemesisConfig => ({
  ...config,
  project: { ...config.project, languages: [...languages] },
});

/** The read models of one engine, opened once and shared by every call it serves. */
export interface EngineQueries {
  readonly engine: Engine;
  /**
   * The reads of one call (a tool call, a CLI command), with the index and the watcher:
   * `source` is who the call came from (recorded on an index it runs), `progress` where an
   * index reports how far it got.
   */
  forCall(source: "mcp" | "cli" | "hook", progress?: Progress): EngineCall;
  /** Loads what the graph tools read for the graph as it stands (see `warmGraphReads`); nothing without a graph. */
  warmGraph(): Promise<void>;
  close(): Promise<void>;
}

/** `watcher`: the engine's watcher control, where the process can run one (`nemesis serve`, `nemesis watch`). */
export const engineQueries = (engine: Engine, watcher: WatchControl | null = null): EngineQueries => {
  const { paths, config, log } = engine.ctx;
  const root = realpathSync(paths.root);
  let catalog: CatalogReader | null = null;
  let chunks: ChunkReader | null = null;
  let embedder: ProjectEmbedder | null = null;
  // The generation of the files each reader opened (Engine.generationOf): the engine drops a
  // damaged store and rebuilds it in new files, which a reader of the old ones would never see.
  let catalogAt = 0;
  let chunksAt = 0;

  const openChunks = async (): Promise<ChunkReader | null> => {
    const generation = engine.generationOf("chunks");
    if (chunks !== null && chunksAt !== generation) {
      chunks.close();
      chunks = null;
      ChunkReader.forgetVectors(paths.chunks);
    }
    // The chunk table appears with the first index: until then, look again on every call.
    if (chunks === null) {
      chunks = await ChunkReader.open(paths.chunks);
      chunksAt = generation;
    }
    return chunks;
  };
  let noChunks: ChunkReader | null = null;
  /** The table, or while the first index has not written it, an empty one: null only when nothing is indexed and none runs. */
  const chunksSoFar = async (state: () => Promise<IndexState>): Promise<ChunkReader | null> => {
    const opened = await openChunks();
    if (opened !== null || (await state()).kind === "never") return opened;
    return (noChunks ??= ChunkReader.empty());
  };

  const activity = indexActivity();
  const scratch = scratchGraphAccess(engine);
  const history = historyAccess(engine);
  const disk = diskFreshness(root, () => base.catalog(), config.index.max_file_bytes);
  /** The newest file event some read model has not projected yet (0 when none); per read model, by the file events it projects. */
  const behindUpTo = async (checkpointOf: CheckpointOf): Promise<number> => {
    let wanted = 0;
    for (const p of engine.projectors) {
      // The scratch graphs' model never moves on a file change.
      const handles = p.handles.length === 0 ? FILE_EVENTS : p.handles.filter((t) => FILE_EVENTS.includes(t));
      if (handles.length === 0) continue;
      const last = lastPositionOfTypes(log, handles);
      if ((await checkpointOf(p)).position < last) wanted = Math.max(wanted, last);
    }
    return wanted;
  };
  const indexState = async (checkpointOf: CheckpointOf): Promise<IndexState> => {
    // Read first, before anything waits: an index that starts or ends meanwhile is the next call's news.
    const running = activity.running();
    if (running !== null) return indexStateOf({ running, behindUpTo: 0, everIndexed: true });
    const everIndexed = lastPositionOfTypes(log, [...FILE_EVENTS, "IndexRunCompleted"]) > 0;
    return indexStateOf({ running, behindUpTo: await behindUpTo(checkpointOf), everIndexed });
  };
  const freshness = async (state: IndexState): Promise<string | null> => {
    const lines = [
      indexStateLine(state),
      // While an index runs, the catalog moves with every batch and the index itself reads the
      // disk. A running watcher records every change on disk within its debounce (or its scan
      // interval): looking at every indexed file's stat again would only race it. One still
      // starting has recorded nothing yet: its first scan will.
      state.kind === "indexing" || watching(watcher)
        ? null
        : staleText(await disk.current(), watcher?.state() ? "the watcher records them once it runs" : undefined),
    ].filter((l): l is string => l !== null);
    return lines.length > 0 ? lines.join("; ") : null;
  };

  // Snapshots of the graph by loader, each with the graph checkpoint it was built at.
  const snapshots = new Map<GraphLoad<unknown>, { readonly at: string; readonly value: Promise<unknown> }>();
  const graphProjector = engine.projectors.find((p) => p.name === "graph");
  const graphSnapshot = async <T>(load: GraphLoad<T>, checkpointOf: CheckpointOf): Promise<T | null> => {
    const graph = await engine.graphQueryable();
    if (graph === null || graphProjector === undefined) return null;
    // Read before loading: a load that sees a newer graph is kept under an older key and
    // rebuilt once more, never served past a change. The version covers a rebuilt graph.
    const { position, version } = await checkpointOf(graphProjector);
    // A graph rebuilt after damage may reach the same position: the generation tells it apart.
    const at = `${engine.generationOf("graph")}/${position}/${version}`;
    const kept = snapshots.get(load);
    if (kept?.at === at) return kept.value as Promise<T>;
    const value = load(graph);
    snapshots.set(load, { at, value });
    value.catch(() => {
      if (snapshots.get(load)?.value === value) snapshots.delete(load);
    });
    return value;
  };

  const readModels = async (checkpointOf: CheckpointOf) => {
    const out = [];
    for (const p of engine.projectors) {
      const position = (await checkpointOf(p)).position;
      const wanted = lastPositionOfTypes(log, p.handles);
      out.push({ name: p.name, position, behindUpTo: wanted > position ? wanted : 0 });
    }
    return out;
  };

  const base = {
    paths,
    config,
    root,
    log,
    graph: () => engine.graphQueryable(),
    catalog: () => {
      const generation = engine.generationOf("catalog");
      if (catalog !== null && catalogAt !== generation) {
        catalog.close();
        catalog = null;
      }
      if (catalog) return catalog;
      // Before the first index there is no catalog.db: read it as empty, and look again next time.
      if (!existsSync(paths.catalog)) return CatalogReader.open(paths.catalog);
      catalogAt = generation;
      return (catalog = CatalogReader.open(paths.catalog));
    },
    embedder: () => (embedder ??= projectEmbedder(paths, config)).embedder,
    syncMemory: () => engine.catchUpCatalog(),
    watcher,
    watcherState: () => watcher?.state() ?? null,
    scratchGraphs: () => scratch.read(),
    history: () => history.read(),
  };

  /** What a call that met damage tells its caller. */
  const damagedAnswer = (damage: StoreDamaged | EventLogDamaged | null): string | null => {
    if (damage === null) return null;
    if (!(damage instanceof StoreDamaged)) return damage.message;
    return `${shownPath(damage.file)} is damaged (${damage.reason}): the engine is rebuilding the ${damage.model} read model from the log; ask again in a moment (index_status shows how far it got)`;
  };

  return {
    engine,
    forCall: (source, progress = () => {}) => {
      const checkpoints = checkpointsOfOneCall();
      let fresh: Promise<string | null> | null = null;
      let state: Promise<IndexState> | null = null;
      // Once per call, like the freshness line, so what a tool decides and what the line says agree.
      const stateOfCall = () => (state ??= indexState(checkpoints.of));
      // The read models this call read, each with the generation of its files: a failure is pinned on one of them.
      const read = new Map<ProjectionName, number>();
      const reading = <A>(name: ProjectionName, f: () => A): A => {
        if (!read.has(name)) read.set(name, engine.generationOf(name));
        return f();
      };
      return {
        ...base,
        catalog: () => reading("catalog", base.catalog),
        graph: () => reading("graph", base.graph),
        graphCounts: () =>
          reading("graph", async () => {
            const graph = await base.graph();
            return graph ? new GraphReader(graph).counts() : null;
          }),
        staleFiles: () => reading("catalog", () => staleIndexedFiles(root, base.catalog(), config.index.max_file_bytes)),
        scratchGraphs: () => reading("scratch", base.scratchGraphs),
        history: () => reading("history", base.history),
        chunks: () => reading("chunks", () => chunksSoFar(stateOfCall)),
        readModels: () => readModels(checkpoints.of),
        logProgress: async () => {
          const models = [];
          for (const p of engine.projectors) {
            const { position, version } = await checkpoints.of(p);
            models.push({ name: p.name, position, version, handles: p.handles });
          }
          return logProgressOf(log, models);
        },
        graphSnapshot: (load) => reading("graph", () => graphSnapshot(load, checkpoints.of)),
        fileLinks: () =>
          reading("graph", async () => {
            const all = await graphSnapshot(loadFileLinks, checkpoints.of);
            return all ? fileLinksFrom(all) : null;
          }),
        fileNeighbours: () => reading("graph", () => graphSnapshot(loadFileNeighbours, checkpoints.of)),
        damaged: (e) => damagedAnswer(engine.readModelFailed(e, read)),
        indexState: stateOfCall,
        // Once per call: the line a tool budgets for (get_smart_context) is the line the
        // registry appends, even if the index or the disk moves in between.
        freshness: () => (fresh ??= stateOfCall().then(freshness)),
        index: ({ scope, languages }) => {
          const ctx = languages && languages.length > 0 ? { ...engine.ctx, config: withLanguages(config, languages) } : engine.ctx;
          // Begun before anything waits: a call that comes in meanwhile sees the index under way.
          const run = activity.begin();
          const indexed = indexProject(ctx, {
            engine,
            source,
            ...(scope ? { scope } : {}),
            onProgress: (p) => {
              run.report(p);
              if (p.stage === "project") progress(p.position, p.head, `${p.name} at #${p.position} of #${p.head}`);
              else progress(p.done, p.total, `${p.stage === "scan" ? "scanned" : "parsed"} ${p.done} of ${p.total} files`);
            },
          });
          // What the call reads after indexing sees what the index moved.
          return indexed.finally(() => {
            run.end();
            checkpoints.forget();
            fresh = null;
            state = null;
          });
        },
      };
    },
    warmGraph: async () => {
      const graph = await engine.graphQueryable();
      if (graph !== null) await warmGraphReads(graph);
    },
    close: async () => {
      await disk.settled();
      snapshots.clear();
      catalog?.close();
      chunks?.close();
      noChunks?.close();
      scratch.close();
      history.close();
      embedder?.close();
    },
  };
};
