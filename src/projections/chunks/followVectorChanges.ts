import type Database from "better-sqlite3";
import { isDenseBlob } from "../embed/vectorBlob.js";
import { matrixOfRows } from "./matrixOfRows.js";
import type { VectorSet } from "./VectorSet.js";

/** A reader's vectors with the stored rows its `recent` part was built from, to build the next one. */
export interface FollowedVectors {
  readonly set: VectorSet;
  readonly recentRows: ReadonlyArray<readonly [string, Uint8Array]>;
}

/**
 * Past this many recent rows, or base rows dropped (or this share of the base, if more), a
 * full load is due: rebuilding the recent part and scoring dead rows would cost more than it saves.
 */
const MOST_CHANGED_ROWS = 4_096;
const MOST_DROPPED_SHARE = 0.1;

/**
 * `cached` (read at an earlier epoch) brought to `version`, given every id changed since: the
 * base rows of those ids are dropped, and the recent part holds their current vectors (with
 * the earlier recent rows not changed again). Null when a full load is due, or when only a
 * full load gives the form a full load would take (dense as soon as one stored vector is
 * dense). Runs in the caller's read transaction, the one it read the epoch and the changes in.
 */
export const followVectorChanges = (
  db: Database.Database,
  cached: FollowedVectors,
  changes: { readonly removed: ReadonlySet<string>; readonly added: ReadonlySet<string> },
  version: number,
): FollowedVectors | null => {
  const { base, dimensions: d } = cached.set;
  // An added id may be in the base already: a base read between a pass's write groups and its checkpoint.
  const changed = (id: string) => changes.removed.has(id) || changes.added.has(id);
  const fresh =
    changes.added.size === 0
      ? []
      : (db
          .prepare("SELECT id, vector FROM chunk_vectors WHERE id IN (SELECT value FROM json_each(?)) ORDER BY rowid")
          .raw(true)
          .all(JSON.stringify([...changes.added])) as Array<[string, Buffer]>);
  const recentRows = [...cached.recentRows.filter(([id]) => !changed(id)), ...fresh];
  const dense = base.data !== null;
  if (!dense && fresh.some(([, blob]) => isDenseBlob(blob, d))) return null;
  let dropped = cached.set.dropped;
  let droppedCount = 0;
  if (changes.removed.size + changes.added.size > 0) {
    dropped = dropped ? dropped.slice() : new Uint8Array(base.ids.length);
    for (let r = 0; r < base.ids.length; r++) {
      if (dropped[r] === 0 && changed(base.ids[r]!)) dropped[r] = 1;
      droppedCount += dropped[r]!;
    }
  } else if (dropped) for (const x of dropped) droppedCount += x;
  if (recentRows.length > MOST_CHANGED_ROWS || droppedCount > Math.max(MOST_CHANGED_ROWS, base.ids.length * MOST_DROPPED_SHARE)) return null;
  if (dense && changes.removed.size + changes.added.size > 0) {
    const anyDense = db.prepare("SELECT 1 FROM chunk_vectors WHERE length(vector) = ? LIMIT 1").get(d * 4);
    if (anyDense === undefined) return null;
  }
  const recent = recentRows.length > 0 ? matrixOfRows(recentRows, d, dense, version) : null;
  return {
    set: { base, dropped, recent, dimensions: d, version, size: base.ids.length - droppedCount + recentRows.length },
    recentRows,
  };
};
