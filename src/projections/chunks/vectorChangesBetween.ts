import type Database from "better-sqlite3";
import { VECTOR_CHANGES_KEPT } from "./recordVectorChange.js";

/**
 * Every id changed after epoch `from` up to `to`, when the changes recorded form an unbroken
 * chain of listed changes between the two; null otherwise (an index built before the table
 * existed, a rebuild, a reader too far behind, a change too large to list).
 */
export const vectorChangesBetween = (
  db: Database.Database,
  from: number,
  to: number,
): { readonly removed: Set<string>; readonly added: Set<string> } | null => {
  if (from === to) return { removed: new Set(), added: new Set() };
  if (!(to > from && to - from < VECTOR_CHANGES_KEPT)) return null;
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vector_changes'").get();
  if (table === undefined) return null;
  const rows = db
    .prepare("SELECT epoch, previous, removed, added FROM vector_changes WHERE epoch > ? AND epoch <= ? ORDER BY epoch")
    .all(from, to) as Array<{ epoch: number; previous: number; removed: string | null; added: string | null }>;
  const removed = new Set<string>();
  const added = new Set<string>();
  let at = from;
  for (const r of rows) {
    if (r.previous !== at || r.removed === null || r.added === null) return null;
    for (const id of JSON.parse(r.removed) as string[]) removed.add(id);
    for (const id of JSON.parse(r.added) as string[]) added.add(id);
    at = r.epoch;
  }
  return at === to ? { removed, added } : null;
};
