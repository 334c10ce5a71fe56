import type { LogHandle, RecordedEvent } from "../../events/index.js";
import type { ApplyContext, Projector } from "../Projector.js";
import { GRAPH_OMITS } from "./decodeFileParsed.js";
import { foldEvents } from "./foldEvents.js";
import { KuzuStore, moveGraphDatabase, removeGraphDatabase, type KuzuStoreOptions, type Params, type Row } from "./KuzuStore.js";
import type { Resolver } from "./model.js";
import { parsedPayloads } from "./parsedPayloads.js";
import { planWrite, type GraphApplyStats } from "./planWrite.js";
import { moveResolutionCache, removeResolutionCache } from "./CacheSlot.js";
import { readLatestParses } from "./readLatestParses.js";
import { ResolverState } from "./ResolverState.js";

/**
 * 3: unresolved references stored as compact tuples (see unresolvedColumns).
 * 4: Java calls pick the overload taking as many arguments; resolution fixes for Rust (`use` items, `self`/`Self`, inline modules), Go (test helpers
 * across test files, embedded interfaces and structs) and Java (nested types, enums, other
 * source roots) and Python protocols extending protocols: a graph built before is rebuilt from the log.
 * 5: CommonJS: calls through `require` reach `exports.a = …` and `module.exports = …` (whole or by
 * name), `obj.a()` reaches `obj.a = function …`; a `require` binding is no longer a Variable node.
 * 6: calls through typed locals and fields (`const x = new T(); x.m()`, `this.f.m()` where `f: T`,
 * Python `self.f = T()`) reach `T.m` (parses from ts-extract-7 carry `typed`); `new T().m()` too; Java `import com.x.*`
 * of a project package imports its files, `import static com.x.Util.*` makes Util's members bare names;
 * what a TS/Python/Java call returns is read from the return type as written (`list[T]` is no T);
 * Go struct fields and `x := pkg.New()` / `var x T` / `&T{}` locals type receivers too.
 * 7: module-level variables type receivers (`const s = new T()`, Python `registry = Registry()`,
 * Go `var Default = New()`); calling a variable that copies a function (`const stringType =
 * ZodString.create`) gives what the function returns; `export { a as b }` is followed; methods
 * an interface declares (TS, Go, Rust), TS namespaces and object-literal methods are symbols a
 * call can reach; CommonJS `exports.b = a` is followed; a function with no written return type
 * gives what its returns agree on (parses from ts-extract-8).
 * 8: a Java call picks among overloads of the same arity by its arguments' types (parses from
 * ts-extract-9 carry `Reference.args`, and the types of primitive and array locals and fields);
 * receivers written over several lines, with `?.` or `!` (TS), or as a cast (`(x as T)`,
 * `((T) x)`) are followed; TS callback parameters take the type their callee declares; Rust
 * struct fields and `let` locals type receivers, chains mix `::` and `.`, and a path's head
 * (`Reference.path`) is never a local; a TS alias of one type stands for it; Java `new X()`
 * reaches X's constructor; JSDoc `@param {T}` / `@returns {T}` type JavaScript functions;
 * names unpacked from a returned tuple (`a, b = f()`, `const [a, b] = f()`) are typed `f()[i]`.
 * 9: a function calling itself has a CALLS edge to itself (recursion).
 */
export const GRAPH_VERSION = 9;
const NAME = "graph";
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
 * committed with the checkpoint; the resolver's state lives in ResolverState.
 */
export class GraphProjector implements Projector {
  readonly name = NAME;
  readonly version = GRAPH_VERSION;
  readonly handles = HANDLES;
  readonly omit = GRAPH_OMITS;
  readonly deferred = ["FileParsed"];
  private readonly resolution: ResolverState;
  /** A rebuilt database being swapped in (see rebuildBeside), which readers wait for. */
  private swapping: Promise<void> | null = null;
  /** Queries running on the store. */
  private readonly reading = new Set<Promise<Row[]>>();
  /** Opened empty and nothing applied since: a reset has nothing to drop. */
  private pristine: boolean;
  /** The store's checkpoint position as last written by this process (null: not known yet). */
  private committed: number | null;
  lastApply: GraphApplyStats = { files: 0, reresolved: 0, edges: 0, dropped: 0 };

