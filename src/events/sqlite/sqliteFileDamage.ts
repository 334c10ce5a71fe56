import { fstatSync, readSync, statSync } from "node:fs";
import { readOpenFile } from "../../shared/index.js";

const MAGIC = "SQLite format 3\0";
const HEADER = 100;

/** Bytes in the WAL beside `path` (0 when there is none). */
const walBytes = (path: string): number => {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
};

/**
 * Why the SQLite file at `path` cannot be what it claims, from its header alone, or null when
 * nothing is wrong as far as that goes (or there is no file: a store not built yet). Costs one
 * 100-byte read, so every open can afford it. What it sees: a file that is not SQLite (its
 * header overwritten) and one shorter than the page count its header records (truncated).
 * Damage inside a page shows up only when a read reaches it.
 *
 * With a WAL beside it the size is not checked: a checkpoint writes pages in ascending order, so
 * one cut short leaves page 1 (and its new page count) ahead of the file's end, and SQLite
 * rereads those pages from the WAL. An empty file is an empty database to SQLite.
 */
export const sqliteFileDamage = (path: string): string | null => {
  return readOpenFile(path, (fd) => {
    const stat = fstatSync(fd);
    // Not a file (a folder in its place): SQLite's own open says what is wrong.
    if (!stat.isFile()) return null;
    const size = stat.size;
    if (size === 0) return null;
    if (size < HEADER) return `${size} bytes, shorter than a SQLite header`;
    const header = Buffer.alloc(HEADER);
    readSync(fd, header, 0, HEADER, 0);
    if (header.toString("latin1", 0, 16) !== MAGIC) return "its header is not SQLite's";
    const rawPageSize = header.readUInt16BE(16);
    const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return `its header gives a page size of ${rawPageSize}`;
    const pages = header.readUInt32BE(28);
    // SQLite trusts the page count only when the change counter matches the version it was valid for.
    const countValid = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
    if (countValid && size < pages * pageSize && walBytes(path) === 0) {
      return `truncated: ${size.toLocaleString("en-US")} bytes of the ${(pages * pageSize).toLocaleString("en-US")} its header records`;
    }
    return null;
  });
};
