import { rmSync } from "node:fs";
import { collectGarbage, trace, reportDamage, shownPath } from "../../shared/index.js";
import { sqliteDamage, type RecordedEvent } from "../../events/index.js";
import { StoreDamaged } from "../damage/StoreDamaged.js";
import type { Embedder } from "../embed/Embedder.js";
import { encodeVector } from "../embed/vectorBlob.js";
import type { ApplyContext, Projector } from "../Projector.js";
import { ChangedIds } from "./ChangedIds.js";
import type { ChunkRow } from "./ChunkRow.js";
import type { ChunkStore, StoredChunk } from "./ChunkStore.js";
import { embedText } from "./embedText.js";
import { KeywordIndex } from "./KeywordIndex.js";
import { keywordIndexPath } from "./keywordIndexPath.js";
import { Mutex } from "./Mutex.js";
import { NO_VECTORS } from "./noVectors.js";
import { EMBED_BATCH, embedBlobsOrNull } from "./embedBlobs.js";
import type { ChunkProjectorOptions } from "./ChunkProjectorOptions.js";
import { fileTargets, type FileTarget } from "./fileTargets.js";
import { snapshotVectors } from "./snapshotVectors.js";
import { vectorSnapshotDamage, vectorSnapshotEpoch, vectorSnapshotPath } from "./vectorSnapshot.js";

/** Bumped when what a chunk row holds changes: the chunk model is rebuilt from the log (CHANGELOG.md lists each version). */
export const CHUNKS_VERSION = 4;

/** Where the chunk read model lives inside its folder (`.nemesis/chunks.lance/`). */
export { keywordIndexPath };

export { NO_VECTORS };

export type { ChunkProjectorOptions };

export const CHUNK_HANDLES = ["FileParsed", "FileDeleted", "ParseFailed", "FileSkipped"] as const;
const HANDLES = CHUNK_HANDLES;
/** Passes of up to this many files (saves) leave their LanceDB write to the background. */
const DEFER_LANCE_FILES = 16;
/**
 * Rows per write group: a batch is applied a few thousand rows at a time (embed, one LanceDB
 * write, one keyword transaction), so a replay's memory stays flat whatever the batch size,
 * and each LanceDB write is one fragment of a useful size.
 */
const GROUP_ROWS = 4096;

/** What `apply` carries from one write group to the next. */
interface GroupState {
  readonly lanceAhead: boolean;
  marked: boolean;
  pending: boolean;
  /** LanceDB is left to the background (syncLance). */
  readonly deferLance: boolean;
  readonly changed: ChangedIds;
}

const openStore = async (dir: string, dimensions: number): Promise<ChunkStore> => {
  // Loaded only with vectors on: LanceDB and Arrow are large modules, slow to load and heavy in memory.
  const { ChunkStore } = await import("./ChunkStore.js");
  return ChunkStore.open(dir, dimensions);
};

/**
 * Projects parsed chunks into the keyword index (SQLite FTS5, current as soon as `apply`
 * returns) and the LanceDB table (rows + vectors). Idempotent: ids are content-derived and
 * both stores skip rows they already hold. Without an embedder (provider "none") there is no
 * LanceDB table and no vector anywhere: the keyword index is the whole read model.
 */
export class ChunkProjector implements Projector {
  readonly name = "chunks";
  readonly version = CHUNKS_VERSION;
  readonly handles = HANDLES;
  private readonly lance = new Mutex();
  /** A catch-up with more batches to come is under way (see ApplyContext.more). */
  private behind = false;
  private background: Promise<void> = Promise.resolve();
  private backfillQueued = false;
  /** The last LanceDB sync queued: a pass that writes LanceDB itself waits for it. */
  private lanceSynced: Promise<void> = Promise.resolve();
  /** Not part of `background`: closing never waits minutes for an index build. */
  private annBuild: Promise<void> | null = null;
  /** The last failure of a background task or of inline embedding, for status and tests. */
  lastBackgroundError: unknown = null;
  /**
   * A background task found a store damaged: nothing is waiting for that task, so the next
   * `checkpoint` or `apply` fails with it instead, and the engine rebuilds the model.
   */
  private damaged: StoreDamaged | null = null;

