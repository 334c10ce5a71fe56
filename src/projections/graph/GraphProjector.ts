import { payloadLoader, type LogHandle, type RecordedEvent } from "../../events/index.js";
import type { ApplyContext, Projector } from "../Projector.js";
import { GraphIndex } from "./GraphIndex.js";
import { symbolNodeIds } from "./graphRows.js";
import { KuzuStore, moveGraphDatabase, removeGraphDatabase, type KuzuStoreOptions, type Params, type Row } from "./KuzuStore.js";
import { CacheSlot, moveResolutionCache, removeResolutionCache } from "./CacheSlot.js";
import { isHeritage, PartialParses, REFILL_OMITS, withCachedHeritage } from "./PartialParses.js";
import type { CachedResolution } from "./ResolutionCache.js";
import type { Resolver } from "./model.js";
import { parsedPayloads } from "./parsedPayloads.js";
import { readLatestParses } from "./readLatestParses.js";
import { decodeFileParsed, GRAPH_OMITS } from "./decodeFileParsed.js";
import { foldEvents } from "./foldEvents.js";
import { planWrite, type GraphApplyStats } from "./planWrite.js";

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
 */
export class GraphProjector implements Projector {
  readonly name = NAME;
  readonly version = GRAPH_VERSION;
  readonly handles = HANDLES;
  readonly omit = GRAPH_OMITS;
  readonly deferred = ["FileParsed"];
  private index = new GraphIndex();
  private resolver: Resolver;
  private loaded = false;
  /** Files the resolver holds without their own references since a restart (see PartialParses). */
  private partial: PartialParses;
  /** The refill under way (see ensureLoaded), so a second caller waits for it instead of starting another. */
  private loading: Promise<void> | null = null;
  /** Opened empty and nothing applied since: a reset has nothing to drop. */
  private pristine = false;
  /** A rebuilt database being swapped in (see rebuildBeside), which readers wait for. */
  private swapping: Promise<void> | null = null;
  /** Queries running on the store. */
  private readonly reading = new Set<Promise<Row[]>>();
  /** Each file's resolution beside the store, for restarts (see ResolutionCache). */
  private readonly cache: CacheSlot;
  /** The store's checkpoint position as last written by this process (null: not known yet). */
  private committed: number | null = null;
  lastApply: GraphApplyStats = { files: 0, reresolved: 0, edges: 0, dropped: 0 };

  private constructor(
    private store: KuzuStore,
    private readonly log: LogHandle,
    private readonly makeResolver: () => Resolver,
    private readonly options: KuzuStoreOptions,
  ) {
    this.resolver = makeResolver();
    this.partial = this.newPartial();
    this.cache = new CacheSlot(store.path, options.readOnly === true);
  }

