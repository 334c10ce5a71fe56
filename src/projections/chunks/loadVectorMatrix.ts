import type Database from "better-sqlite3";
import { copyDense, copySparse, sparseCount } from "../embed/vectorBlob.js";
import { sparseByColumn } from "./sparseByColumn.js";
import type { VectorMatrix } from "./VectorMatrix.js";

/**
 * Reads every vector of the keyword index in one sequential scan of `chunk_vectors`. Sparse
 * when no stored row is dense, which a first aggregate pass over the blob lengths tells.
 */
export const loadVectorMatrix = (db: Database.Database, dimensions: number, version: number): VectorMatrix => {
  const stats = db
    .prepare("SELECT count(*) AS n, coalesce(sum(length(vector)), 0) AS bytes, coalesce(sum(length(vector) = ?), 0) AS dense FROM chunk_vectors")
    .get(dimensions * 4) as { n: number; bytes: number; dense: number };
  const ids: string[] = new Array(stats.n);
  const rows = db.prepare("SELECT id, vector FROM chunk_vectors ORDER BY rowid").raw(true);
  if (stats.dense > 0) {
    const data = new Float32Array(stats.n * dimensions);
    let i = 0;
    for (const [id, blob] of rows.iterate() as IterableIterator<[string, Buffer]>) {
      ids[i] = id;
      copyDense(blob, data, i++, dimensions);
    }
    return { ids, dimensions, data, sparse: null, version };
  }
  const total = stats.bytes / 6;
  const offsets = new Int32Array(stats.n + 1);
  const index = new Uint16Array(total);
  const values = new Float32Array(total);
  let i = 0;
  let at = 0;
  for (const [id, blob] of rows.iterate() as IterableIterator<[string, Buffer]>) {
    ids[i] = id;
    copySparse(blob, values, index, at);
    at += sparseCount(blob);
    offsets[++i] = at;
  }
  return { ids, dimensions, data: null, sparse: sparseByColumn(offsets, index, values, dimensions), version };
};
