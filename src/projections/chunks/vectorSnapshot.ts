import { fstatSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { VectorMatrix } from "./VectorMatrix.js";
import { readOpenFile } from "../../shared/index.js";

/**
 * A column-major copy of the sparse vectors in one file (`vectors.cols`), so a one-shot query
 * reads the ids and only its own non-zero dimensions (a few percent of the matrix) instead of
 * scanning every vector blob. Derived from `chunk_vectors` and stamped with its vector epoch:
 * a stale or missing file is ignored and the blobs are scanned instead.
 *
 * Layout (little-endian): "NMVCOLS1", epoch f64, dimensions u32, rows u32, non-zeros u32, id
 * bytes u32; offsets i32 × (dimensions + 1); rows i32 × non-zeros; values f32 × non-zeros;
 * ids, UTF-8, newline-separated.
 */
export const vectorSnapshotPath = (dir: string): string => join(dir, "vectors.cols");

const MAGIC = "NMVCOLS1";
const HEADER = 32;

/** The epoch stamped on the snapshot at `path`, or null when there is none (or it is malformed). */
export const vectorSnapshotEpoch = (path: string): number | null => withSnapshot(path, (_fd, header) => header.readDoubleLE(8));

/**
 * Why the snapshot at `path` is not whole, or null (it is, or there is none): a size other than
 * its header adds up to (cut short, or grown), or column offsets that do not rise to the
 * non-zero count. A damaged value inside a column is not seen here: the vector epoch in the
 * header and these shapes are all a one-shot read can check without reading every vector.
 */
export const vectorSnapshotDamage = (path: string): string | null => {
  return readOpenFile(path, (fd) => {
    const header = Buffer.alloc(HEADER);
    if (readSync(fd, header, 0, HEADER, 0) !== HEADER || header.toString("latin1", 0, 8) !== MAGIC) return "its header is not a vector snapshot's";
    const shape = checkShape(fd, header);
    return typeof shape === "string" ? shape : null;
  });
};

/** The column offsets of a snapshot whose size adds up (see vectorSnapshotDamage), or why it is not whole. */
const checkShape = (fd: number, header: Buffer): Int32Array | string => {
  const d = header.readUInt32LE(16);
  const nnz = header.readUInt32LE(24);
  const expected = HEADER + 4 * (d + 1) + 8 * nnz + header.readUInt32LE(28);
  const size = fstatSync(fd).size;
  if (size !== expected) return `${size.toLocaleString("en-US")} bytes where its header adds up to ${expected.toLocaleString("en-US")}`;
  const all = new Int32Array(d + 1);
  readSync(fd, new Uint8Array(all.buffer), 0, all.byteLength, HEADER);
  if (all[0] !== 0 || all[d] !== nnz) return "its column offsets do not add up to its non-zero count";
  for (let j = 0; j < d; j++) if (all[j + 1]! < all[j]!) return "its column offsets go backwards";
  return all;
};

/** Runs `read` on the open snapshot and its checked header; null when the file is missing or not a snapshot. */
const withSnapshot = <A>(path: string, read: (fd: number, header: Buffer) => A | null): A | null => {
  return readOpenFile(path, (fd) => {
    const header = Buffer.alloc(HEADER);
    if (readSync(fd, header, 0, HEADER, 0) !== HEADER || header.toString("latin1", 0, 8) !== MAGIC) return null;
    return read(fd, header);
  });
};

/** The snapshot's header (its first 32 bytes); the column offsets start right after it. */
export const vectorSnapshotHeader = (h: { epoch: number; dimensions: number; rows: number; nonZeros: number; idBytes: number }): Buffer => {
  const header = Buffer.alloc(HEADER);
  header.write(MAGIC, 0, "latin1");
  header.writeDoubleLE(h.epoch, 8);
  header.writeUInt32LE(h.dimensions, 16);
  header.writeUInt32LE(h.rows, 20);
  header.writeUInt32LE(h.nonZeros, 24);
  header.writeUInt32LE(h.idBytes, 28);
  return header;
};

export const writeVectorSnapshot = (path: string, m: VectorMatrix): void => {
  if (!m.sparse) {
    rmSync(path, { force: true });
    return;
  }
  const { offsets, rows, values } = m.sparse;
  const ids = Buffer.from(m.ids.join("\n"), "utf8");
  const header = vectorSnapshotHeader({ epoch: m.version, dimensions: m.dimensions, rows: m.ids.length, nonZeros: rows.length, idBytes: ids.length });
  const bytes = (a: Int32Array | Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([header, bytes(offsets), bytes(rows), bytes(values), ids]));
  renameSync(tmp, path);
};

/**
 * The vectors of the snapshot at `path` restricted to the dimensions `wanted` (the others
 * read as empty): exact for a query whose non-zeros are all in `wanted`. Null when the file
 * is missing, malformed, or not of `epoch`.
 */
export const readVectorSnapshot = (path: string, epoch: number, wanted: ReadonlyArray<number>): VectorMatrix | null =>
  withSnapshot(path, (fd, header) => {
    if (header.readDoubleLE(8) !== epoch) return null;
    const d = header.readUInt32LE(16);
    const n = header.readUInt32LE(20);
    const nnz = header.readUInt32LE(24);
    const idBytes = header.readUInt32LE(28);
    const at = (a: Int32Array | Float32Array, pos: number) => readSync(fd, new Uint8Array(a.buffer, a.byteOffset, a.byteLength), 0, a.byteLength, pos);
    const all = checkShape(fd, header);
    // A damaged snapshot reads as none: the caller scans the vector blobs instead.
    if (typeof all === "string") return null;
    const rowsAt = HEADER + 4 * (d + 1);
    const valuesAt = rowsAt + 4 * nnz;
    const idsAt = valuesAt + 4 * nnz;
    const keep = [...new Set(wanted)].filter((j) => j >= 0 && j < d).sort((a, b) => a - b);
    const offsets = new Int32Array(d + 1);
    let total = 0;
    for (let j = 0, w = 0; j < d; j++) {
      if (w < keep.length && keep[w] === j) (total += all[j + 1]! - all[j]!), w++;
      offsets[j + 1] = total;
    }
    const rows = new Int32Array(total);
    const values = new Float32Array(total);
    for (const j of keep) {
      const len = all[j + 1]! - all[j]!;
      if (len === 0) continue;
      at(rows.subarray(offsets[j]!, offsets[j]! + len), rowsAt + 4 * all[j]!);
      at(values.subarray(offsets[j]!, offsets[j]! + len), valuesAt + 4 * all[j]!);
    }
    const idBuf = Buffer.alloc(idBytes);
    readSync(fd, idBuf, 0, idBytes, idsAt);
    const ids = n === 0 ? [] : idBuf.toString("utf8").split("\n");
    if (ids.length !== n) return null;
    for (const r of rows) if (r < 0 || r >= n) return null;
    return { ids, dimensions: d, data: null, sparse: { offsets, rows, values }, version: epoch };
  });
