import type { ChunkRow } from "./ChunkRow.js";
import { MOST_IDS_LISTED, type VectorChange } from "./recordVectorChange.js";

/** The chunk ids a pass removed and added, for readers to follow (recordVectorChange.ts); past the limit, unlisted. */
export class ChangedIds {
  private removed: string[] | null = [];
  private added: string[] = [];

  add(change: { readonly removed: ReadonlyArray<string>; readonly added: ReadonlyArray<ChunkRow> }): void {
    if (this.removed === null) return;
    for (const id of change.removed) this.removed.push(id);
    for (const r of change.added) this.added.push(r.id);
    if (this.removed.length + this.added.length > MOST_IDS_LISTED) (this.removed = null), (this.added = []);
  }

  change(): VectorChange | null {
    return this.removed === null ? null : { removed: this.removed, added: this.added };
  }
}
