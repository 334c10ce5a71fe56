import * as Either from "effect/Either";
import { decodeEvent, type FileParsed, payloadLoader, type LogHandle, type RecordedEvent } from "../../events/index.js";
import type { ApplyContext, Projector } from "../Projector.js";
import { GraphIndex } from "./GraphIndex.js";
import {
  failedFileRow,
  fileNodes,
  type FileNodes,
  symbolNodeIds,
  unresolvedColumns,
  type ExternalRow,
  type FileRow,
  type SymbolRow,
} from "./graphRows.js";
import type { DeletedFile, FileUpdate, GraphWriteFirst, GraphWriteRest, MovedEdge, SymbolUpdate } from "./GraphWrite.js";
import { KuzuStore, moveGraphDatabase, removeGraphDatabase, type KuzuStoreOptions, type Params, type Row } from "./KuzuStore.js";
import { CacheSlot, moveResolutionCache, removeResolutionCache } from "./CacheSlot.js";
import { isHeritage, PartialParses, REFILL_OMITS, withCachedHeritage } from "./PartialParses.js";
import type { CachedResolution } from "./ResolutionCache.js";
import { fileNodeId, type GraphEdge, type NodeId, type Resolver } from "./model.js";
import { NODE_COLUMNS } from "./kuzuSchema.js";
import { diffEdges } from "./diffEdges.js";
import { parsedPayloads } from "./parsedPayloads.js";
import { readLatestParses } from "./readLatestParses.js";
import { decodeFileParsed, GRAPH_OMITS } from "./decodeFileParsed.js";

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
type FinalState =
  | { readonly kind: "parsed"; readonly file: FileParsed }
  | { readonly kind: "failed"; readonly contentHash: string }
  | { readonly kind: "deleted" };

