import * as lancedb from "@lancedb/lancedb";
import {
  Field,
  FixedSizeList,
  Float32,
  Int32,
  makeData,
  makeVector,
  Schema,
  Table as ArrowTable,
  Utf8,
  type Data,
} from "apache-arrow";
import { join } from "node:path";
import { lanceDamage, shortReason } from "../damage/libraryDamage.js";
import { StoreDamaged } from "../damage/StoreDamaged.js";
import { decodeInto } from "../embed/vectorBlob.js";
import { lanceTableDamage } from "./lanceTableDamage.js";
import type { ChunkRow } from "./ChunkRow.js";
import type { VectorMatrix } from "./VectorMatrix.js";

/** A chunk row with its embedding; null while the vector is pending (remote provider, backfill). */
export interface StoredChunk extends ChunkRow {
  readonly vector: Float32Array | null;
}

/** A chunk row with its embedding in the stored form (embed/vectorBlob.ts, checked), decoded straight into the batch. */
export interface EncodedChunk extends ChunkRow {
  readonly blob: Uint8Array | null;
}

type ChunkToWrite = StoredChunk | EncodedChunk;

/** A string column in one buffer: a builder would encode and copy each string on its own. */
const utf8 = (values: ReadonlyArray<string | null>): Data<Utf8> => {
  const n = values.length;
  const offsets = new Int32Array(n + 1);
  const valid = new Uint8Array(Math.ceil(n / 8));
  let nulls = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const s = values[i];
    if (s === null || s === undefined) nulls++;
    else {
      valid[i >> 3]! |= 1 << (i & 7);
      total += Buffer.byteLength(s, "utf8");
    }
    offsets[i + 1] = total;
  }
  const data = Buffer.allocUnsafe(total);
  for (let i = 0; i < n; i++) {
    const s = values[i];
    if (s) data.write(s, offsets[i]!, "utf8");
  }
  return makeData({ type: new Utf8(), length: n, nullCount: nulls, nullBitmap: nulls > 0 ? valid : null, valueOffsets: offsets, data });
};


const TABLE = "chunks";
const DELETE_BATCH = 500;
/** Past this many fragments, compaction runs (in the background, never on the save path). */
export const COMPACT_AFTER_FRAGMENTS = 32;
/** Past this many vectors an ANN index pays for itself; below it brute force is faster than the build. */
export const ANN_INDEX_ROWS = 50_000;

const schemaFor = (dimensions: number) =>
  new Schema([
    new Field("id", new Utf8(), false),
    new Field("path", new Utf8(), false),
    new Field("symbol", new Utf8(), true),
    new Field("kind", new Utf8(), false),
    new Field("language", new Utf8(), false),
    new Field("start_line", new Int32(), false),
    new Field("end_line", new Int32(), false),
    new Field("text", new Utf8(), false),
    new Field("vector", new FixedSizeList(dimensions, new Field("item", new Float32(), true)), true),
  ]);

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The LanceDB chunk table: one row per chunk, keyed by the deterministic chunk id. The only
 * module that imports LanceDB. Writes are idempotent upserts; compaction and index builds
 * happen in `maintain()`, which callers run off the save path.
 */
/** The table's folder inside the chunk model's folder. */
const tablePath = (dir: string): string => join(dir, `${TABLE}.lance`);

/** A LanceDB failure that only a damaged table explains, as StoreDamaged; anything else as it came. */
const damagedOr = (dir: string, e: unknown): unknown => {
  const damage = lanceDamage(e);
  return damage === null ? e : new StoreDamaged({ model: "chunks", file: tablePath(dir), reason: shortReason(damage) });
};

/** Runs one LanceDB call, turning a failure that says the table is damaged into StoreDamaged. */
const guarded = async <A>(dir: string, call: () => Promise<A>): Promise<A> => {
  try {
    return await call();
  } catch (e) {
    throw damagedOr(dir, e);
  }
};

/** Throws StoreDamaged when a footer of the table in `dir` is missing (see lanceTableDamage). */
const checkTable = (dir: string): void => {
  const damage = lanceTableDamage(tablePath(dir));
  if (damage !== null) throw new StoreDamaged({ model: "chunks", file: tablePath(dir), reason: damage });
};

export class ChunkStore {
  private constructor(
    private readonly dir: string,
    private readonly conn: lancedb.Connection,
    private readonly table: lancedb.Table,
    readonly dimensions: number,
  ) {}

