import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as zlib from "node:zlib";

/**
 * A checksum of the graph database as its writer left it on a clean close, kept beside it
 * (`graph.kuzu.sealed`), so that the next open can tell a file damaged while nothing ran.
 * Kuzu has no checksum of its own: it reads whatever its pages hold, and a damaged page of its
 * catalog crashes the process (a segmentation fault no `catch` sees) instead of failing the open.
 * A writer removes the seal once it has opened the file (it is about to change it), so a
 * process that dies without closing leaves no seal, and the next open checks nothing.
 * CRC-32 is fast enough to check a whole graph at every open; a Node without `zlib.crc32` uses SHA-1.
 */
export const SEAL_SUFFIX = ".sealed";

const sealPath = (path: string): string => path + SEAL_SUFFIX;

type Crc32 = (data: Uint8Array, value?: number) => number;
const crc32 = (zlib as unknown as { crc32?: Crc32 }).crc32;
const ALGORITHM = crc32 ? "crc32" : "sha1";

const checksum = (path: string, algorithm: string): string => {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    let crc = 0;
    const hash = algorithm === "crc32" ? null : createHash(algorithm);
    for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) {
      if (hash) hash.update(buffer.subarray(0, n));
      else crc = crc32!(buffer.subarray(0, n), crc);
    }
    return hash ? hash.digest("hex") : crc.toString(16);
  } finally {
    closeSync(fd);
  }
};

/** Records the checksum of the closed database at `path`. Never fails the close it follows: without a seal the next open just checks nothing. */
export const sealGraph = (path: string): void => {
  try {
    const tmp = `${sealPath(path)}.${process.pid}.tmp`;
    writeFileSync(tmp, `${ALGORITHM} ${statSync(path).size} ${checksum(path, ALGORITHM)}\n`);
    renameSync(tmp, sealPath(path));
  } catch {
    rmSync(sealPath(path), { force: true });
  }
};

/** Why the database at `path` differs from what its seal recorded, or null (it matches, or there is no seal to check). */
export const brokenSeal = (path: string): string | null => {
  let seal: string;
  try {
    seal = readFileSync(sealPath(path), "utf8");
  } catch {
    return null;
  }
  const [algorithm, size, sum] = seal.trim().split(" ");
  if (algorithm === undefined || size === undefined || sum === undefined || !["crc32", "sha1"].includes(algorithm)) return null;
  if (algorithm === "crc32" && !crc32) return null;
  let actual: number;
  try {
    actual = statSync(path).size;
  } catch {
    // Deleted, seal and all or not: a missing graph is an empty one, rebuilt from the log.
    return null;
  }
  if (actual !== Number(size)) return `${actual.toLocaleString("en-US")} bytes where it was closed with ${Number(size).toLocaleString("en-US")}`;
  return checksum(path, algorithm) === sum ? null : "its checksum differs from the one recorded when it was last closed";
};

/** Removes the seal: the file is about to change. */
export const breakSeal = (path: string): void => {
  rmSync(sealPath(path), { force: true });
};
