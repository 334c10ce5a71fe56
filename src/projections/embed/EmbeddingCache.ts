import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { sqliteDamage, sqliteFileDamage } from "../../events/index.js";
import { reportDamage, shownPath } from "../../shared/index.js";
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

/**
 * Opens the cache at `path`. A cache file found damaged, at open or by any later read or write,
 * is deleted and started afresh on the spot (said in one line): it holds nothing that cannot be
 * computed again, so nothing waits for a rebuild and no caller sees the failure.
 */
export const openEmbeddingCache = (path: string): EmbeddingCache => {
  /** The file this connection has open: another connection of the process may have started afresh first. */
  let opened = fileId(path);
  const startAfresh = (reason: string): EmbeddingCache => {
    // Already replaced by another connection that met the same damage: just move over to it.
    if (opened === null || fileId(path) === opened) {
      reportDamage(`${shownPath(path)} is damaged (${reason}): starting the embedding cache afresh (vectors are computed again as they are needed)`);
      for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
    }
    const fresh = connect(path);
    opened = fileId(path);
    return fresh;
  };
  const found = path === ":memory:" ? null : sqliteFileDamage(path);
  let cache: EmbeddingCache;
  try {
    cache = found === null ? connect(path) : startAfresh(found);
  } catch (e) {
    const reason = sqliteDamage(e);
    if (reason === null || path === ":memory:") throw e;
    cache = startAfresh(reason);
  }
  opened = fileId(path);
  const healing = <A>(op: (c: EmbeddingCache) => A): A => {
    try {
      return op(cache);
    } catch (e) {
      const reason = sqliteDamage(e);
      if (reason === null || path === ":memory:") throw e;
      try {
        cache.close();
      } catch {
        // A connection to a damaged file: nothing in it to keep.
      }
      cache = startAfresh(reason);
      return op(cache);
    }
  };
  return {
    path,
    getMany: (model, keys, dimensions) => healing((c) => c.getMany(model, keys, dimensions)),
    getBlobs: (model, keys, dimensions) => healing((c) => c.getBlobs(model, keys, dimensions)),
    putMany: (model, entries) => healing((c) => c.putMany(model, entries)),
    putBlobs: (model, entries) => healing((c) => c.putBlobs(model, entries)),
    count: (model) => healing((c) => c.count(model)),
    close: () => cache.close(),
  };
};

/** Which file is at `path` now (its inode), or null when none is. */
const fileId = (path: string): number | null => {
  try {
    return path === ":memory:" ? null : statSync(path).ino;
  } catch {
    return null;
  }
};

/** One connection to the cache file, as it is. */
const connect = (path: string): EmbeddingCache => {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    // Takes effect only on a new, empty file (before the first table), as wanted.
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma("busy_timeout = 10000");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(SCHEMA);
  } catch (e) {
    db.close();
    throw e;
  }
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
