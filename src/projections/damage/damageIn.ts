import { sqliteDamage } from "../../events/index.js";
import { kuzuDamage, lanceDamage, shortReason } from "./libraryDamage.js";
import { StoreDamaged } from "./StoreDamaged.js";

/** A read model's files, by the library that reads each. */
export interface StoreFiles {
  readonly sqlite?: string;
  readonly kuzu?: string;
  readonly lance?: string;
}

/**
 * `e` as the damage of one of `model`'s files, or null when it is not damage (or not of these
 * files). Each library's failure is pinned on the one file of the model that library reads: a
 * SQLite failure of a projector whose store is Kuzu came from the log, not from its store.
 */
export const damageIn = (model: string, files: StoreFiles, e: unknown): StoreDamaged | null => {
  if (e instanceof StoreDamaged) return e.model === model ? e : null;
  const sqlite = files.sqlite === undefined ? null : sqliteDamage(e);
  if (sqlite !== null) return new StoreDamaged({ model, file: files.sqlite!, reason: sqlite });
  const kuzu = files.kuzu === undefined ? null : kuzuDamage(e);
  if (kuzu !== null) return new StoreDamaged({ model, file: files.kuzu!, reason: shortReason(kuzu) });
  const lance = files.lance === undefined ? null : lanceDamage(e);
  if (lance !== null) return new StoreDamaged({ model, file: files.lance!, reason: shortReason(lance) });
  return null;
};
