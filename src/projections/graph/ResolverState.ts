import { payloadLoader, type LogHandle } from "../../events/index.js";
import { garbageBound } from "../../shared/index.js";
import { CacheSlot } from "./CacheSlot.js";
import { decodeFileParsed, GRAPH_OMITS } from "./decodeFileParsed.js";
import { GraphIndex } from "./GraphIndex.js";
import { symbolNodeIds } from "./graphRows.js";
import type { KuzuStore } from "./KuzuStore.js";
import type { Resolver } from "./model.js";
import { parsedPayloads } from "./parsedPayloads.js";
import { isHeritage, PartialParses, REFILL_OMITS, withCachedHeritage } from "./PartialParses.js";
import type { PlanResolver } from "./planWrite.js";
import { readLatestParses } from "./readLatestParses.js";
import type { CachedResolution } from "./ResolutionCache.js";

/** Garbage a build from empty may leave in the heap while it resolves before it is collected. */
const RESOLVE_GARBAGE_BYTES = 128 * 1024 * 1024;

export interface ResolverStateOptions {
  readonly log: LogHandle;
  readonly makeResolver: () => Resolver;
  /** The graph's version: the resolution cache is kept per version. */
  readonly version: number;
  /** Where the graph database lives: the resolution cache sits beside it (see CacheSlot). */
  readonly graphPath: string;
  readonly readOnly: boolean;
  /** The store as it stands now (a rebuild swaps it). */
  readonly store: () => KuzuStore;
  /** The store's checkpoint position. */
  readonly position: () => Promise<number>;
  /** Called when a refill has brought the resolver to the store's checkpoint `position`. */
  readonly onLoaded: (position: number) => void;
}

/**
 * What the graph projector keeps in memory between batches: the resolver, the key index that
 * mirrors the store (GraphIndex), and the files held in part since a restart (PartialParses).
 * After a restart they are refilled from the log, restoring each file's resolution from the
 * resolution cache beside the store when it stands right; after each commit the cache is
 * brought to the store's checkpoint.
 */
export class ResolverState {
  private current: Resolver;
  private partialParses: PartialParses;
  private mirror = new GraphIndex();
  private isLoaded: boolean;
  /** The refill under way (see ensureLoaded), so a second caller waits for it instead of starting another. */
  private loading: Promise<void> | null = null;
  /** Each file's resolution beside the store, for restarts (see ResolutionCache). */
  private readonly cache: CacheSlot;

  constructor(
    private readonly options: ResolverStateOptions,
    /** The store is empty: there is nothing to refill. */
    empty: boolean,
  ) {
    this.current = options.makeResolver();
    this.partialParses = this.newPartial();
    this.cache = new CacheSlot(options.graphPath, options.readOnly);
    this.isLoaded = empty;
  }

  get resolver(): Resolver {
    return this.current;
  }

  /** Files the resolver holds without their own references since a restart (see PartialParses). */
  get partial(): PartialParses {
    return this.partialParses;
  }

  get index(): GraphIndex {
    return this.mirror;
  }

  /** Whether the resolver and the index stand at the store's checkpoint. */
  get loaded(): boolean {
    return this.isLoaded;
  }

  /**
   * The resolver as the write planner uses it: a file held in part is read whole before it is
   * resolved. `holdInPart`: each file of the batch is held in part once resolved (a build from
   * empty: every file's references at once were a fifth of a cold index's heap), to be read back
   * from the log if a later batch resolves it again.
   */
  planResolver(holdInPart = false): PlanResolver {
    // Resolving a file leaves most of what it allocated behind (see garbageBound).
    const bound = holdInPart ? garbageBound(RESOLVE_GARBAGE_BYTES) : null;
    return {
      prepare: (paths) => this.partialParses.hydrate(paths, this.current),
      resolve: (path) => this.current.resolve(path),
      resolved: holdInPart
        ? (path, event) => {
            if (this.current.forgetOwnReferences?.(path) === true) this.partialParses.hold(path, event);
            bound?.tick();
          }
        : undefined,
    };
  }

  /** Starts over with nothing held: `loaded` says whether the store is empty too, or must be refilled from. */
  clear(loaded: boolean): void {
    this.current = this.options.makeResolver();
    this.partialParses = this.newPartial();
    this.mirror = new GraphIndex();
    this.isLoaded = loaded;
  }

  /** Takes what `other` holds, loaded for a store that is now this one's (see rebuildBeside). */
  adopt(other: ResolverState): void {
    this.current = other.current;
    this.partialParses = other.partialParses;
    this.mirror = other.mirror;
    this.isLoaded = true;
  }

  /** Closes the cache's connection (the file stays for the next start). */
  closeCache(): void {
    this.cache.close();
  }

  private newPartial(): PartialParses {
    return new PartialParses(this.options.log, GRAPH_OMITS, decodeFileParsed);
  }