/** What one `apply` did, for progress output and benchmarks. */
export interface GraphApplyStats {
  readonly files: number;
  readonly reresolved: number;
  readonly edges: number;
  /** Resolver edges dropped because an end does not exist (a resolver bug, never stored). */
  readonly dropped: number;
}

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
    const final = new Map<string, FinalState>();
    const affected = new Set<string>();
    // What the store holds for each file, as parsed: the resolver's parse before the batch.
    const stored = new Map<string, FileParsed | undefined>();
    const payloads = parsedPayloads(this.log, events, GRAPH_OMITS, readAhead);
    try {
      for (const event of events) {
        const step = this.feed(event, stored, await payloads.dataOf(event));
        if (step === null) continue;
        final.set(step.path, step.state);
        for (const p of step.affected) affected.add(p);
      }
    } finally {
      await payloads.close();
    }
    for (const [path, state] of final) if (state.kind === "parsed") affected.add(path);
    // Files whose resolution or stored edges this batch changes: what the cache rewrites.
    const changed = new Set<string>([...final.keys(), ...affected]);
    const written = new Set<string>(final.keys());
    const { first, rest } = this.plan(final, affected, stored, changed, written);
    const previous = await this.committedPosition();
    // Every write commits the checkpoint with it: a store at position 0 has never been written.
    // `written` is complete once `rest` has run (it adds the dependants whose edges moved), which
    // is before the change row is written. A first write has no earlier state to change.
    await this.store.writeInTwo(first, rest, { name: NAME, position: upTo, version: this.version }, { intoEmpty: previous === 0 }, previous === 0 ? undefined : { previous, paths: written });
    this.committed = upTo;
    this.saveCache(changed, previous, upTo, context.alongside === true);
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

  /** `data`: the event's payload, read ahead by parsedPayloads. */
  private feed(
    event: RecordedEvent,
    stored: Map<string, FileParsed | undefined>,
    data: unknown,
  ): { path: string; state: FinalState; affected: ReadonlySet<string> } | null {
    const remember = (path: string): void => {
      if (!stored.has(path)) stored.set(path, this.resolver.parsed(path));
      // Whatever the event says replaces the parse held in part.
      this.partial.forget(path);
    };
    if (event.type === "FileParsed") {
      const file = decodeFileParsed(event, data);
      remember(file.path);
      return { path: file.path, state: { kind: "parsed", file }, affected: this.resolver.upsert(file) };
    }
    const decoded = decodeEvent(event);
    // An event this build cannot read is a bug or a newer writer; a silently wrong graph is worse.
    if (Either.isLeft(decoded)) throw decoded.left;
    const e = decoded.right;
    if (e.type === "FileDeleted") {
      remember(e.data.path);
      return { path: e.data.path, state: { kind: "deleted" }, affected: this.resolver.remove(e.data.path) };
    }
    if (e.type === "ParseFailed") {
      remember(e.data.path);
      return {
        path: e.data.path,
        state: { kind: "failed", contentHash: e.data.contentHash },
        affected: this.resolver.remove(e.data.path),
      };
    }
    return null;
  }

  /**
   * Turns the batch's final file states into one keyed write, updating the in-memory index as it
   * goes: `first` (node deletes, symbols) at once, and `rest`, the resolution, when the store asks
   * for it, so Kuzu loads the symbols meanwhile.
   */
  private plan(
    final: ReadonlyMap<string, FinalState>,
    affected: ReadonlySet<string>,
    stored: ReadonlyMap<string, FileParsed | undefined>,
    /** Collects the files whose stored edges change. */
    changed: Set<string>,
    /** Collects the files whose nodes or outgoing edges the write changes (the batch's files and more). */
    written: Set<string>,
  ): { first: GraphWriteFirst; rest: () => GraphWriteRest } {
    const index = this.index;
    const statusAfter = (path: string): string | undefined => {
      const f = final.get(path);
      return f !== undefined ? f.kind : index.paths.get(path)?.status;
    };
    const reresolve = [...affected].filter((p) => statusAfter(p) === "parsed").sort();
    const reresolveSet = new Set(reresolve);

    // In a small batch, a file parsed again keeps its File node and the Symbol nodes whose id
    // survives, updated in place: edges into them stay where they are (re-creating them one by
    // one was most of a delta's time). The nodes of other replaced, failed or deleted files go,
    // with every edge touching them; edges into them from files that are not re-resolved would
    // be lost, so those are read first and put back. A large batch replaces every file: its
    // row-by-row updates would cost more than deleting by scan and loading by COPY.
    const deleteFiles: DeletedFile[] = [];
    const deleteNodes: NodeId[] = [];
    const detached = new Set<NodeId>();
    const inPlace = new Map<string, { readonly before: FileNodes; readonly after: FileNodes }>();
    for (const [path, state] of final) {
      const entry = index.paths.get(path);
      if (entry === undefined) continue;
      const before = stored.get(path);
      if (final.size <= IN_PLACE_MAX_FILES && state.kind === "parsed" && entry.status === "parsed" && before !== undefined) {
        const after = fileNodes(state.file);
        const keep = new Set(after.symbols.map((s) => s.id));
        for (const id of entry.symbols) {
          if (keep.has(id)) continue;
          deleteNodes.push(id);
          detached.add(id);
        }
        inPlace.set(path, { before: fileNodes(before), after });
      } else {
        deleteFiles.push({ path, symbols: [...entry.symbols] });
        detached.add(fileNodeId(path));
        for (const id of entry.symbols) detached.add(id);
      }
    }
    const kept: Array<readonly [string, GraphEdge]> = [];
    for (const [source, into] of index.edgesInto(detached)) {
      if (!final.has(source) && !reresolveSet.has(source)) for (const e of into) kept.push([source, e]);
    }
    for (const path of final.keys()) if (!inPlace.has(path)) index.removeFile(path);

    const files = new Map<string, FileRow>();
    const symbols: SymbolRow[] = [];
    const edges: GraphEdge[] = [];
    const updateFiles: FileUpdate[] = [];
    const updateSymbols: SymbolUpdate[] = [];
    const deleteStructural: GraphEdge[] = [];
    for (const [path, state] of final) {
      if (state.kind === "deleted") continue;
      const change = inPlace.get(path);
      if (change !== undefined) {
        const { before, after } = change;
        const { unresolved: _u, unresolvedCount: _n, ...own } = after.file;
        updateFiles.push(own);
        const held = new Set(index.paths.get(path)!.symbols);
        const previous = new Map(before.symbols.map((s) => [s.id, s]));
        for (const s of after.symbols) {
          if (!held.has(s.id)) symbols.push(s);
          else {
            const columns = changedColumns(previous.get(s.id), s);
            if (columns.length > 0) updateSymbols.push({ row: s, columns });
          }
        }
        index.replaceSymbols(path, after.symbols.map((s) => s.id));
        // Structural edges of surviving nodes are diffed; those of deleted nodes went with them.
        const survived = before.structural.filter((e) => !detached.has(e.from) && !detached.has(e.to));
        const { removed, added } = diffEdges(survived, after.structural);
        pushAll(deleteStructural, removed);
        pushAll(edges, added);
        continue;
      }
      if (state.kind === "failed") {
        files.set(path, failedFileRow(path, state.contentHash));
        index.addFile(path, "failed");
        continue;
      }
      const nodes = fileNodes(state.file);
      files.set(path, nodes.file);
      index.addFile(path, "parsed");
      for (const s of nodes.symbols) {
        symbols.push(s);
        index.addSymbol(path, s.id);
      }
      pushAll(edges, nodes.structural);
    }

    return {
      first: { deleteFiles, deleteNodes, updateFiles, updateSymbols, symbols },
      rest: () => this.planResolved(final.size, reresolve, detached, kept, files, edges, deleteStructural, changed, written),
    };
  }

  /** The second half of `plan`: re-resolves the affected files and diffs their edges against the index. */
  private planResolved(
    batchFiles: number,
    reresolve: ReadonlyArray<string>,
    detached: ReadonlySet<NodeId>,
    kept: ReadonlyArray<readonly [string, GraphEdge]>,
    files: Map<string, FileRow>,
    edges: GraphEdge[],
    deleteEdges: GraphEdge[],
    changed: Set<string>,
    written: Set<string>,
  ): GraphWriteRest {
    const index = this.index;
    const moveEdges: MovedEdge[] = [];
    const setUnresolved: Array<Pick<FileRow, "id" | "unresolved" | "unresolvedCount">> = [];
    const touchedExternals = new Set<NodeId>(index.storedExternals);
    let dropped = 0;
    this.partial.hydrate(reresolve, this.resolver);
    for (const path of reresolve) {
      const entry = index.paths.get(path)!;
      const resolution = this.resolver.resolve(path);
      const fresh: GraphEdge[] = [];
      for (const e of resolution.edges) {
        if (index.storable(path, e)) fresh.push(e);
        else dropped++;
      }
      const columns = unresolvedColumns(path, resolution.unresolved);
      const row = files.get(path);
      if (row !== undefined) {
        files.set(path, { ...row, ...columns });
        pushAll(edges, fresh);
      } else {
        // A dependant (or a file re-parsed in place) keeps its File node: write only what
        // changed. Its edges from or into detached nodes are gone already: they count as absent.
        const { removed, added } = diffEdges(
          entry.edges.filter((e) => !detached.has(e.to) && !detached.has(e.from)),
          fresh,
        );
        pairMoves(removed, added, deleteEdges, moveEdges, edges);
        if (removed.length > 0 || added.length > 0) written.add(path);
        if (columns.unresolved !== entry.unresolved) setUnresolved.push({ id: fileNodeId(path), ...columns });
      }
      entry.unresolved = columns.unresolved;
      index.clearEdges(path);
      for (const e of fresh) {
        index.addEdge(path, e);
        if (e.to.startsWith("x:")) touchedExternals.add(e.to);
      }
    }
    for (const [source, e] of kept) {
      if (index.nodes.has(e.to)) {
        edges.push(e);
      } else {
        // Its target is gone and the resolver did not re-resolve the source: drop it from the mirror too.
        dropped++;
        index.removeEdge(source, e);
        changed.add(source);
        written.add(source);
      }
    }

    const externals: ExternalRow[] = [];
    const deleteExternals: NodeId[] = [];
    for (const id of touchedExternals) {
      const used = index.externalRefs.has(id);
      const stored = index.storedExternals.has(id);
      if (used && !stored) {
        externals.push({ id, name: id.slice(2) });
        index.storedExternals.add(id);
      } else if (!used && stored) {
        deleteExternals.push(id);
        index.storedExternals.delete(id);
      }
    }
    this.lastApply = { files: batchFiles, reresolved: reresolve.length, edges: edges.length, dropped };
    return {
      deleteEdges,
      moveEdges,
      deleteExternals,
      setUnresolved,
      files: [...files.values()],
      externals,
      edges,
    };
  }
}

