import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Vectors by (model id, sha256 of the text), in SQLite (`.nemesis/embeddings.db`). An
 * embedding is a pure function of that pair, so a replay or re-index of unchanged chunks
 * reads vectors from here and never reaches a provider. Deleting the file only costs time.
 */
export interface EmbeddingCache {
  readonly path: string;
  /** The cached vector for each key, or undefined, in order. */
  getMany(model: string, keys: ReadonlyArray<Buffer>): Array<Float32Array | undefined>;
  putMany(model: string, entries: ReadonlyArray<{ readonly key: Buffer; readonly vector: Float32Array }>): void;
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

const toBlob = (v: Float32Array): Buffer => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

// Copied out: a Buffer's byte offset need not be 4-aligned, which a Float32Array view requires.
const fromBlob = (b: Buffer): Float32Array => {
  const v = new Float32Array(b.byteLength / 4);
  new Uint8Array(v.buffer).set(b);
  return v;
};

export const openEmbeddingCache = (path: string): EmbeddingCache => {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("busy_timeout = 10000");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(SCHEMA);
  const get = db.prepare<[string, Buffer], { vector: Buffer }>("SELECT vector FROM embeddings WHERE model = ? AND key = ?");
  const put = db.prepare<[string, Buffer, Buffer]>("INSERT OR REPLACE INTO embeddings (model, key, vector) VALUES (?, ?, ?)");
  const count = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM embeddings WHERE model = ?");
  const getAll = db.transaction((model: string, keys: ReadonlyArray<Buffer>) =>
    keys.map((k) => {
      const row = get.get(model, k);
      return row === undefined ? undefined : fromBlob(row.vector);
    }),
  );
  const putAll = db.transaction((model: string, entries: ReadonlyArray<{ key: Buffer; vector: Float32Array }>) => {
    for (const e of entries) put.run(model, e.key, toBlob(e.vector));
  });
  return {
    path,
    getMany: (model, keys) => getAll(model, keys),
    putMany: (model, entries) => {
      if (entries.length > 0) putAll(model, entries);
    },
    count: (model) => count.get(model)?.n ?? 0,
    close: () => db.close(),
  };
};
