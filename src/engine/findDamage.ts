import type { NemesisPaths } from "../config/index.js";
import { EventLogDamaged, logDamage, sqliteDamage, sqliteFileDamage, sqliteQuickCheck, type LogHandle } from "../events/index.js";
import { PROJECTION_NAMES, PROJECTIONS, StoreDamaged, type ProjectionName } from "../projections/index.js";

/** Why the SQLite file at `path` is damaged (its header first, then every page), or null. */
const sqliteFileIsDamaged = (path: string): string | null => sqliteFileDamage(path) ?? sqliteQuickCheck(path);

/**
 * Which file a failed read found damaged. A store's own failure names it already (StoreDamaged:
 * Kuzu, LanceDB, a header checked at open; EventLogDamaged: the runner's reads of the log).
 * SQLite's does not say which database failed, so each SQLite file the failing call read is
 * checked (`read`, the read models it used, then the log), header first, then page by page: a
 * cost paid only once a read failed (every read model's file when `read` is not given). Null
 * when `e` is no damage, or no file shows it.
 */
export const findDamage = (
  paths: NemesisPaths,
  log: LogHandle,
  e: unknown,
  read: Iterable<ProjectionName> = PROJECTION_NAMES,
): StoreDamaged | EventLogDamaged | null => {
  if (e instanceof StoreDamaged || e instanceof EventLogDamaged) return e;
  const failure = sqliteDamage(e);
  if (failure === null) return null;
  for (const model of read) {
    const file = PROJECTIONS[model].files(paths).sqlite;
    const damage = file === undefined ? null : sqliteFileIsDamaged(file);
    if (file !== undefined && damage !== null) return new StoreDamaged({ model, file, reason: damage });
  }
  return logDamage(log, e);
};
