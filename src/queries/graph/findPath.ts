import type { GraphQueryable } from "../../projections/graph/GraphReader.js";
import { EDGE_KINDS, type EdgeKind } from "../../projections/graph/model.js";
import { nodeIndex, nodeOf, type GraphNode } from "../symbols/nodeIndex.js";

export interface PathHop {
  readonly kind: EdgeKind;
  readonly from: GraphNode;
  readonly to: GraphNode;
  /** Line of the reference in `file` (0 for structural edges). */
  readonly line: number;
  /** The file the reference is written in: `from`'s. */
  readonly file: string | null;
}

export interface FindPathOptions {
  readonly kinds: ReadonlyArray<EdgeKind>;
  /** Most edges on the path. */
  readonly maxHops: number;
}

/**
 * A shortest directed path from `from` to `to` over edges of `kinds`, as its hops in order, or
 * null when there is none within `maxHops`. Among equally short paths the one found first is
 * returned. Kuzu's `SHORTEST` recursive pattern finds it in one query.
 */
export const findPath = async (graph: GraphQueryable, from: GraphNode, to: GraphNode, options: FindPathOptions): Promise<PathHop[] | null> => {
  if (from.id === to.id) return [];
  const index = await nodeIndex(graph);
  const hops = Math.max(1, Math.min(30, Math.trunc(options.maxHops)));
  // Rel labels cannot be parameters: they are spelled from the fixed vocabulary, never from input.
  const labels = EDGE_KINDS.filter((k) => options.kinds.includes(k)).join("|");
  if (labels === "") return null;
  const rows = await graph.query(
    `MATCH (a {id: $from})-[e:${labels}* SHORTEST 1..${hops}]->(b {id: $to})
     RETURN properties(nodes(e), 'id') AS ids, properties(rels(e), '_label') AS kinds, properties(rels(e), 'line') AS lines
     LIMIT 1`,
    { from: from.id, to: to.id },
  );
  const row = rows[0];
  if (row === undefined) return null;
  const ids = [from.id, ...(row.ids as unknown[]).map(String), to.id];
  const kinds = (row.kinds as unknown[]).map(String) as EdgeKind[];
  const lines = (row.lines as unknown[]).map((l) => Number(l ?? 0));
  return kinds.map((kind, i) => {
    const a = nodeOf(index, ids[i]!);
    return { kind, from: a, to: nodeOf(index, ids[i + 1]!), line: lines[i] ?? 0, file: a.path };
  });
};