  private constructor(
    private store: KuzuStore,
    private readonly log: LogHandle,
    private readonly makeResolver: () => Resolver,
    private readonly options: KuzuStoreOptions,
    fresh: boolean,
  ) {
    this.resolution = new ResolverState(
      {
        log,
        makeResolver,
        version: GRAPH_VERSION,
        graphPath: store.path,
        readOnly: options.readOnly === true,
        store: () => this.store,
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
   * and delete it cost a sympy replay ~0.3 s.
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
    return (await this.store.readCheckpoint(NAME)) ?? { position: 0, version: this.version };
  }

  /** Read-only Cypher for the `GraphReader`, on a connection separate from the writer's. */
  async query(cypher: string, params?: Params): Promise<Row[]> {
    // While a rebuilt database replaces the store, the store is closed: wait for the swap.
    while (this.swapping !== null) await this.swapping.catch(() => undefined);
    const running = this.store.query(cypher, params);
    this.reading.add(running);
    try {
      return await running;
    } finally {
      this.reading.delete(running);
    }
  }

  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context: ApplyContext = {}): Promise<void> {
    const readAhead = context.alongside !== true;
    // Only the checkpoint moves: no reason to pay for refilling the resolver from the log.
    if (events.length === 0) {
      const nothing = { deleteFiles: [], deleteNodes: [], updateFiles: [], updateSymbols: [], deleteEdges: [], moveEdges: [], deleteExternals: [], files: [], symbols: [], externals: [], setUnresolved: [], edges: [] };
      const previous = await this.committedPosition();
      await this.store.write(nothing, { name: NAME, position: upTo, version: this.version }, { previous, paths: [] });
      this.committed = upTo;
      this.resolution.save([], previous, upTo);
      return;
    }
    if (await this.cheaperToRebuild(events)) {
      await this.rebuildBeside(upTo, context);
      return;
    }
    await this.resolution.ensureLoaded(readAhead);
    this.pristine = false;
    const payloads = parsedPayloads(this.log, events, GRAPH_OMITS, readAhead);
    let batch;
    try {
      batch = await foldEvents(events, payloads, this.resolution.resolver, this.resolution.partial);
    } finally {
      await payloads.close();
    }
    const plan = planWrite(this.resolution.index, batch, this.resolution.planResolver());
    const rest = () => {
      const { write, stats } = plan.rest();
      this.lastApply = stats;
      return write;
    };
    const previous = await this.committedPosition();
    // Every write commits the checkpoint with it: a store at position 0 has never been written.
    // `written` is complete once `rest` has run (it adds the dependants whose edges moved), which
    // is before the change row is written. A first write has no earlier state to change.
    await this.store.writeInTwo(plan.first, rest, { name: NAME, position: upTo, version: this.version }, { intoEmpty: previous === 0 }, previous === 0 ? undefined : { previous, paths: plan.written });
    this.committed = upTo;
    this.resolution.save(plan.changed, previous, upTo, context.alongside === true);
  }

  private async committedPosition(): Promise<number> {
    if (this.committed === null) this.committed = (await this.checkpoint()).position;
    return this.committed;
  }

  /**
   * Whether rebuilding the graph from the log costs less than applying `events` to it: a batch
   * that touches a large share of the files (a branch switch, a formatter run) rewrites most of
   * the graph row by row, and a process that has not loaded the resolver yet pays for reading
   * and resolving every file first. A rebuild is one bulk load. Sympy, 300 of 1,597 files
   * changed: `nemesis index` 12.7 s as a delta (4.5 s loading, 5.6 s writing).
   */
  private async cheaperToRebuild(events: ReadonlyArray<RecordedEvent>): Promise<boolean> {
    const files = new Set(events.map((e) => e.stream)).size;
    if (files < REBUILD_MIN_FILES) return false;
    const { loaded } = this.resolution;
    const held = loaded
      ? this.resolution.index.paths.size
      : Number((await this.store.query("MATCH (f:File) RETURN count(*) AS n"))[0]?.n ?? 0);
    if (held === 0) return false;
    return files >= held * (loaded ? REBUILD_SHARE_LOADED : REBUILD_SHARE_UNLOADED);
  }

  /**
   * Builds the graph of the log up to `upTo` in a database beside the store, then swaps it in.
   * Readers keep the old graph meanwhile, and a crash leaves either the old store at its own
   * checkpoint (the new one is dropped at the next rebuild) or the new one at `upTo`.
   */
  private async rebuildBeside(upTo: number, context: ApplyContext): Promise<void> {
    const path = this.store.path;
    const aside = rebuildPath(path);
    // The old resolver is not needed any more: free it first (a failure below leaves it to be
    // refilled from the old store's checkpoint, as after a restart).
    this.resolution.clear(false);
    const built = await GraphProjector.open(aside, this.log, this.makeResolver, this.options, { fresh: true });
    try {
      await built.apply(readLatestParses(this.log, upTo, GRAPH_OMITS, true, context.alongside !== true), upTo, context);
    } catch (e) {
      await built.close().catch(() => undefined);
      removeGraph(aside);
      throw e;
    }
    const swap = (async () => {
      await Promise.allSettled([...this.reading]);
      await built.close();
      await this.store.close();
      this.resolution.closeCache();
      moveGraph(aside, path);
      this.store = await KuzuStore.open(path, this.options);
    })();
    this.swapping = swap;
    try {
      await swap;
    } finally {
      this.swapping = null;
    }
    this.resolution.adopt(built.resolution);
    this.pristine = false;
    this.committed = upTo;
  }

  async reset(): Promise<void> {
    if (this.pristine) return;
    const path = this.store.path;
    await this.store.close();
    this.resolution.closeCache();
    removeGraph(path);
    this.store = await KuzuStore.open(path, this.options);
    this.resolution.clear(true);
    this.pristine = true;
    this.committed = 0;
  }

  async close(): Promise<void> {
    this.resolution.closeCache();
    await this.store.close();
  }

  /**
   * Refills the resolver and the key index after a restart, ahead of the first `apply` (which
   * otherwise does it itself): for a caller with idle time to spend, and the graph bench.
   */
  async warmUp(): Promise<void> {
    await this.resolution.ensureLoaded(true);
  }
}

/** Removes a graph database and its resolution cache. */
const removeGraph = (path: string): void => {
  removeGraphDatabase(path);
  removeResolutionCache(path);
};

/** Moves a closed graph database and its resolution cache to `to`, replacing what is there. */
const moveGraph = (from: string, to: string): void => {
  moveGraphDatabase(from, to);
  moveResolutionCache(from, to);
};

/** Where `rebuildBeside` builds the new database. */
const rebuildPath = (path: string): string => `${path}.rebuild`;

/** A batch rebuilds the graph from the log (see cheaperToRebuild) from this many files on... */
const REBUILD_MIN_FILES = 32;
/** ...when they are this share of the files the graph holds, its resolver loaded or not yet. */
const REBUILD_SHARE_LOADED = 0.15;
const REBUILD_SHARE_UNLOADED = 0.03;
