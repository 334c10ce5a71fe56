import type Database from "better-sqlite3";

/**
 * The chunk ids one move of the vector epoch touched: chunks deleted (their vectors with
 * them), and chunks inserted or given a vector. A reader holding the matrix of an earlier
 * epoch drops both sets' rows and reads the added ones' current vectors: the same matrix as a
 * full load, for the cost of the rows that changed.
 */
export interface VectorChange {
  readonly removed: ReadonlyArray<string>;
  readonly added: ReadonlyArray<string>;
}

/** Epochs whose changes are kept: a reader further behind reloads every vector. */
export const VECTOR_CHANGES_KEPT = 64;
/** A change of more ids than this is recorded unlisted: reading them one by one would cost a full load anyway. */
export const MOST_IDS_LISTED = 2_000;

/**
 * Records what moved the epoch from `previous` to `epoch` (in the caller's transaction, the
 * one that moves it) and forgets changes too old to be followed. `change` null: unlisted.
 */
export const recordVectorChange = (db: Database.Database, previous: number, epoch: number, change: VectorChange | null): void => {
  const listed = change !== null && change.removed.length + change.added.length <= MOST_IDS_LISTED;
  db.prepare("INSERT OR REPLACE INTO vector_changes (epoch, previous, removed, added) VALUES (?, ?, ?, ?)").run(
    epoch,
    previous,
    listed ? JSON.stringify(change.removed) : null,
    listed ? JSON.stringify(change.added) : null,
  );
  db.prepare("DELETE FROM vector_changes WHERE epoch <= ? OR epoch > ?").run(epoch - VECTOR_CHANGES_KEPT, epoch);
};
