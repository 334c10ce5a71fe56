import { closeSync, openSync, statSync, truncateSync, writeSync } from "node:fs";

/**
 * Ways a file on disk gets damaged, as the damage tests do it to a real file: cut short (a
 * torn write, a full disk at the wrong moment), or bytes overwritten (a bad sector, a stray
 * write). Each leaves the rest of the file as it was.
 */
export type Damage = "truncate" | "header" | "pages" | "tail";

const overwrite = (file: string, at: number, bytes: number): void => {
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, Buffer.alloc(bytes, 0x5a), 0, bytes, at);
  } finally {
    closeSync(fd);
  }
};

export const damageFile = (file: string, damage: Damage): void => {
  const size = statSync(file).size;
  switch (damage) {
    case "truncate":
      // Most of it gone, as a torn copy or a full disk leaves a file: reads past the first page fail.
      return truncateSync(file, Math.min(4096, Math.floor(size / 2)));
    case "header":
      return overwrite(file, 0, Math.min(4096, size));
    case "pages":
      // The first bytes of every 4 KB page after the first: a SQLite page's b-tree header.
      for (let at = 4096; at < size; at += 4096) overwrite(file, at, Math.min(16, size - at));
      return;
    case "tail":
      return overwrite(file, Math.max(0, size - 8192), Math.min(8192, size));
  }
};