/**
 * Sorts a diff into deletes, moves and creates: an edge removed and one added between the same
 * nodes with the same kind is the same fact on another line (the resolver keeps one edge per
 * kind and pair), written as one update instead of a delete and a create.
 */
const pairMoves = (
  removed: ReadonlyArray<GraphEdge>,
  added: ReadonlyArray<GraphEdge>,
  deletes: GraphEdge[],
  moves: MovedEdge[],
  creates: GraphEdge[],
): void => {
  const key = (e: GraphEdge) => `${e.kind}\u0000${e.from}\u0000${e.to}`;
  const gone = new Map<string, GraphEdge>();
  for (const e of removed) {
    const k = key(e);
    if (gone.has(k)) deletes.push(e);
    else gone.set(k, e);
  }
  for (const e of added) {
    const k = key(e);
    const old = gone.get(k);
    if (old === undefined) creates.push(e);
    else {
      gone.delete(k);
      moves.push({ edge: old, line: e.line });
    }
  }
  for (const e of gone.values()) deletes.push(e);
};

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

/** Files a batch may update in place (see plan). */
const IN_PLACE_MAX_FILES = 16;

const SYMBOL_VALUE_COLUMNS = NODE_COLUMNS.Symbol.filter((c) => c !== "id");

/** The columns of a stored symbol row that differ in `b` (all of them when the old row is unknown; rows are flat values). */
const changedColumns = (a: SymbolRow | undefined, b: SymbolRow): Array<keyof SymbolRow> =>
  a === undefined ? [...SYMBOL_VALUE_COLUMNS] : SYMBOL_VALUE_COLUMNS.filter((c) => a[c] !== b[c]);

/** `push(...xs)` passes every item as an argument and overflows the stack on a huge file. */
const pushAll = <T>(into: T[], xs: ReadonlyArray<T>): void => {
  for (const x of xs) into.push(x);
};