  /**
   * Brings the cache to the store's checkpoint `upTo` (committed just now, after `previous`):
   * the `changed` files when it stood at `previous`, else every file, and only the position when
   * nothing is loaded (nothing changed then). A failure drops the cache: the next start resolves.
   * A build from an empty store (a cold index, a replay, a rebuild) writes it only `alongside`
   * a projector catching up in its own thread (a cold index: the keyword index finishes about
   * when the graph does, so the main thread has the time); alone (a replay) it leaves it to the
   * first restart that needs it: writing it would lengthen every replay.
   */
  save(changed: Iterable<string> | "all", previous: number | null, upTo: number, alongside = false): void {
    const version = this.options.version;
    const dependencies = this.current.dependencies?.bind(this.current);
    if (dependencies === undefined || (previous === 0 && !alongside)) return;
    this.cache.use((cache) => {
      const at = cache.stands();
      const inStep = changed !== "all" && at !== null && at.position === previous && at.version === version;
      if (!this.isLoaded) {
        if (inStep) cache.save([], upTo, version, false);
        return;
      }
      const rowOf = (path: string): readonly [string, CachedResolution | undefined] => {
        const deps = dependencies(path);
        if (deps === undefined) return [path, undefined];
        const heritage = (this.current.parsed(path)?.references ?? []).filter(isHeritage);
        return [path, { deps: [...deps], edges: this.mirror.paths.get(path)?.edges ?? [], heritage }];
      };
      const paths = inStep && changed !== "all" ? changed : this.current.files();
      cache.save(Array.from(paths, rowOf), upTo, version, !inStep);
    });
  }

  /**
   * After a restart the store is as committed, but the resolver lives in memory: refill it from
   * the log. The key index takes files and externals from the store, and symbols and edges from
   * the parse results and the priming resolution: those equal what the store holds (delta ==
   * fresh), and reading every symbol and edge back out of Kuzu took seconds.
   */
  ensureLoaded(readAhead: boolean): Promise<void> {
    if (this.isLoaded) return Promise.resolve();
    // One refill at a time (warmUp and apply may both ask).
    this.loading ??= this.load(readAhead).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(readAhead: boolean): Promise<void> {
    const { log } = this.options;
    // A refill that failed half-way may have held some files in part: this one starts over.
    this.partialParses = this.newPartial();
    const position = await this.options.position();
    // Kuzu reads the File rows in its own thread while this one starts reading the log and
    // loads the cache.
    const loadingIndex = GraphIndex.loadFiles(this.options.store());
    loadingIndex.catch(() => undefined);
    let index: GraphIndex;
    let primed = false;
    if (position > 0) {
      const paths: string[] = [];
      const usable = this.cacheStandsAt(position);
      const omit = usable ? REFILL_OMITS : GRAPH_OMITS;
      const events = readLatestParses(log, position, omit, false, readAhead);
      const payloads = parsedPayloads(log, events, omit, readAhead);
      // Read while the payload thread starts and reads ahead: the two take about as long.
      const cached = usable ? this.cachedAt(position) : null;
      const whole = usable ? payloadLoader(log, GRAPH_OMITS) : null;
      try {
        index = await loadingIndex;
        for (const event of events) {
          let data = await payloads.dataOf(event);
          // Read without references: put the cached heritage in, or else read the payload whole.
          const partial = cached !== null ? withCachedHeritage(event, data, cached) : null;
          if (partial !== null) data = partial;
          else if (whole !== null) data = JSON.parse(whole(event.position)) as unknown;
          const file = decodeFileParsed(event, data);
          if (partial !== null) this.partialParses.hold(file.path, event);
          this.current.upsert(file);
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
        this.partialParses.hydrate(this.partialParses.paths(), this.current);
        for (const path of paths) {
          for (const e of this.current.resolve(path).edges) if (index.storable(path, e)) index.addEdge(path, e);
        }
        primed = true;
      }
    } else index = await loadingIndex;
    this.mirror = index;
    this.isLoaded = true;
    this.options.onLoaded(position);
    // So that the next start restores instead.
    if (primed) this.save("all", null, position);
  }

  /** Whether the cache says it stands at `position` (and this resolver can restore from it): the refill can leave references out. */
  private cacheStandsAt(position: number): boolean {
    if (this.current.restore === undefined) return false;
    return (
      this.cache.use((cache) => {
        const at = cache.stands();
        return at !== null && at.position === position && at.version === this.options.version;
      }) ?? false
    );
  }

  /** Every file's cached resolution when the cache stands at `position` (asked once cacheStandsAt said so); else null. */
  private cachedAt(position: number): Map<string, CachedResolution> | null {
    return this.cache.use((cache) => cache.load(position, this.options.version));
  }

  /** Restores every file's dependency keys and stored edges from `cached`, if it holds exactly these files. */
  private restoreFromCache(index: GraphIndex, paths: ReadonlyArray<string>, cached: ReadonlyMap<string, CachedResolution>): boolean {
    const restore = this.current.restore?.bind(this.current);
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