  private constructor(
    private readonly dir: string,
    private keywords: KeywordIndex,
    private store: ChunkStore | null,
    private readonly embedder: Embedder | null,
    private readonly options: ChunkProjectorOptions,
  ) {}

  /** `embedder` null: vectors off (provider "none"), keyword search only. */
  static async open(dir: string, embedder: Embedder | null, options: ChunkProjectorOptions): Promise<ChunkProjector> {
    const keywords = KeywordIndex.open(keywordIndexPath(dir));
    const store = embedder ? await openStore(dir, embedder.dimensions) : null;
    const projector = new ChunkProjector(dir, keywords, store, embedder, options);
    // Left to a background sync that never ran (the process ended first).
    if (store && keywords.hasLancePending()) projector.queueLanceSync();
    return projector;
  }

  private get embedderId(): string {
    return this.embedder?.id ?? NO_VECTORS;
  }

  private get dimensions(): number {
    return this.embedder?.dimensions ?? 0;
  }

  async checkpoint() {
    if (this.damaged) throw this.damaged;
    const c = this.keywords.checkpoint();
    // Vectors of another model cannot be mixed with this one's: report a foreign version so the runner rebuilds.
    const sameModel = c.position === 0 || c.embedder === this.embedderId;
    return { position: c.position, version: sameModel ? c.version || this.version : -1 };
  }

  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number, context: ApplyContext = {}): Promise<void> {
    if (this.damaged) throw this.damaged;
    const latest = fileTargets(events);
    // A LanceDB write not followed by its keyword commit (a crash) leaves rows the keyword
    // index does not know: then this batch merges by id instead of appending.
    const lanceAhead = this.store !== null && this.keywords.lanceAhead();
    // Search reads the keyword index alone: a save's LanceDB write (and a compaction it may
    // wait for) need not hold up its checkpoint. A larger batch writes LanceDB first, as a
    // cold build appends it fastest, once LanceDB has caught up with what was left to it.
    const deferLance = this.store !== null && !lanceAhead && latest.size <= DEFER_LANCE_FILES;
    if (this.store !== null && !deferLance) {
      await this.lanceSynced;
      if (this.keywords.hasLancePending()) await this.syncLance();
    }
    const state: GroupState = { lanceAhead, marked: lanceAhead, pending: false, deferLance, changed: new ChangedIds() };
    const limit = this.options.groupRows ?? GROUP_ROWS;
    let group: FileTarget[] = [];
    let groupRows = 0;
    for (const target of latest.values()) {
      group.push(target);
      groupRows += target.rows.length;
      if (groupRows >= limit) {
        await this.applyGroup(group, state);
        group = [];
        groupRows = 0;
      }
    }
    await this.applyGroup(group, state);
    this.keywords.transaction(() => {
      if (state.marked) this.keywords.setLanceAhead(false);
      this.keywords.saveCheckpoint({ position: upTo, version: this.version, embedder: this.embedderId }, this.dimensions, state.changed.change());
    });
    if (state.pending) this.queueBackfill();
    if (deferLance && this.options.syncLanceInBackground !== false) this.queueLanceSync();
    if (context.more === true) this.behind = true;
    else {
      // The end of a long catch-up (a cold index): what its batches left behind goes before the
      // compaction and the snapshot, which need memory of their own (see collectGarbage).
      if (this.behind) collectGarbage();
      this.behind = false;
      this.queueMaintenance();
    }
    trace("Chunks.applied", () => `${latest.size} files`);
  }

  /**
   * One group of files: LanceDB first, then the keyword index, so a crash in between replays
   * the batch (no checkpoint yet) and LanceDB's delete by id and merge (see `lanceAhead`) make
   * that harmless.
   */
  private async applyGroup(
    files: ReadonlyArray<FileTarget>,
    state: GroupState,
  ): Promise<void> {
    if (files.length === 0) return;
    const removed: string[] = [];
    const added: ChunkRow[] = [];
    for (const { path, rows } of files) {
      const present = this.keywords.idsOf(path);
      const wanted = new Set<string>();
      for (const r of rows) {
        // A chunk listed twice in one parse is one row.
        if (wanted.has(r.id)) continue;
        wanted.add(r.id);
        if (!present.has(r.id)) added.push(r);
      }
      for (const id of present) if (!wanted.has(id)) removed.push(id);
    }
    const store = this.store;
    const blobs = new Map<string, Buffer>();
    if (store && state.deferLance) {
      const encoded = this.options.inlineEmbedding ? await this.embedBlobsOrNull(added) : added.map(() => null);
      added.forEach((r, i) => {
        const b = encoded[i];
        if (b) blobs.set(r.id, b);
        else state.pending = true;
      });
    } else if (store) {
      const encoded = this.options.inlineEmbedding ? await this.embedBlobsOrNull(added) : added.map(() => null);
      if (added.length > 0 && !state.marked) {
        this.keywords.setLanceAhead(true);
        state.marked = true;
      }
      await this.lance.run(async () => {
        await store.deleteIds(removed);
        const rows = added.map((r, i) => ({ ...r, blob: encoded[i] ?? null }));
        // Rows the keyword index lacks are not in LanceDB either (unless a crash says otherwise): append, no join.
        if (state.lanceAhead) await store.upsert(rows);
        else await store.add(rows);
      });
      added.forEach((r, i) => {
        const b = encoded[i];
        if (b) blobs.set(r.id, b);
        else state.pending = true;
      });
    }
    this.keywords.transaction(() => {
      for (const { path, language, rows } of files) state.changed.add(this.keywords.replaceFile(path, language, rows, blobs));
      if (state.deferLance) this.keywords.markLancePending([...removed, ...added.map((r) => r.id)], this.keywords.vectorEpoch() + 1);
    });
  }

  /** Each row's vector in the stored form (embed/vectorBlob.ts), or null where the provider failed. */
  private embedBlobsOrNull(rows: ReadonlyArray<ChunkRow>): Promise<(Buffer | null)[]> {
    return embedBlobsOrNull(this.embedder, rows, (e) => {
      this.lastBackgroundError = e;
      this.options.onBackgroundError?.(e);
    });
  }

  /** Embeds rows still without a vector, batch by batch, until none are left or the provider fails. */
  async backfill(): Promise<{ filled: number; pending: number }> {
    const embedder = this.embedder;
    if (!embedder || !this.store) return { filled: 0, pending: 0 };
    let filled = 0;
    for (;;) {
      // The keyword index is what search reads: its missing vectors are the pending ones.
      const pending = this.keywords.pendingRows(EMBED_BATCH);
      if (pending.length === 0) break;
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embedDocuments(pending.map(embedText));
      } catch (e) {
        this.lastBackgroundError = e;
        this.options.onBackgroundError?.(e);
        break;
      }
      const rows: StoredChunk[] = pending.map((r, i) => ({ ...r, vector: vectors[i]! }));
      const store = this.store;
      await this.lance.run(() => store.upsert(rows));
      const d = embedder.dimensions;
      this.keywords.transaction(() => this.keywords.fillVectors(new Map(pending.map((r, i) => [r.id, encodeVector(vectors[i]!, d)]))));
      filled += rows.length;
    }
    return { filled, pending: this.keywords.pendingCount() };
  }

  /**
   * Brings LanceDB's rows of the ids small passes left to it to what the keyword index holds,
   * a batch at a time; each batch is read and written under the LanceDB lock, so no pass's
   * write falls between. An id asked for again meanwhile stays pending (see lance_pending).
   */
  async syncLance(): Promise<void> {
    const store = this.store;
    if (!store) return;
    for (;;) {
      const batch = await this.lance.run(async () => {
        const pending = this.keywords.lancePending(EMBED_BATCH);
        if (pending.length === 0) return pending;
        const ids = pending.map((p) => p.id);
        // Delete, then append: a merge by id joins the whole table, many times the cost of both.
        await store.deleteIds(ids);
        await store.add(this.keywords.rowsWithVectors(ids));
        return pending;
      });
      if (batch.length === 0) return;
      this.keywords.transaction(() => this.keywords.clearLancePending(batch));
    }
  }

  private queueLanceSync(): void {
    this.lanceSynced = this.background = this.background.then(() => this.syncLance().catch((e) => this.reportBackground(e)));
  }

  private queueBackfill(): void {
    if (this.backfillQueued) return;
    this.backfillQueued = true;
    this.background = this.background.then(async () => {
      this.backfillQueued = false;
      await this.backfill().catch((e) => this.reportBackground(e));
    });
  }

  private queueMaintenance(): void {
    const store = this.store;
    if (!store) return;
    // Compaction holds the writer lock (it rewrites fragments a delete may touch); the ANN
    // build does not, so saves keep flowing while it runs.
    this.background = this.background.then(async () => {
      const compacted = await this.lance.run(() => store.compactIfFragmented()).catch((e) => this.reportBackground(e));
      if (compacted === true) trace("Chunks.compacted");
    });
    if (this.options.buildAnnIndex && !this.annBuild) {
      this.annBuild = store
        .indexIfLarge()
        .catch((e) => this.reportBackground(e))
        .then(() => {
          this.annBuild = null;
        });
    }
  }

  private reportBackground(e: unknown): void {
    this.lastBackgroundError = e;
    const keywordDamage = sqliteDamage(e);
    if (e instanceof StoreDamaged) this.damaged ??= e;
    else if (keywordDamage !== null) this.damaged ??= new StoreDamaged({ model: "chunks", file: keywordIndexPath(this.dir), reason: keywordDamage });
    this.options.onBackgroundError?.(e);
  }

  /** Resolves when queued backfill and maintenance are done (tests, one-shot CLI runs). */
  async settle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.background;
      await seen;
    } while (seen !== this.background);
  }

  /**
   * Writes the column-major vector file one-shot searches read (vectorSnapshot.ts). Done on
   * close, not per batch: it rewrites every vector, and a stale file is only slower, never wrong.
   */
  writeSnapshot(): void {
    const d = this.dimensions;
    if (d === 0) return;
    const epoch = this.keywords.vectorEpoch();
    const path = vectorSnapshotPath(this.dir);
    const damage = vectorSnapshotDamage(path);
    if (damage !== null) reportDamage(`${shownPath(path)} is damaged (${damage}): writing it anew (searches read the vectors from keyword.db meanwhile)`);
    // Unchanged vectors (a no-change re-index, a query): rewriting would cost time for nothing.
    if (damage !== null || vectorSnapshotEpoch(path) !== epoch) snapshotVectors(this.keywords.db, d, epoch, path);
  }

  /** The rows sorted by id (replay-equality checks): LanceDB's, or the keyword index's when vectors are off. */
  async rows(): Promise<StoredChunk[]> {
    if (!this.store) return this.keywords.allRows().map((r) => ({ ...r, vector: null }));
    // What the passes left to the background is part of the read model.
    await this.lanceSynced;
    await this.syncLance();
    return this.store.allRows();
  }

  async reset(): Promise<void> {
    await this.settle();
    this.keywords.close();
    this.store?.close();
    rmSync(this.dir, { recursive: true, force: true });
    this.keywords = KeywordIndex.open(keywordIndexPath(this.dir));
    this.store = this.embedder ? await openStore(this.dir, this.embedder.dimensions) : null;
    this.damaged = null;
  }

  async close(): Promise<void> {
    await this.settle();
    try {
      // Not from a damaged index: the engine is about to drop it.
      if (this.damaged === null) this.writeSnapshot();
      trace("Chunks.snapshotWritten");
    } finally {
      this.keywords.close();
      this.store?.close();
      this.options.release?.();
    }
  }
}