  private newPartial(): PartialParses {
    return new PartialParses(this.log, GRAPH_OMITS, decodeFileParsed);
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
    const projector = new GraphProjector(await KuzuStore.open(path, options), log, makeResolver, options);
    if (open.fresh === true) {
      projector.pristine = projector.loaded = true;
      projector.committed = 0;
    }
    return projector;
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
      this.saveCache([], previous, upTo);
      return;
    }
    if (await this.cheaperToRebuild(events)) {
      await this.rebuildBeside(upTo, context);
      return;
    }
    await this.ensureLoaded(readAhead);
    this.pristine = false;
    const payloads = parsedPayloads(this.log, events, GRAPH_OMITS, readAhead);
    let batch;
    try {
      batch = await foldEvents(events, payloads, this.resolver, this.partial);
    } finally {
      await payloads.close();
    }
    const plan = planWrite(this.index, batch, {
      prepare: (paths) => this.partial.hydrate(paths, this.resolver),
      resolve: (path) => this.resolver.resolve(path),
    });
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
    this.saveCache(plan.changed, previous, upTo, context.alongside === true);
  }

  private async committedPosition(): Promise<number> {
    if (this.committed === null) this.committed = (await this.checkpoint()).position;
    return this.committed;
  }

  /**
   * Brings the cache to the store's checkpoint `upTo` (committed just now, after `previous`):
   * the `changed` files when it stood at `previous`, else every file, and only the position when
   * nothing is loaded (nothing changed then). A failure drops the cache: the next start resolves.
   * A build from an empty store (a cold index, a replay, a rebuild) writes it only `alongside`
   * a projector catching up in its own thread (a cold index: the keyword index finishes about
   * when the graph does, so the main thread has the time); alone (a replay) it leaves it to the
   * first restart that needs it: writing it (sympy: ~0.15 s, 21 MB) would lengthen every replay.
   */
  private saveCache(changed: Iterable<string> | "all", previous: number | null, upTo: number, alongside = false): void {
    const dependencies = this.resolver.dependencies?.bind(this.resolver);
    if (dependencies === undefined || (previous === 0 && !alongside)) return;
    this.cache.use((cache) => {
      const at = cache.stands();
      const inStep = changed !== "all" && at !== null && at.position === previous && at.version === this.version;
      if (!this.loaded) {
        if (inStep) cache.save([], upTo, this.version, false);
        return;
      }
      const rowOf = (path: string): readonly [string, CachedResolution | undefined] => {
        const deps = dependencies(path);
        if (deps === undefined) return [path, undefined];
        const heritage = (this.resolver.parsed(path)?.references ?? []).filter(isHeritage);
        return [path, { deps: [...deps], edges: this.index.paths.get(path)?.edges ?? [], heritage }];
      };
      const paths = inStep && changed !== "all" ? changed : this.resolver.files();
      cache.save(Array.from(paths, rowOf), upTo, this.version, !inStep);
    });
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
    const held = this.loaded
      ? this.index.paths.size
      : Number((await this.store.query("MATCH (f:File) RETURN count(*) AS n"))[0]?.n ?? 0);
    if (held === 0) return false;
    return files >= held * (this.loaded ? REBUILD_SHARE_LOADED : REBUILD_SHARE_UNLOADED);
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
    this.resolver = this.makeResolver();
    this.partial = this.newPartial();
    this.index = new GraphIndex();
    this.loaded = false;
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
      this.cache.close();
      moveGraph(aside, path);
      this.store = await KuzuStore.open(path, this.options);
    })();
    this.swapping = swap;
    try {
      await swap;
    } finally {
      this.swapping = null;
    }
    this.resolver = built.resolver;
    this.partial = built.partial;
    this.index = built.index;
    this.loaded = true;
    this.pristine = false;
    this.committed = upTo;
  }

  async reset(): Promise<void> {
    if (this.pristine) return;
    const path = this.store.path;
    await this.store.close();
    this.cache.close();
    removeGraph(path);
    this.store = await KuzuStore.open(path, this.options);
    this.resolver = this.makeResolver();
    this.partial = this.newPartial();
    this.index = new GraphIndex();
    this.loaded = this.pristine = true;
    this.committed = 0;
  }

  async close(): Promise<void> {
    this.cache.close();
    await this.store.close();
  }

  /**
   * Refills the resolver and the key index after a restart, ahead of the first `apply` (which
   * otherwise does it itself): for a caller with idle time to spend, and the graph bench.
   */
  async warmUp(): Promise<void> {
    await this.ensureLoaded(true);
  }

  /**
   * After a restart the store is as committed, but the resolver lives in memory: refill it from
   * the log. The key index takes files and externals from the store, and symbols and edges from
   * the parse results and the priming resolution: those equal what the store holds (delta ==
   * fresh), and reading 40k symbols and 150k edges back out of Kuzu took seconds.
   */
  private ensureLoaded(readAhead: boolean): Promise<void> {
    if (this.loaded) return Promise.resolve();
    // One refill at a time (warmUp and apply may both ask).
    this.loading ??= this.load(readAhead).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(readAhead: boolean): Promise<void> {
    // A refill that failed half-way may have held some files in part: this one starts over.
    this.partial = this.newPartial();
    const { position } = await this.checkpoint();
    // Kuzu reads the File rows in its own thread while this one starts reading the log and
    // loads the cache (~0.1 s of sympy's refill).
    const loadingIndex = GraphIndex.loadFiles(this.store);
    loadingIndex.catch(() => undefined);
    let index: GraphIndex;
    let primed = false;
    if (position > 0) {
      const paths: string[] = [];
      const usable = this.cacheStandsAt(position);
      const omit = usable ? REFILL_OMITS : GRAPH_OMITS;
      const events = readLatestParses(this.log, position, omit, false, readAhead);
      const payloads = parsedPayloads(this.log, events, omit, readAhead);
      // Read while the payload thread starts and reads ahead (sympy: ~0.2 s each).
      const cached = usable ? this.cachedAt(position) : null;
      const whole = usable ? payloadLoader(this.log, GRAPH_OMITS) : null;
      try {
        index = await loadingIndex;
        for (const event of events) {
          let data = await payloads.dataOf(event);
          // Read without references: put the cached heritage in, or else read the payload whole.
          const partial = cached !== null ? withCachedHeritage(event, data, cached) : null;
          if (partial !== null) data = partial;
          else if (whole !== null) data = JSON.parse(whole(event.position)) as unknown;
          const file = decodeFileParsed(event, data);
          if (partial !== null) this.partial.hold(file.path, event);
          this.resolver.upsert(file);
          // Only a file the store holds as parsed has Symbol nodes (and so storable edges).
          if (index.paths.get(file.path)?.status === "parsed") for (const id of symbolNodeIds(file)) index.addSymbol(file.path, id);
          paths.push(file.path);
        }
      } finally {
        await payloads.close();
      }
      // A resolver learns who depends on what while it resolves: without it the first delta after
      // a restart would miss dependants. The cache kept what resolving each file read and gave;
      // failing that, prime it by resolving every file (its answers are the stored edges).
      if (cached === null || !this.restoreFromCache(index, paths, cached)) {
        this.partial.hydrate(this.partial.paths(), this.resolver);
        for (const path of paths) {
          for (const e of this.resolver.resolve(path).edges) if (index.storable(path, e)) index.addEdge(path, e);
        }
        primed = true;
      }
    } else index = await loadingIndex;
    this.index = index;
    this.loaded = true;
    this.committed = position;
    // So that the next start restores instead.
    if (primed) this.saveCache("all", null, position);
  }

  /** Whether the cache says it stands at `position` (and this resolver can restore from it): the refill can leave references out. */
  private cacheStandsAt(position: number): boolean {
    if (this.resolver.restore === undefined) return false;
    return (
      this.cache.use((cache) => {
        const at = cache.stands();
        return at !== null && at.position === position && at.version === this.version;
      }) ?? false
    );
  }

  /** Every file's cached resolution when the cache stands at `position` (asked once cacheStandsAt said so); else null. */
  private cachedAt(position: number): Map<string, CachedResolution> | null {
    return this.cache.use((cache) => cache.load(position, this.version));
  }

  /** Restores every file's dependency keys and stored edges from `cached`, if it holds exactly these files. */
  private restoreFromCache(index: GraphIndex, paths: ReadonlyArray<string>, cached: ReadonlyMap<string, CachedResolution>): boolean {
    const restore = this.resolver.restore?.bind(this.resolver);
    if (restore === undefined || cached.size !== paths.length) return false;
    for (const path of paths) {
      const c = cached.get(path);
      if (c === undefined || !c.edges.every((e) => index.storable(path, e))) return false;
    }
    for (const path of paths) {
      const c = cached.get(path)!;
      restore(path, c.deps);
      for (const e of c.edges) index.addEdge(path, e);
    }
    return true;
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