  static async open(dir: string, dimensions: number): Promise<ChunkStore> {
    checkTable(dir);
    return guarded(dir, async () => {
      const conn = await lancedb.connect(dir);
      const names = await conn.tableNames();
      const table = names.includes(TABLE)
        ? await conn.openTable(TABLE)
        : await conn.createEmptyTable(TABLE, schemaFor(dimensions), { existOk: true });
      return new ChunkStore(dir, conn, table, dimensions);
    });
  }

  /** Opens an existing table for reading; null when none was built yet. */
  static async openExisting(dir: string): Promise<ChunkStore | null> {
    checkTable(dir);
    return guarded(dir, async () => {
      // A reader in a long-lived process must see the writer's later commits: check on every read (cheap on local disk).
      const conn = await lancedb.connect(dir, { readConsistencyInterval: 0 });
      if (!(await conn.tableNames()).includes(TABLE)) return null;
      const table = await conn.openTable(TABLE);
      const field = (await table.schema()).fields.find((f) => f.name === "vector");
      // Duck-typed: LanceDB may hand back types from its own copy of apache-arrow.
      const dims = Number((field?.type as { listSize?: number } | undefined)?.listSize ?? 0);
      return new ChunkStore(dir, conn, table, dims);
    });
  }

  /** `call` on the table, a failure that says the table is damaged turned into StoreDamaged. */
  private on<A>(call: (table: lancedb.Table) => Promise<A>): Promise<A> {
    return guarded(this.dir, () => call(this.table));
  }

  /**
   * Builds the Arrow batch column by column: LanceDB's row-object conversion is slow per row
   * with a vector in it, this copies each vector once into one Float32Array.
   */
  private toArrow(rows: ReadonlyArray<ChunkToWrite>): ArrowTable {
    const d = this.dimensions;
    const n = rows.length;
    const flat = new Float32Array(n * d);
    const valid = new Uint8Array(Math.ceil(n / 8));
    let nulls = 0;
    rows.forEach((r, i) => {
      if ("blob" in r) {
        if (r.blob) {
          decodeInto(r.blob, flat, i, d);
          valid[i >> 3]! |= 1 << (i & 7);
        } else nulls++;
      } else if (r.vector) {
        flat.set(r.vector.subarray(0, d), i * d);
        valid[i >> 3]! |= 1 << (i & 7);
      } else nulls++;
    });
    const schema = schemaFor(d);
    const vectorType = schema.fields[8]!.type as FixedSizeList<Float32>;
    const vector = makeData({
      type: vectorType,
      length: n,
      nullCount: nulls,
      nullBitmap: nulls > 0 ? valid : null,
      child: makeData({ type: new Float32(), length: n * d, data: flat }),
    });
    const str = (f: (r: ChunkToWrite) => string | null) => makeVector(utf8(rows.map(f)));
    const int = (f: (r: ChunkToWrite) => number) => makeVector(Int32Array.from(rows, f));
    return new ArrowTable(schema, {
      id: str((r) => r.id),
      path: str((r) => r.path),
      symbol: str((r) => r.symbol),
      kind: str((r) => r.kind),
      language: str((r) => r.language),
      start_line: int((r) => r.startLine),
      end_line: int((r) => r.endLine),
      text: str((r) => r.text),
      vector: makeVector(vector),
    });
  }

  /** Appends rows the caller knows are not in the table (no join against it: a bulk build's fast path). */
  async add(rows: ReadonlyArray<ChunkToWrite>): Promise<void> {
    if (rows.length === 0) return;
    await this.on((t) => t.add(this.toArrow(rows)));
  }

  /** Inserts rows not present; fills the vector of present rows that still lack one. */
  async upsert(rows: ReadonlyArray<ChunkToWrite>): Promise<void> {
    if (rows.length === 0) return;
    await this.on((t) =>
      t
        .mergeInsert("id")
        .whenMatchedUpdateAll({ where: "target.vector IS NULL AND source.vector IS NOT NULL" })
        .whenNotMatchedInsertAll()
        .execute(this.toArrow(rows)),
    );
  }

