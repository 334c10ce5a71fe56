import { fstatSync, readdirSync, readSync } from "node:fs";
import { join, relative } from "node:path";
import { readOpenFile } from "../../shared/index.js";

const MAGIC = "LANC";

/** Why one Lance file (a manifest or a data file, both end in the same footer) is not whole, or null; `name` is how it is named. */
const fileDamage = (path: string, name: string): string | null => {
  return readOpenFile(path, (fd) => {
    const size = fstatSync(fd).size;
    if (size < 16) return `${name} is ${size} bytes, shorter than a Lance footer`;
    const footer = Buffer.alloc(4);
    readSync(fd, footer, 0, 4, size - 4);
    return footer.toString("latin1") === MAGIC ? null : `${name} does not end in a Lance footer (cut short or overwritten)`;
  });
};

const filesIn = (dir: string, suffix: string): string[] => {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(suffix))
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
};

/**
 * Why the LanceDB table at `table` (its folder) is damaged, or null as far as its footers show:
 * every manifest and data file must end in Lance's footer, which a truncated or overwritten tail
 * does not. LanceDB itself notices a cut data file only when a read reaches it. A few dozen
 * 4-byte reads, so every open can afford them.
 */
export const lanceTableDamage = (table: string): string | null => {
  for (const file of [...filesIn(join(table, "_versions"), ".manifest"), ...filesIn(join(table, "data"), ".lance")]) {
    const damage = fileDamage(file, relative(table, file));
    if (damage !== null) return damage;
  }
  return null;
};
