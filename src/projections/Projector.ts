import type { EventRows, RecordedEvent } from "../events/index.js";

/** What the runner knows of the moment a batch is applied in. */
export interface ApplyContext {
  /**
   * Other projectors are catching up in their own threads meanwhile, so the cores are taken: a
   * projector should not start a thread of its own to read ahead (it would slow them as much).
   */
  readonly alongside?: boolean;
  /**
   * More batches of this catch-up follow: upkeep that rewrites the whole store (LanceDB's
   * compaction) waits for the last, so a long catch-up (a cold index) does it once, at the end.
   */
  readonly more?: boolean;
}

/**
 * A projector turns log events into one read model. `apply` must be idempotent (applying a
 * batch twice leaves the same read model) and must store `upTo` as its checkpoint atomically
 * with the batch where the store allows it, so a crash replays a little and loses nothing.
 */
export interface Projector {
  readonly name: string;
  /** Bump when the read model's shape or derivation changes: the runner then rebuilds it. */
  readonly version: number;
  /** Event types it consumes; the runner reads only these, but the checkpoint covers all. */
  readonly handles: ReadonlyArray<string>;
  /** Types whose payload it reads only in part: `apply` then gets just these fields (see ReadFilter.summaries). */
  readonly summaries?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Per type, top-level payload fields it never reads: the log leaves them out (see ReadFilter.omit). */
  readonly omit?: Readonly<Record<string, ReadonlyArray<string>>>;
  /** Types whose payload `apply` reads once each: fetched when first read (see ReadFilter.deferred). */
  readonly deferred?: ReadonlyArray<string>;
  /** Events per batch the runner reads for it (default 5,000): one that folds a batch in memory gains from larger ones. */
  readonly batchSize?: number;
  /**
   * From an empty read model (checkpoint 0: a cold index, a replay, a rebuild) the runner hands it
   * the whole log in one batch instead of `batchSize` events at a time: a projector that must
   * see every event before its result is right (the graph: a file's calls resolve against every
   * file's declarations) builds in one pass and bounds its own memory.
   */
  readonly wholeFromEmpty?: boolean;
  /** Position of the last event applied, and the projector version that applied it. */
  checkpoint(): Promise<{ readonly position: number; readonly version: number }>;
  /** `events` are in position order, all at or below `upTo`. */
  apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context?: ApplyContext): Promise<void>;
  /** Optional: the same as `apply` for rows as the log returns them (see readEventRows); the runner prefers it, so a replay builds no event objects. */
  applyRows?(batch: EventRows, upTo: number): Promise<void>;
  /** Types whose rows `applyRows` reads bare: position, type, schema and data only (see ReadFilter.bare). */
  readonly bare?: ReadonlyArray<string>;
  /** Drops the read model entirely (replay starts from nothing). */
  reset(): Promise<void>;
  /**
   * Optional: loads what the first `apply` after a start would otherwise load itself (the graph's
   * resolver state), for a long-running engine with idle time before the first change arrives.
   */
  warmUp?(): Promise<void>;
  /**
   * Optional: drops what it keeps in memory between batches (the graph's resolver and key
   * index), for a one-shot run once this projector is caught up; the next `apply` refills it.
   */
  release?(): void;
  close(): Promise<void>;
}
