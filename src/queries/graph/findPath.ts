import type { GraphQueryable, EdgeKind } from "../../projections/index.js";
import { nodeIndex, nodeOf, type GraphNode } from "../symbols/nodeIndex.js";
import { adjacency, KIND_NUMBER, KINDS } from "./adjacency.js";

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
 * null when there is none within `maxHops`: breadth first over the edges in memory. Each node's
 * edges are taken kind by kind in the order of `kinds` (a preference: find_path lists calls and
 * imports before ownership), then by target and line, so among equally short paths the answer is
 * always the same one.
 */
export const findPath = async (graph: GraphQueryable, from: GraphNode, to: GraphNode, options: FindPathOptions): Promise<PathHop[] | null> => {
  if (from.id === to.id) return [];
  const adj = await adjacency(graph);
  const source = adj.numbers.get(from.id);
  const target = adj.numbers.get(to.id);
  if (source === undefined || target === undefined) return null;
  const hops = Math.max(1, Math.min(30, Math.trunc(options.maxHops)));
  const preference = [...new Set(options.kinds)].map((k) => KIND_NUMBER.get(k)!);
  const { start, far, kind } = adj.out;
  // The edge (its position in `adj.out`) each reached node was first reached by, and from where.
  const via = new Int32Array(adj.ids.length).fill(-1);
  const previous = new Int32Array(adj.ids.length).fill(-1);
  via[source] = -2;
  let frontier = [source];
  for (let level = 0; level < hops && frontier.length > 0 && via[target] === -1; level++) {
    const next: number[] = [];
    for (const n of frontier) {
      for (const k of preference) {
        for (let e = start[n]!; e < start[n + 1]!; e++) {
          const m = far[e]!;
          if (kind[e] !== k || via[m] !== -1) continue;
          via[m] = e;
          previous[m] = n;
          next.push(m);
        }
      }
    }
    frontier = next;
  }
  if (via[target] === -1) return null;
  const index = await nodeIndex(graph);
  const path: PathHop[] = [];
  for (let m = target; m !== source; m = previous[m]!) {
    const e = via[m]!;
    const a = nodeOf(index, adj.ids[previous[m]!]!);
    path.push({ kind: KINDS[kind[e]!]!, from: a, to: nodeOf(index, adj.ids[m]!), line: adj.out.line[e]!, file: a.path });
  }
  return path.reverse();
};
