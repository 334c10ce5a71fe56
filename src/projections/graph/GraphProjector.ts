import { collectGarbage, trace } from "../../shared/index.js";
import type { LogHandle, RecordedEvent } from "../../events/index.js";
import type { ApplyContext, Projector } from "../Projector.js";
import { GRAPH_OMITS } from "./decodeFileParsed.js";
import { foldEvents, type FoldedBatch } from "./foldEvents.js";
import { KuzuStore, type KuzuStoreOptions, type Params, type Row } from "./KuzuStore.js";
import type { Resolver } from "./model.js";
import { parsedPayloads } from "./parsedPayloads.js";
import { planWrite, type GraphApplyStats } from "./planWrite.js";
import { cheaperToRebuild, rebuildBeside, rebuildPath, removeGraph, type GraphBeside } from "./rebuildBeside.js";
import { ResolverState } from "./ResolverState.js";
import { SwappableStore } from "./SwappableStore.js";

/** Bumped when what the graph holds for the same parses changes: the graph is rebuilt from the log (CHANGELOG.md lists each version). */
export const GRAPH_VERSION = 12;
const NAME = "graph";
/** A build from empty of at least this many files collects its garbage once resolved (a full collection of a small heap is not worth it). */
const COLLECT_AFTER_FILES = 1_000;
export const GRAPH_HANDLES = ["FileParsed", "FileDeleted", "ParseFailed"] as const;
const HANDLES = GRAPH_HANDLES;

/**
 * Projects `FileParsed` / `FileDeleted` / `ParseFailed` into the Kuzu graph.
 *
 * A changed file's nodes are replaced and every file the resolver names as affected is
 * re-resolved; edges from untouched files into the replaced nodes are kept. A file that
 * failed to parse keeps a File node (status `failed`) and loses its symbols: its last good
 * symbols no longer describe the file, and the resolver forgets it, so nothing resolves into
 * stale definitions.
 *
 * A batch is folded into the resolver (foldEvents), planned as one keyed write (planWrite) and
 * committed with the checkpoint; the resolver's state lives in ResolverState, and a batch that
 * touches a large share of the graph rebuilds it beside the store instead (rebuildBeside).
 */
export class GraphProjector implements Projector {
  readonly name = NAME;
  readonly version = GRAPH_VERSION;
  readonly handles = HANDLES;
  private readonly store: SwappableStore;
  private readonly resolution: ResolverState;
  /** Opened empty and nothing applied since: a reset has nothing to drop. */
  private pristine: boolean;
  /** The store's checkpoint position as last written by this process (null: not known yet). */
  private committed: number | null;
  lastApply: GraphApplyStats = { files: 0, reresolved: 0, edges: 0, dropped: 0 };

  private constructor(
    store: KuzuStore,
    private readonly log: LogHandle,
    private readonly makeResolver: () => Resolver,
    private readonly options: KuzuStoreOptions,
    fresh: boolean,
  ) {
    this.store = new SwappableStore(store);
    this.resolution = new ResolverState(
      {
        log,
        makeResolver,
        version: GRAPH_VERSION,
        graphPath: store.path,
        readOnly: options.readOnly === true,
        store: () => this.store.current,
        position: async () => (await this.checkpoint()).position,
        onLoaded: (position) => {
          this.committed = position;
        },
      },
      fresh,
    );
    this.pristine = fresh;
    this.committed = fresh ? 0 : null;
  }

  /**
   * `fresh` drops the stored graph first, for a rebuild: opening the old database only to close
   * and delete it is time a replay spends for nothing.
   */
  static async open(
    path: string,
    log: LogHandle,
    makeResolver: () => Resolver,
    options: KuzuStoreOptions,
    open: { readonly fresh?: boolean } = {},
  ): Promise<GraphProjector> {
    if (open.fresh === true) removeGraph(path);
    // What a rebuild that did not finish left beside the store (see rebuildBeside).
    if (options.readOnly !== true) removeGraph(rebuildPath(path));
    return new GraphProjector(await KuzuStore.open(path, options), log, makeResolver, options, open.fresh === true);
  }

  async checkpoint() {
    return (await this.store.read((store) => store.readCheckpoint(NAME))) ?? { position: 0, version: this.version };
  }

