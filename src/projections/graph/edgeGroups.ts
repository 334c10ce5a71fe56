import type { NodeTable } from "./GraphWrite.js";
import { nodeTableOf } from "./GraphWrite.js";
import type { GraphEdge, NodeId } from "./model.js";

/** Above this many edges of one (kind, source, target), a delta loads them with COPY: one file beats per-row lookups. */
const EDGE_COPY_MIN = 200;

/** Node ids by their table (ids of no table are left out). */
export const groupByTable = (ids: ReadonlyArray<NodeId>): Map<NodeTable, NodeId[]> => {
  const out = new Map<NodeTable, NodeId[]>();
  for (const id of ids) {
    const table = nodeTableOf(id);
    if (table === null) continue;
    let list = out.get(table);
    if (list === undefined) out.set(table, (list = []));
    list.push(id);
  }
  return out;
};

/** One (kind, source table, target table) group of edges, and whether it is loaded by COPY. */
export interface EdgeGroup {
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  /** Its COPY file's name in the staging directory. */
  readonly name: string;
  readonly copy: boolean;
  readonly edges: ReadonlyArray<GraphEdge>;
}

/** Per group: COPY when bulk or large, else a row-by-row create. */
export const edgeGroups = (edges: ReadonlyArray<GraphEdge>, bulk: boolean): EdgeGroup[] =>
  [...groupEdges(edges)].map(([key, group]) => {
    const [kind, from, to] = key.split("|") as [string, string, string];
    return { kind, from, to, name: `${kind}-${from}-${to}.csv`, copy: bulk || group.length >= EDGE_COPY_MIN, edges: group };
  });

/** Edges grouped by (kind, source table, target table): one Kuzu rel sub-table each. */
export const groupEdges = (edges: ReadonlyArray<GraphEdge>): Map<string, GraphEdge[]> => {
  const out = new Map<string, GraphEdge[]>();
  for (const e of edges) {
    const from = nodeTableOf(e.from);
    const to = nodeTableOf(e.to);
    if (from === null || to === null || from === "External") continue;
    const key = `${e.kind}|${from}|${to}`;
    let list = out.get(key);
    if (list === undefined) out.set(key, (list = []));
    list.push(e);
  }
  return out;
};
