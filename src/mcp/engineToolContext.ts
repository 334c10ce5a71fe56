import { existsSync, realpathSync } from "node:fs";
import { lastPositionOfTypes } from "../events/index.js";
import type { NemesisConfig } from "../config/index.js";
import { indexProject, type Engine } from "../engine/index.js";
import { ChunkReader } from "../projections/chunks/ChunkReader.js";
import { projectEmbedder, type ProjectEmbedder } from "../projections/chunks/projectEmbedder.js";
import { CatalogReader, type Projector } from "../projections/index.js";
import { warmGraphReads } from "../queries/graph/warmGraphReads.js";
import { diskFreshness, staleText } from "./diskFreshness.js";
import { scratchGraphAccess } from "./scratchGraphAccess.js";
import type { GraphLoad, ToolCaller, ToolContext } from "./ToolContext.js";
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

/** Events that change what the code read models hold (memory writes and run markers do not). */
const FILE_EVENTS = ["FileChanged", "FileDeleted", "FileParsed", "ParseFailed", "FileSkipped"];

const withLanguages = (config: NemesisConfig, languages: ReadonlyArray<string>): NemesisConfig => ({
  ...config,
  project: { ...config.project, languages: [...languages] },
});

/** The read models of one engine, opened once and shared by every tool call it serves. */
export interface EngineReadModels {
  readonly engine: Engine;
  context(caller: ToolCaller, progress?: ToolContext["progress"]): ToolContext;
  /** Loads what the graph tools read for the graph as it stands (see `warmGraphReads`); nothing without a graph. */
  warmGraph(): Promise<void>;
  close(): Promise<void>;
}

/** `watcher`: the engine's watcher control, where the process can run one (`nemesis serve`, `nemesis watch`). */
export const engineReadModels = (engine: Engine, watcher: WatchControl | null = null): EngineReadModels => {
  const { paths, config, log } = engine.ctx;
  const root = realpathSync(paths.root);
  let catalog: CatalogReader | null = null;
  let chunks: ChunkReader | null = null;
  let embedder: ProjectEmbedder | null = null;

  const openChunks = async (): Promise<ChunkReader | null> => {
    // The chunk table appears with the first index: until then, look again on every call.
    chunks ??= await ChunkReader.open(paths.chunks);
    return chunks;
  };

  const scratch = scratchGraphAccess(engine);
  const disk = diskFreshness(root, () => base.catalog(), config.index.max_file_bytes);
  const freshness = async (checkpointOf: CheckpointOf): Promise<string | null> => {
    // Per read model, by the file events it projects: the scratch graphs' model never moves on a file change.
    let wanted = 0;
    for (const p of engine.projectors) {
      const handles = p.handles.length === 0 ? FILE_EVENTS : p.handles.filter((t) => FILE_EVENTS.includes(t));
      if (handles.length === 0) continue;
      const last = lastPositionOfTypes(log, handles);
      if ((await checkpointOf(p)).position < last) wanted = Math.max(wanted, last);
    }
    const lines = [
      wanted > 0 ? `index catching up: file changes up to #${wanted} are not all projected yet; answers may miss them` : null,
      // A running watcher records every change on disk within its debounce (or its scan interval):
      // looking at every indexed file's stat again would only race it. One still starting has recorded nothing yet.
      watching(watcher) ? null : staleText(await disk.current()),
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
    const at = `${position}/${version}`;
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
    chunks: openChunks,
    catalog: () => {
      if (catalog) return catalog;
      // Before the first index there is no catalog.db: read it as empty, and look again next time.
      if (!existsSync(paths.catalog)) return CatalogReader.open(paths.catalog);
      return (catalog = CatalogReader.open(paths.catalog));
    },
    embedder: () => (embedder ??= projectEmbedder(paths, config)).embedder,
    syncMemory: () => engine.catchUpCatalog(),
    watcher,
    scratchGraphs: () => scratch.read(),
  };

  return {
    engine,
    context: (caller, progress = () => {}) => {
      const checkpoints = checkpointsOfOneCall();
      let fresh: Promise<string | null> | null = null;
      return {
        ...base,
        caller,
        progress,
        readModels: () => readModels(checkpoints.of),
        graphSnapshot: (load) => graphSnapshot(load, checkpoints.of),
        // Once per call: the line a tool budgets for (get_smart_context) is the line the
        // registry appends, even if the index or the disk moves in between.
        freshness: () => (fresh ??= freshness(checkpoints.of)),
        index: ({ scope, languages }) => {
          const ctx = languages && languages.length > 0 ? { ...engine.ctx, config: withLanguages(config, languages) } : engine.ctx;
          const indexed = indexProject(ctx, {
            engine,
            source: caller.source,
            ...(scope ? { scope } : {}),
            onProgress: (p) =>
              p.stage === "project"
                ? progress(p.position, p.head, `${p.name} at #${p.position} of #${p.head}`)
                : progress(p.done, p.total, `${p.stage === "scan" ? "scanned" : "parsed"} ${p.done} of ${p.total} files`),
          });
          // What the call reads after indexing sees what the index moved.
          return indexed.finally(() => {
            checkpoints.forget();
            fresh = null;
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
      scratch.close();
      embedder?.close();
    },
  };
};
