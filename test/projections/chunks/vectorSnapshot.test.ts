import { afterEach, beforeEach, describe, expect, test } from "vitest";
import Database from "better-sqlite3";
import { join } from "node:path";
import { loadVectorMatrix } from "../../../src/projections/chunks/loadVectorMatrix.js";
import { encodeVector } from "../../../src/projections/embed/vectorBlob.js";
import { readVectorSnapshot, writeVectorSnapshot } from "../../../src/projections/chunks/vectorSnapshot.js";
import { snapshotVectors } from "../../../src/projections/chunks/snapshotVectors.js";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { topCosine } from "../../../src/queries/search/topCosine.js";
import { tempDir } from "../../helpers.js";

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => (tmp = tempDir("nemesis-vectors-")));
afterEach(() => tmp.cleanup());

const D = 16;
const sparse = (pairs: Array<[number, number]>) => {
  const v = new Float32Array(D);
  for (const [j, x] of pairs) v[j] = x;
  return v;
};
const dense = (seed: number) => Float32Array.from({ length: D }, (_, j) => Math.sin(seed + j));

const dbWith = (vectors: Float32Array[]) => {
  const db = new Database(join(tmp.dir, "v.db"));
  db.exec("CREATE TABLE chunk_vectors (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, vector BLOB NOT NULL)");
  const insert = db.prepare("INSERT INTO chunk_vectors VALUES (?, ?, ?)");
  db.transaction(() => vectors.forEach((v, i) => insert.run(i + 1, `c${i}`, encodeVector(v, D))))();
  return db;
};

/** The reference: plain dot products over the original vectors. */
const expected = (vectors: Float32Array[], q: Float32Array, k: number) =>
  vectors
    .map((v, i): [string, number] => [`c${i}`, v.reduce((s, x, j) => s + x * q[j]!, 0)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, k);

describe("chunk vectors in SQLite", () => {
  const vectors = [sparse([[1, 0.5], [7, -0.125]]), sparse([[1, 0.75]]), sparse([]), sparse([[3, 1], [7, 0.5], [15, 0.125]])];
  const query = sparse([[1, 1], [7, 2]]);

  test("sparse blobs load by dimension and score as the plain dot product", () => {
    const db = dbWith(vectors);
    expect(encodeVector(vectors[0]!, D).byteLength).toBe(12);
    const m = loadVectorMatrix(db, D, 1);
    expect(m.data).toBeNull();
    const got = topCosine(m, query, 3);
    expect(got.map(([id]) => id)).toEqual(expected(vectors, query, 3).map(([id]) => id));
    expect(got.map(([, s]) => s)).toEqual(expected(vectors, query, 3).map(([, s]) => s));
    db.close();
  });

  test("one dense vector makes the whole matrix dense, with the same scores", () => {
    const mixed = [...vectors, dense(3)];
    const db = dbWith(mixed);
    expect(encodeVector(dense(3), D).byteLength).toBe(D * 4);
    const m = loadVectorMatrix(db, D, 1);
    expect(m.sparse).toBeNull();
    expect(topCosine(m, query, 5)).toEqual(expected(mixed, query, 5));
    db.close();
  });

  test("equal scores rank by id, whatever row order the index inserted them in (delta == fresh)", () => {
    const ids = Array.from({ length: 10 }, (_, n) => `c${n}`);
    let built = 0;
    const topOf = (order: ReadonlyArray<string>, k: number) => {
      const db = new Database(join(tmp.dir, `same-${built++}.db`));
      db.exec("CREATE TABLE chunk_vectors (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, vector BLOB NOT NULL)");
      // The same vector for every chunk but one, which scores lower.
      order.forEach((id, i) => db.prepare("INSERT INTO chunk_vectors VALUES (?, ?, ?)").run(i + 1, id, encodeVector(id === "c5" ? sparse([[1, 0.5]]) : sparse([[1, 1]]), D)));
      try {
        return topCosine(loadVectorMatrix(db, D, 1), query, k).map(([id]) => id);
      } finally {
        db.close();
      }
    };
    for (const k of [3, 9, 10]) expect(topOf([...ids].reverse(), k)).toEqual(topOf(ids, k));
    expect(topOf([...ids].reverse(), 4)).toEqual(["c0", "c1", "c2", "c3"]);
    expect(topOf(ids, 10)).toEqual([...ids.filter((id) => id !== "c5"), "c5"]);
  });

  test("the snapshot written in two scans, without the matrix, is the one written from the loaded matrix, byte for byte", () => {
    // Many vectors, so that columns fill their buffers several times over (4,096 non-zeros each).
    const many = Array.from({ length: 9_000 }, (_, i) => sparse([[i % D, 1 + i], [(i * 7) % D, -0.5], [(i * 3 + 1) % D, i / 7]]));
    const db = dbWith([...vectors, ...many]);
    const loaded = join(tmp.dir, "loaded.cols");
    const streamed = join(tmp.dir, "streamed.cols");
    writeVectorSnapshot(loaded, loadVectorMatrix(db, D, 7));
    snapshotVectors(db, D, 7, streamed);
    expect(readFileSync(streamed).equals(readFileSync(loaded))).toBe(true);
    expect(readVectorSnapshot(streamed, 7, [1, 7])!.ids.length).toBe(vectors.length + many.length);
    db.close();
  });

  test("dense vectors have no snapshot: writing one removes the old file", () => {
    const db = dbWith([...vectors, dense(3)]);
    const path = join(tmp.dir, "vectors.cols");
    writeFileSync(path, "old");
    snapshotVectors(db, D, 1, path);
    expect(existsSync(path)).toBe(false);
    db.close();
  });

  test("the column file answers a query exactly, and only at its own epoch", () => {
    const db = dbWith(vectors);
    const m = loadVectorMatrix(db, D, 42);
    const path = join(tmp.dir, "vectors.cols");
    writeVectorSnapshot(path, m);
    const partial = readVectorSnapshot(path, 42, [1, 7])!;
    expect(partial.ids).toEqual(m.ids);
    expect(topCosine(partial, query, 4)).toEqual(topCosine(m, query, 4));
    expect(readVectorSnapshot(path, 43, [1, 7])).toBeNull();
    expect(readVectorSnapshot(join(tmp.dir, "missing.cols"), 42, [1])).toBeNull();
    db.close();
  });
});
