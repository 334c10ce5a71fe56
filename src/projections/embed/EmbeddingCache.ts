import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { decodeVector, encodeVector, isVectorBlob } from "./vectorBlob.js";

/**
 * Vectors by (model id, sha256 of the text), in SQLite (`.nemesis/embeddings.db`). An
 * embedding is a pure function of that pair, so a replay or re-index of unchanged chunks
 * reads vectors from here and never reaches a provider. Deleting the file only costs time.
 */
export interface EmbeddingCache {
  readonly path: string;
  /** The cached vector (of `dimensions`) for each key, or undefined, in order. */
  getMany(model: string, keys: ReadonlyArray<Buffer>, dimensions: number): Array<Float32Array | undefined>;
  /** The cached vectors in their stored form (vectorBlob.ts), checked to be of `dimensions`; undefined where missing. */
  getBlobs(model: string, keys: ReadonlyArray<Buffer>, dimensions: number): Array<Buffer | undefined>;
  putMany(model: string, entries: ReadonlyArray<{ readonly key: Buffer; readonly vector: Float32Array }>): void;
  /** Stores vectors already in their stored form (vectorBlob.ts). */
  putBlobs(model: string, entries: ReadonlyArray<{ readonly key: Buffer; readonly blob: Buffer }>): void;
  /** How many vectors are cached for `model`. */
  count(model: string): number;
  close(): void;
}

/** The cache key of a text: its sha256 digest (32 bytes). */
export const textKey = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

const SCHEMA = `
CREATE TABLE IF NOT EXISTS embeddings (
  model  TEXT NOT NULL,
  key    BLOB NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (model, key)
) WITHOUT ROWID;
`;

/**
 * Vectors are stored sparse when that is smaller (vectorBlob.ts): the default embedder's have
 * a few hundred non-zeros of 768, a third of the dense bytes. With 8 KiB pages such a row fits
 * its b-tree page, where a 3 KiB dense row spills to an overflow page: a replay reads the
 * whole cache, so this is most of its read cost. Caches written before hold dense rows on
 * 4 KiB pages; both forms are read.
 */
const PAGE_SIZE = 8192;

export const openEmbeddingCache = (path: string): EmbeddingCache => {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // Takes effect only on a new, empty file (before the first table), as wanted.
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma("busy_timeout = 10000");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(SCHEMA);
  const get = db.prepare<[string, Buffer], { vector: Buffer }>("SELECT vector FROM embeddings WHERE model = ? AND key = ?");
  const put = db.prepare<[string, Buffer, Buffer]>("INSERT OR REPLACE INTO embeddings (model, key, vector) VALUES (?, ?, ?)");
  const count = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM embeddings WHERE model = ?");
  const getAll = db.transaction((model: string, keys: ReadonlyArray<Buffer>, dimensions: number) =>
    keys.map((k) => {
      const row = get.get(model, k);
      return row === undefined ? undefined : decodeVector(row.vector, dimensions);
    }),
  );
  const getAllBlobs = db.transaction((model: string, keys: ReadonlyArray<Buffer>, dimensions: number) =>
    keys.map((k) => {
      const row = get.get(model, k);
      return row !== undefined && isVectorBlob(row.vector, dimensions) ? row.vector : undefined;
    }),
  );
  const putAll = db.transaction((model: string, entries: ReadonlyArray<{ key: Buffer; vector: Float32Array }>) => {
    for (const e of entries) put.run(model, e.key, encodeVector(e.vector, e.vector.length));
  });
  const putAllBlobs = db.transaction((model: string, entries: ReadonlyArray<{ key: Buffer; blob: Buffer }>) => {
    for (const e of entries) put.run(model, e.key, e.blob);
  });
  return {
    path,
    getMany: (model, keys, dimensions) => getAll(model, keys, dimensions),
    getBlobs: (model, keys, dimensions) => getAllBlobs(model, keys, dimensions),
    putMany: (model, entries) => {
      if (entries.length > 0) putAll(model, entries);
    },
    putBlobs: (model, entries) => {
      if (entries.length > 0) putAllBlobs(model, entries);
    },
    count: (model) => count.get(model)?.n ?? 0,
    close: () => db.close(),
  };
};
