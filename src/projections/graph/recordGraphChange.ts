import type { KuzuWriter } from "./KuzuWriter.js";

/**
 * What a write changed, recorded with its checkpoint: the checkpoint it moved from and the files
 * whose nodes or outgoing edges it replaced (read when the write commits: the planner may add
 * files while the write runs). A write without one (a bulk load) breaks the chain, and readers
 * reload everything.
 */
export interface GraphChange {
  readonly previous: number;
  readonly paths: Iterable<string>;
}

/** Change rows kept: a reader further behind than this reloads everything. */
const CHANGES_KEPT = 64;

/** One change row, and the oldest ones dropped once there are more than CHANGES_KEPT (`changes`: the positions of those this store wrote, oldest first). */
export const recordGraphChange = async (tx: KuzuWriter, changes: number[], position: number, change: GraphChange): Promise<void> => {
  await tx.exec("MERGE (g:GraphChange {position: $position}) SET g.previous = $previous, g.paths = $paths", {
    position,
    previous: change.previous,
    paths: JSON.stringify([...new Set(change.paths)].sort()),
  });
  changes.push(position);
  if (changes.length > CHANGES_KEPT) {
    const floor = changes.splice(0, changes.length - CHANGES_KEPT).at(-1)!;
    await tx.exec("MATCH (g:GraphChange) WHERE g.position <= $floor DELETE g", { floor });
  }
};
