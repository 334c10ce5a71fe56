import { EDGE_KINDS, type EdgeKind, type GraphQueryable } from "../../projections/index.js";
import { compareText, nodeIndex, nodeOf, type GraphNode } from "../symbols/nodeIndex.js";
import { edgesOf, type Direction } from "./edgesOf.js";

export interface NodeEdge {
  readonly kind: EdgeKind;
  /** The node at the other end (an External module is named by its id). */
  readonly node: GraphNode;
  /** Line of the reference in `file`; 0 for structural edges (CONTAINS, HAS_METHOD). */
  readonly line: number;
  /** The file the reference is written in: the source node's. */
  readonly file: string | null;
}

export interface NodeEdges {
  readonly outgoing: ReadonlyArray<NodeEdge>;
  readonly incoming: ReadonlyArray<NodeEdge>;
}

export interface NodeEdgesOptions {
  /** Edge kinds to list (default: all). */
  readonly kinds?: ReadonlyArray<EdgeKind>;
  readonly direction?: Direction | "both";
}

/** The edges of one node, each with the node at its other end, grouped by direction and ordered by kind. */
export const nodeEdges = async (graph: GraphQueryable, id: string, options: NodeEdgesOptions = {}): Promise<NodeEdges> => {
  const kinds = options.kinds ?? EDGE_KINDS;
  const direction = options.direction ?? "both";
  const index = await nodeIndex(graph);
  const read = async (d: Direction): Promise<NodeEdge[]> => {
    if (direction !== "both" && direction !== d) return [];
    const rows = await edgesOf(graph, [id], d, kinds);
    return rows
      .map((r) => ({
        kind: r.kind,
        node: nodeOf(index, d === "out" ? r.to : r.from),
        line: r.line,
        file: nodeOf(index, r.from).path,
      }))
      .sort(byKindThenPlace);
  };
  return { outgoing: await read("out"), incoming: await read("in") };
};

const byKindThenPlace = (a: NodeEdge, b: NodeEdge): number =>
  EDGE_KINDS.indexOf(a.kind) - EDGE_KINDS.indexOf(b.kind) ||
  Number(a.node.path === null) - Number(b.node.path === null) ||
  compareText(a.node.path ?? "", b.node.path ?? "") ||
  a.node.startLine - b.node.startLine ||
  compareText(a.node.id, b.node.id) ||
  a.line - b.line;
