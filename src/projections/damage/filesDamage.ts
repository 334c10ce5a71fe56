import { sqliteFileDamage } from "../../events/index.js";
import { lanceTableDamage } from "../chunks/lanceTableDamage.js";
import type { StoreFiles } from "./damageIn.js";
import { StoreDamaged } from "./StoreDamaged.js";

/**
 * What a look at `model`'s files finds without opening them: a SQLite header that is not
 * SQLite's or records more pages than the file holds, a LanceDB file without its footer. A few
 * small reads, so an engine looks at every model when it starts, opened or not. Kuzu's seal is
 * checked when the graph opens (it reads the whole file).
 */
export const filesDamage = (model: string, files: StoreFiles): StoreDamaged | null => {
  const sqlite = files.sqlite === undefined ? null : sqliteFileDamage(files.sqlite);
  if (sqlite !== null) return new StoreDamaged({ model, file: files.sqlite!, reason: sqlite });
  const lance = files.lance === undefined ? null : lanceTableDamage(files.lance);
  if (lance !== null) return new StoreDamaged({ model, file: files.lance!, reason: lance });
  return null;
};
