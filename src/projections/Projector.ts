import type { EventRows, RecordedEvent } from "../events/index.js";

/** What the runner knows of the moment a batch is applied in (set by the runner, like the read plan). */
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
  /**
   * Event types it consumes; the runner reads only these, but the checkpoint covers all. How
   * the runner reads them (batch sizes, partial payloads) is its read plan (readPlans.ts).
   */
  readonly handles: ReadonlyArray<string>;
  /** Position of the last event applied, and the projector version that applied it. */
  checkpoint(): Promise<{ readonly position: number; readonly version: number }>;
  /** `events` are in position order, all at or below `upTo`. */
  apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context?: ApplyContext): Promise<void>;
  /** Optional: the same as `apply` for rows as the log returns them (see readEventRows); the runner prefers it, so a replay builds no event objects. */
  applyRows?(batch: EventRows, upTo: number): Promise<void>;
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
