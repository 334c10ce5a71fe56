import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import type { EdgeKind } from "../../projections/graph/model.js";

/** One stored edge, by node ids. */
export interface EdgeRow {
  readonly kind: EdgeKind;
  readonly from: string;
  readonly to: string;
  /** Line of the reference in the source node's file; 0 for structural edges. */
  readonly line: number;
}

export type Direction = "in" | "out";

/**
 * Every edge of `kinds` leaving (`out`) or entering (`in`) any of the nodes `ids`, in one query.
 * Rows come sorted by near node, kind, far node and line, so answers do not depend on storage order.
 */
export const edgesOf = async (
  graph: GraphQueryable,
  ids: ReadonlyArray<string>,
  direction: Direction,
  kinds: ReadonlyArray<EdgeKind>,
): Promise<EdgeRow[]> => {
  if (ids.length === 0 || kinds.length === 0) return [];
  const pattern = direction === "out" ? "(a)-[r]->(b)" : "(b)-[r]->(a)";
  const rows = await graph.query(
    `MATCH ${pattern} WHERE a.id IN $ids AND label(r) IN $kinds
     RETURN a.id AS near, b.id AS far, label(r) AS kind, r.line AS line ORDER BY near, kind, far, line`,
    { ids: [...ids], kinds: [...kinds] },
  );
  return rows.map((r) => {
    const near = String(r.near);
    const far = String(r.far);
    return {
      kind: String(r.kind) as EdgeKind,
      from: direction === "out" ? near : far,
      to: direction === "out" ? far : near,
      line: Number(r.line ?? 0),
    };
  });
};