  /** Read-only Cypher for the `GraphReader`, on a connection separate from the writer's. */
  query(cypher: string, params?: Params): Promise<Row[]> {
    return this.store.query(cypher, params);
  }

  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context: ApplyContext = {}): Promise<void> {
    const readAhead = context.alongside !== true;
    // Only the checkpoint moves: no reason to pay for refilling the resolver from the log.
    if (events.length === 0) {
      const nothing = { deleteFiles: [], deleteNodes: [], updateFiles: [], updateSymbols: [], deleteEdges: [], moveEdges: [], deleteExternals: [], files: [], symbols: [], externals: [], setUnresolved: [], edges: [] };
      const previous = await this.committedPosition();
      await this.store.current.write(nothing, { name: NAME, position: upTo, version: this.version }, { previous, paths: [] });
      this.committed = upTo;
      this.resolution.save([], previous, upTo);
      return;
    }
    if (await cheaperToRebuild(events, this.resolution, this.store.current)) {
      await rebuildBeside(
        { log: this.log, store: this.store, options: this.options, resolution: this.resolution, openBeside: (path) => this.openBeside(path) },
        upTo,
        context,
      );
      this.pristine = false;
      this.committed = upTo;
      return;
    }
    await this.resolution.ensureLoaded(readAhead);
    trace("Graph.loaded");
    this.pristine = false;
    const payloads = parsedPayloads(this.log, events, GRAPH_OMITS, readAhead);
    let batch: FoldedBatch | null;
    try {
      batch = await foldEvents(events, payloads, this.resolution.resolver, this.resolution.partial);
    } finally {
      await payloads.close();
    }
    const previous = await this.committedPosition();
    const plan = planWrite(this.resolution.index, batch, this.resolution.planResolver(previous === 0));
    const files = batch.final.size;
    // The batch holds each parse whole: the resolver lets a file's references go once resolved.
    batch = null;
    trace("Graph.planned", () => `${files} files`);
    const rest = () => {
      const { write, stats } = plan.rest();
      this.lastApply = stats;
      trace("Graph.resolved", () => JSON.stringify(stats));
      // What resolving the last files left behind, collected before Kuzu loads the edges beside it.
      if (previous === 0 && stats.reresolved >= COLLECT_AFTER_FILES) collectGarbage();
      return write;
    };
    // Every write commits the checkpoint with it: a store at position 0 has never been written.
    // `written` is complete once `rest` has run (it adds the dependants whose edges moved), which
    // is before the change row is written. A first write has no earlier state to change.
    try {
      await this.store.current.writeInTwo(plan.first, rest, { name: NAME, position: upTo, version: this.version }, { intoEmpty: previous === 0 }, previous === 0 ? undefined : { previous, paths: plan.written });
    } catch (e) {
      await this.forgetFailedWrite(previous);
      throw e;
    }
    trace("Graph.committed", () => `${plan.written.size} files written`);
    this.committed = upTo;
    this.resolution.save(plan.changed, previous, upTo, context.alongside === true);
    trace("Graph.cacheSaved");
  }

  /**
   * A write that failed left the store at `previous` (Kuzu rolled it back, or it was refused
   * before it began: a full disk), but the planner has already filed the batch in the key index
   * and the resolver holds it: they start over, to be refilled from the store at the next apply,
   * which then plans the batch again. Kept, they made the next apply plan updates of nodes the
   * store never got. A store whose COMMIT failed may hold the batch without its COPY data
   * (`damaged`): it is dropped, and the next apply builds it again from the log.
   */
  private async forgetFailedWrite(previous: number): Promise<void> {
    if (this.store.current.damaged) {
      await this.reset();
      return;
    }
    this.resolution.clear(previous === 0);
  }

  private async committedPosition(): Promise<number> {
    if (this.committed === null) this.committed = (await this.checkpoint()).position;
    return this.committed;
  }

  /** An empty graph at `path` for rebuildBeside, with its resolver state to take over once swapped in. */
  private async openBeside(path: string): Promise<GraphBeside> {
    const built = await GraphProjector.open(path, this.log, this.makeResolver, this.options, { fresh: true });
    return {
      apply: (events, upTo, context) => built.apply(events, upTo, context),
      close: () => built.close(),
      resolution: built.resolution,
    };
  }

  async reset(): Promise<void> {
    if (this.pristine) return;
    const path = this.store.current.path;
    await this.store.swap(async () => {
      await this.store.current.close();
      this.resolution.closeCache();
      removeGraph(path);
      return KuzuStore.open(path, this.options);
    });
    this.resolution.clear(true);
    this.pristine = true;
    this.committed = 0;
  }

  async close(): Promise<void> {
    this.resolution.closeCache();
    await this.store.current.close();
  }

  /**
   * Refills the resolver and the key index after a restart, ahead of the first `apply` (which
   * otherwise does it itself): for a caller with idle time to spend, and the graph bench.
   */
  async warmUp(): Promise<void> {
    await this.resolution.ensureLoaded(true);
  }

  /** Drops the resolver and the key index (a restart's state: the next apply refills them). */
  release(): void {
    this.resolution.clear(false);
    trace("Graph.released");
  }
}
