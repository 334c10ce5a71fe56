import * as Schema from "effect/Schema";
import { rmSync } from "node:fs";
import { Chunk, type RecordedEvent } from "../../events/index.js";
import type { Embedder } from "../embed/Embedder.js";
import type { Projector } from "../Projector.js";
import { chunkId } from "./chunkId.js";
import type { ChunkRow } from "./ChunkRow.js";
import { ChunkStore, type StoredChunk } from "./ChunkStore.js";
import { embedText } from "./embedText.js";
import { KeywordIndex } from "./KeywordIndex.js";
import { Mutex } from "./Mutex.js";
import { loadVectorMatrix } from "./loadVectorMatrix.js";
import { encodeVector } from "../embed/vectorBlob.js";
import { vectorSnapshotEpoch, vectorSnapshotPath, writeVectorSnapshot } from "./vectorSnapshot.js";

/** Bump when the rows, their ids, the keyword terms or the embedded text change. */
export const CHUNKS_VERSION = 3; // 3: FTS5 tables store their terms (bm25 statistics stayed stale after deletes)

/** Where the chunk read model lives inside its folder (`.nemesis/chunks.lance/`). */
import { keywordIndexPath } from "./keywordIndexPath.js";

export { keywordIndexPath };

export const CHUNK_HANDLES = ["FileParsed", "FileDeleted", "ParseFailed", "FileSkipped"] as const;
const HANDLES = CHUNK_HANDLES;
const EMBED_BATCH = 256;

/** Only what the chunk model needs from FileParsed: decoding symbols and references here would waste the replay. */
const ParsedChunks = Schema.Struct({ path: Schema.String, language: Schema.String, chunks: Schema.Array(Chunk) });
const decodeParsedChunks = Schema.decodeUnknownSync(ParsedChunks);
const decodePath = Schema.decodeUnknownSync(Schema.Struct({ path: Schema.String }));

export interface ChunkProjectorOptions {
  /**
   * Embed while applying (a local embedder is fast). Otherwise rows are written without
   * vectors and `backfill` fills them in the background, so a slow or failing provider never
   * holds up keyword search or the graph.
   */
  readonly inlineEmbedding: boolean;
  /**
   * Build an ANN index in the background once the table is large (a long-lived engine wants
   * this; a one-shot CLI run would be killed mid-build, so it leaves it off and searches by brute force).
   */
  readonly buildAnnIndex?: boolean;
  /** Releases what the embedder holds (its cache) when the projector closes. */
  readonly release?: () => void;
  /** Called with a background failure (backfill or maintenance); indexing carries on regardless. */
  readonly onBackgroundError?: (error: unknown) => void;
}

/** The rows a FileParsed event gives, in file order. */
export const rowsOf = (path: string, language: string, chunks: ReadonlyArray<Chunk>): ChunkRow[] =>
  chunks.map((c) => ({
    id: chunkId(path, c.startLine, c.endLine, c.text),
    path,
    symbol: c.symbol,
    kind: c.kind,
    language,
    startLine: c.startLine,
    endLine: c.endLine,
    text: c.text,
  }));

/**
 * Projects parsed chunks into the keyword index (SQLite FTS5, current as soon as `apply`
 * returns) and the LanceDB table (rows + vectors). Idempotent: ids are content-derived and
 * both stores skip rows they already hold.
 */
export class ChunkProjector implements Projector {
  readonly name = "chunks";
  readonly version = CHUNKS_VERSION;
  readonly handles = HANDLES;
  private readonly lance = new Mutex();
  private background: Promise<void> = Promise.resolve();
  private backfillQueued = false;
  /** Not part of `background`: closing never waits minutes for an index build. */
  private annBuild: Promise<void> | null = null;
  /** The last failure of a background task or of inline embedding, for status and tests. */
  lastBackgroundError: unknown = null;

  private constructor(
    private readonly dir: string,
    private keywords: KeywordIndex,
    private store: ChunkStore,
    private readonly embedder: Embedder,
    private readonly options: ChunkProjectorOptions,
  ) {}

  static async open(dir: string, embedder: Embedder, options: ChunkProjectorOptions): Promise<ChunkProjector> {
    const keywords = KeywordIndex.open(keywordIndexPath(dir));
    const store = await ChunkStore.open(dir, embedder.dimensions);
    return new ChunkProjector(dir, keywords, store, embedder, options);
  }

  async checkpoint() {
    const c = this.keywords.checkpoint();
    // Vectors of another model cannot be mixed with this one's: report a foreign version so the runner rebuilds.
    const sameModel = c.position === 0 || c.embedder === this.embedder.id;
    return { position: c.position, version: sameModel ? c.version || this.version : -1 };
  }