  async deleteIds(ids: ReadonlyArray<string>): Promise<void> {
    for (let i = 0; i < ids.length; i += DELETE_BATCH) {
      await this.on((t) => t.delete(`id IN (${ids.slice(i, i + DELETE_BATCH).map(quote).join(",")})`));
    }
  }

  async countRows(): Promise<number> {
    return this.on((t) => t.countRows());
  }

  async countPending(): Promise<number> {
    return this.on((t) => t.countRows("vector IS NULL"));
  }

  /** Rows still waiting for a vector, oldest first as the table holds them. */
  async pending(limit: number): Promise<StoredChunk[]> {
    const rows = await this.on((t) => t.query().where("vector IS NULL").limit(limit).toArray());
    return rows.map(fromRecord);
  }

  async version(): Promise<number> {
    return this.on((t) => t.version());
  }

  /** Every row, sorted by id: what the replay-equality test compares. */
  async allRows(): Promise<StoredChunk[]> {
    const rows = (await this.on((t) => t.query().toArray())).map(fromRecord);
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async loadVectors(): Promise<VectorMatrix> {
    const version = await this.version();
    const arrow = await this.on((t) => t.query().where("vector IS NOT NULL").select(["id", "vector"]).toArrow());
    const ids: string[] = [];
    const data = new Float32Array(arrow.numRows * this.dimensions);
    let at = 0;
    for (const batch of arrow.batches) {
      const idCol = batch.getChild("id")!;
      const vecCol = batch.getChild("vector")!;
      for (let i = 0; i < batch.numRows; i++) ids.push(idCol.get(i) as string);
      // A FixedSizeList's values are one Float32Array; copy each batch's slice in one go.
      const d = vecCol.data[0]!;
      const values = d.children[0]!.values as Float32Array;
      const start = d.offset * this.dimensions;
      data.set(values.subarray(start, start + batch.numRows * this.dimensions), at);
      at += batch.numRows * this.dimensions;
    }
    return { ids, dimensions: this.dimensions, data, sparse: null, version };
  }

  /** Compacts once the table has many small fragments (seconds on a large table: run it off the save path). */
  async compactIfFragmented(): Promise<boolean> {
    const stats = await this.on((t) => t.stats());
    if (stats.fragmentStats.numFragments <= COMPACT_AFTER_FRAGMENTS) return false;
    await this.on((t) => t.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) }));
    return true;
  }

  /**
   * Builds an ANN index once the table passes ANN_INDEX_ROWS (minutes on 2 cores: only ever
   * in the background; LanceDB keeps serving and accepting writes meanwhile).
   */
  async indexIfLarge(): Promise<boolean> {
    if (this.dimensions === 0 || (await this.countRows()) < ANN_INDEX_ROWS) return false;
    const indices = await this.on((t) => t.listIndices());
    if (indices.some((i) => i.columns.includes("vector"))) return false;
    await this.on((t) => t.createIndex("vector", { config: lancedb.Index.ivfPq({ distanceType: "cosine" }) }));
    return true;
  }

  /** Whether the vector column has an ANN index (then vector search goes through LanceDB). */
  async hasVectorIndex(): Promise<boolean> {
    return (await this.on((t) => t.listIndices())).some((i) => i.columns.includes("vector"));
  }

  /** Nearest rows by cosine through the ANN index: `[id, distance]`, nearest first. */
  async nearest(query: Float32Array, limit: number): Promise<Array<[string, number]>> {
    const rows = await this.on((t) => t.vectorSearch(query).distanceType("cosine").select(["id"]).limit(limit).toArray());
    return rows.map((r) => [r["id"] as string, Number(r["_distance"])]);
  }

  async fragmentCount(): Promise<number> {
    return (await this.on((t) => t.stats())).fragmentStats.numFragments;
  }

  close(): void {
    this.table.close();
    this.conn.close();
  }
}

const fromRecord = (r: Record<string, unknown>): StoredChunk => {
  const v = r["vector"] as { toArray?: () => Float32Array } | null | undefined;
  return {
    id: r["id"] as string,
    path: r["path"] as string,
    symbol: (r["symbol"] as string | null) ?? null,
    kind: r["kind"] as string,
    language: r["language"] as string,
    startLine: Number(r["start_line"]),
    endLine: Number(r["end_line"]),
    text: r["text"] as string,
    vector: v ? Float32Array.from(v.toArray ? v.toArray() : (v as unknown as ArrayLike<number>)) : null,
  };
};
