import {
  sparseByColumn,
  decodeInto,
  decodeVector,
  encodeVector,
  isDenseBlob,
  sparseCount,
  type VectorMatrix,
  type CachedEmbedder,
  type Embedder,
} from "../../projections/index.js";

/** Labels embedded per call: keeps one call's vectors (and a remote provider's request) small. */
const BATCH = 4096;

const blobsOf = async (embedder: Embedder, texts: ReadonlyArray<string>): Promise<Buffer[]> => {
  const cached = embedder as Partial<CachedEmbedder>;
  if (typeof cached.embedDocumentBlobs === "function") return cached.embedDocumentBlobs(texts);
  return (await embedder.embedDocuments(texts)).map((v) => encodeVector(v, embedder.dimensions));
};

/** A growing list of sparse rows (row-major), turned into columns once complete. */
class SparseRows {
  private values = new Float32Array(1024);
  private index = new Uint16Array(1024);
  private size = 0;
  readonly offsets: number[] = [0];

  private room(n: number): void {
    if (this.size + n <= this.values.length) return;
    const cap = Math.max(this.size + n, this.values.length * 2);
    const values = new Float32Array(cap);
    values.set(this.values.subarray(0, this.size));
    const index = new Uint16Array(cap);
    index.set(this.index.subarray(0, this.size));
    this.values = values;
    this.index = index;
  }

  add(blob: Buffer, dimensions: number): void {
    if (!isDenseBlob(blob, dimensions)) {
      const n = sparseCount(blob);
      this.room(n);
      // Byte copies: a SQLite buffer's offset need not be aligned for a typed view.
      new Uint8Array(this.values.buffer, this.size * 4, n * 4).set(blob.subarray(0, n * 4));
      new Uint8Array(this.index.buffer, this.size * 2, n * 2).set(blob.subarray(n * 4, n * 6));
      this.size += n;
    } else {
      const v = decodeVector(blob, dimensions)!;
      this.room(dimensions);
      for (let j = 0; j < dimensions; j++) {
        if (v[j] === 0) continue;
        this.values[this.size] = v[j]!;
        this.index[this.size++] = j;
      }
    }
    this.offsets.push(this.size);
  }

  columns(dimensions: number) {
    return sparseByColumn(Int32Array.from(this.offsets), this.index.subarray(0, this.size), this.values.subarray(0, this.size), dimensions);
  }
}

/**
 * One row per label (ids are the labels), embedded `BATCH` labels at a time through the
 * project's embedder, so a cached embedder reads them from `embeddings.db` and the provider
 * sees only labels it never embedded. Sparse columns when the first batch's vectors are sparse
 * (the hashing embedders: ~20 non-zeros for a short label, ~16 MB for 100k labels); dense
 * rows otherwise (n × dimensions floats: what a neural model's vectors cost in any form).
 */
export const labelMatrix = async (embedder: Embedder, labels: ReadonlyArray<string>): Promise<VectorMatrix> => {
  const d = embedder.dimensions;
  const ids = [...labels];
  let sparse: SparseRows | null = null;
  let data: Float32Array | null = null;
  for (let from = 0; from < ids.length; from += BATCH) {
    const blobs = await blobsOf(embedder, ids.slice(from, from + BATCH));
    if (from === 0) {
      if (blobs.some((b) => isDenseBlob(b, d))) data = new Float32Array(ids.length * d);
      else sparse = new SparseRows();
    }
    blobs.forEach((blob, i) => {
      if (data !== null) decodeInto(blob, data, from + i, d);
      else sparse!.add(blob, d);
    });
  }
  if (data !== null) return { ids, dimensions: d, data, sparse: null, version: 0 };
  return { ids, dimensions: d, data: null, sparse: (sparse ?? new SparseRows()).columns(d), version: 0 };
};
