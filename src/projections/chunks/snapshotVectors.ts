import type Database from "better-sqlite3";
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { sparseCount } from "../embed/vectorBlob.js";
import { vectorSnapshotHeader } from "./vectorSnapshot.js";

/** Non-zeros buffered per dimension before they are written to their column: 768 dimensions × 4,096 × 8 bytes is 25 MB. */
const COLUMN_BUFFER = 4_096;

/**
 * Writes the vector snapshot of `chunk_vectors` (vectorSnapshot.ts's layout) without holding the
 * matrix: one scan counts each dimension's non-zeros, a second writes them to their columns
 * through a small buffer per dimension. Memory follows the number of dimensions, not of
 * vectors; the file is the one `writeVectorSnapshot(loadVectorMatrix(…))` writes, byte for byte.
 * Both scans read one snapshot of the table (one read transaction). Dense vectors have no snapshot.
 */
export const snapshotVectors = (db: Database.Database, dimensions: number, epoch: number, path: string): void => {
  db.transaction(() => {
    const { n, dense } = db
      .prepare("SELECT count(*) AS n, coalesce(sum(length(vector) = ?), 0) AS dense FROM chunk_vectors")
      .get(dimensions * 4) as { n: number; dense: number };
    if (dense > 0) {
      rmSync(path, { force: true });
      return;
    }
    const scan = () => db.prepare("SELECT id, vector FROM chunk_vectors ORDER BY rowid").raw(true).iterate() as IterableIterator<[string, Buffer]>;
    const ids: string[] = [];
    const offsets = new Int32Array(dimensions + 1);
    for (const [id, blob] of scan()) {
      ids.push(id);
      const k = sparseCount(blob);
      for (let i = 0; i < k; i++) offsets[blob.readUInt16LE(4 * k + 2 * i) + 1]!++;
    }
    for (let j = 0; j < dimensions; j++) offsets[j + 1]! += offsets[j]!;
    const nnz = offsets[dimensions]!;
    if (ids.length !== n) throw new Error(`chunk_vectors changed while its snapshot was written (${n} rows, then ${ids.length})`);
    const idBytes = Buffer.from(ids.join("\n"), "utf8");
    const tmp = `${path}.${process.pid}.tmp`;
    const fd = openSync(tmp, "w");
    try {
      const header = vectorSnapshotHeader({ epoch, dimensions, rows: n, nonZeros: nnz, idBytes: idBytes.length });
      writeSync(fd, header, 0, header.length, 0);
      writeSync(fd, new Uint8Array(offsets.buffer), 0, offsets.byteLength, header.length);
      const rowsAt = header.length + offsets.byteLength;
      const valuesAt = rowsAt + 4 * nnz;
      writeSync(fd, idBytes, 0, idBytes.length, valuesAt + 4 * nnz);
      const rows = new Int32Array(dimensions * COLUMN_BUFFER);
      const values = new Float32Array(dimensions * COLUMN_BUFFER);
      const held = new Int32Array(dimensions);
      const written = offsets.slice(0, dimensions);
      const flush = (j: number) => {
        const count = held[j]!;
        if (count === 0) return;
        const from = j * COLUMN_BUFFER;
        writeSync(fd, new Uint8Array(rows.buffer, from * 4, count * 4), 0, count * 4, rowsAt + 4 * written[j]!);
        writeSync(fd, new Uint8Array(values.buffer, from * 4, count * 4), 0, count * 4, valuesAt + 4 * written[j]!);
        written[j]! += count;
        held[j] = 0;
      };
      let r = 0;
      for (const [, blob] of scan()) {
        const k = sparseCount(blob);
        for (let i = 0; i < k; i++) {
          const j = blob.readUInt16LE(4 * k + 2 * i);
          const at = j * COLUMN_BUFFER + held[j]!;
          rows[at] = r;
          values[at] = blob.readFloatLE(4 * i);
          if (++held[j]! === COLUMN_BUFFER) flush(j);
        }
        r++;
      }
      for (let j = 0; j < dimensions; j++) flush(j);
      closeSync(fd);
    } catch (e) {
      closeSync(fd);
      rmSync(tmp, { force: true });
      throw e;
    }
    renameSync(tmp, path);
  })();
};