  async apply(events: ReadonlyArray<RecordedEvent>, upTo: number): Promise<void> {
    // Later events for a path supersede earlier ones in the same batch: apply only the last.
    const latest = new Map<string, { language: string | null; rows: ChunkRow[] }>();
    for (const e of events) {
      if (e.type === "FileParsed") {
        const d = decodeParsedChunks(e.data);
        latest.set(d.path, { language: d.language, rows: rowsOf(d.path, d.language, d.chunks) });
      } else {
        const { path } = decodePath(e.data);
        latest.set(path, { language: null, rows: [] });
      }
    }
    const removed: string[] = [];
    const added: ChunkRow[] = [];
    for (const [path, { rows }] of latest) {
      const present = this.keywords.idsOf(path);
      const wanted = new Set(rows.map((r) => r.id));
      for (const id of present) if (!wanted.has(id)) removed.push(id);
      for (const r of rows) if (!present.has(r.id)) added.push(r);
    }
    const vectors = this.options.inlineEmbedding ? await this.embedOrNull(added) : added.map(() => null);
    // LanceDB first, then the keyword index with the checkpoint: a crash in between replays
    // the batch, and LanceDB's upsert/delete by id make that harmless.
    await this.lance.run(async () => {
      await this.store.deleteIds(removed);
      await this.store.upsert(added.map((r, i) => ({ ...r, vector: vectors[i] ?? null })));
    });
    const d = this.embedder.dimensions;
    const blobs = new Map<string, Buffer>();
    added.forEach((r, i) => {
      const v = vectors[i];
      if (v) blobs.set(r.id, encodeVector(v, d));
    });
    this.keywords.transaction(() => {
      for (const [path, { language, rows }] of latest) this.keywords.replaceFile(path, language, rows, blobs);
      this.keywords.saveCheckpoint({ position: upTo, version: this.version, embedder: this.embedder.id }, d);
    });
    if (vectors.some((v) => v === null)) this.queueBackfill();
    this.queueMaintenance();
  }

  private async embedOrNull(rows: ReadonlyArray<ChunkRow>): Promise<(Float32Array | null)[]> {
    const out: (Float32Array | null)[] = [];
    for (let i = 0; i < rows.length; i += EMBED_BATCH) {
      const batch = rows.slice(i, i + EMBED_BATCH);
      try {
        out.push(...(await this.embedder.embedDocuments(batch.map(embedText))));
      } catch (e) {
        // The provider failed: keep the rows keyword-searchable and let the backfill retry.
        this.lastBackgroundError = e;
        this.options.onBackgroundError?.(e);
        out.push(...batch.map(() => null));
      }
    }
    return out;
  }

  /** Embeds rows still without a vector, batch by batch, until none are left or the provider fails. */
  async backfill(): Promise<{ filled: number; pending: number }> {
    let filled = 0;
    for (;;) {
      // The keyword index is what search reads: its missing vectors are the pending ones.
      const pending = this.keywords.pendingRows(EMBED_BATCH);
      if (pending.length === 0) break;
      let vectors: Float32Array[];
      try {
        vectors = await this.embedder.embedDocuments(pending.map(embedText));
      } catch (e) {
        this.lastBackgroundError = e;
        this.options.onBackgroundError?.(e);
        break;
      }
      const rows: StoredChunk[] = pending.map((r, i) => ({ ...r, vector: vectors[i]! }));
      await this.lance.run(() => this.store.upsert(rows));
      const d = this.embedder.dimensions;
      this.keywords.transaction(() => this.keywords.fillVectors(new Map(pending.map((r, i) => [r.id, encodeVector(vectors[i]!, d)]))));
      filled += rows.length;
    }
    return { filled, pending: this.keywords.pendingCount() };
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
    // Compaction holds the writer lock (it rewrites fragments a delete may touch); the ANN
    // build does not, so saves keep flowing while it runs.
    this.background = this.background.then(async () => {
      await this.lance.run(() => this.store.compactIfFragmented()).catch((e) => this.reportBackground(e));
    });
    if (this.options.buildAnnIndex && !this.annBuild) {
      this.annBuild = this.store
        .indexIfLarge()
        .catch((e) => this.reportBackground(e))
        .then(() => {
          this.annBuild = null;
        });
    }
  }

  private reportBackground(e: unknown): void {
    this.lastBackgroundError = e;
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
    const d = this.embedder.dimensions;
    const epoch = this.keywords.vectorEpoch();
    const path = vectorSnapshotPath(this.dir);
    // Unchanged vectors (a no-change re-index, a query): rewriting would cost ~0.5 s at 26k chunks for nothing.
    if (d > 0 && vectorSnapshotEpoch(path) !== epoch) writeVectorSnapshot(path, loadVectorMatrix(this.keywords.db, d, epoch));
  }

  /** The LanceDB rows sorted by id (replay-equality checks). */
  rows(): Promise<StoredChunk[]> {
    return this.store.allRows();
  }

  async reset(): Promise<void> {
    await this.settle();
    this.keywords.close();
    this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
    this.keywords = KeywordIndex.open(keywordIndexPath(this.dir));
    this.store = await ChunkStore.open(this.dir, this.embedder.dimensions);
  }

  async close(): Promise<void> {
    await this.settle();
    this.writeSnapshot();
    this.keywords.close();
    this.store.close();
    this.options.release?.();
  }
}
