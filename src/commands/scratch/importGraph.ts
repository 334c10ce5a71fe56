import type { EventMeta } from "../../events/index.js";
import type { EdgeInput } from "./addEdges.js";
import type { NodeInput } from "./addNodes.js";
import { InvalidInput } from "../errors.js";
import { AmbiguousNode, EdgeRefused } from "./errors.js";
import type { GraphDraft } from "./GraphDraft.js";
import { checkProperties, checkRelation, validLabel, validType } from "./validate.js";
import { writeGraph } from "./writeGraph.js";

export interface GraphDocument {
  readonly nodes: ReadonlyArray<NodeInput>;
  readonly edges: ReadonlyArray<EdgeInput>;
}

export interface Imported {
  readonly nodesAdded: number;
  readonly nodesUpdated: number;
  readonly edgesAdded: number;
  readonly edgesUpdated: number;
}

type ImportError = InvalidInput | AmbiguousNode | EdgeRefused;

/** The node a label names in the draft (itself when none does), unless several could be meant. */
const nodeOf = (draft: GraphDraft, graph: string, label: string): string | AmbiguousNode => {
  const found = draft.lookup(label);
  if (found !== null && "ambiguous" in found) return new AmbiguousNode({ graph, label, candidates: found.ambiguous });
  return found?.found.label ?? label;
};

const isError = (v: unknown): v is ImportError => v instanceof InvalidInput || v instanceof AmbiguousNode || v instanceof EdgeRefused;

/**
 * Merges a parsed document into a graph in one append: nodes as add_nodes would (same label or
 * normalised label merges), edges as add_edges would, creating endpoints no node answers to.
 * All or nothing: one bad node or edge and nothing is written.
 */
export const importGraph = (graph: string, doc: GraphDocument, meta: EventMeta) =>
  writeGraph(graph, meta, (draft): Imported | ImportError => {
    const counts = { nodesAdded: 0, nodesUpdated: 0, edgesAdded: 0, edgesUpdated: 0 };
    for (const [i, node] of doc.nodes.entries()) {
      const asked = validLabel(`node ${i + 1} label`, node.label);
      if (isError(asked)) return asked;
      const label = nodeOf(draft, graph, asked);
      if (isError(label)) return label;
      const type = validType(node.type);
      if (isError(type)) return type;
      const properties = checkProperties(`node ${i + 1} properties`, node.properties);
      if (isError(properties)) return properties;
      const change = draft.putNode(label, type, properties);
      if (change === "created") counts.nodesAdded++;
      else if (change === "updated") counts.nodesUpdated++;
    }
    for (const [i, edge] of doc.edges.entries()) {
      const source = validLabel(`edge ${i + 1} source`, edge.source);
      if (isError(source)) return source;
      const target = validLabel(`edge ${i + 1} target`, edge.target);
      if (isError(target)) return target;
      const labels: string[] = [];
      for (const end of [source, target]) {
        const label = nodeOf(draft, graph, end);
        if (isError(label)) return label;
        if (draft.node(label) === undefined && draft.putNode(label, null, {}) === "created") counts.nodesAdded++;
        labels.push(label);
      }
      const relation = checkRelation(edge.relation);
      if (isError(relation)) return new EdgeRefused({ reason: `edge ${i + 1}: ${relation.message}` });
      const properties = checkProperties(`edge ${i + 1} properties`, edge.properties);
      if (isError(properties)) return properties;
      const change = draft.putEdge(labels[0]!, labels[1]!, relation, properties);
      if (change === "created") counts.edgesAdded++;
      else if (change === "updated") counts.edgesUpdated++;
    }
    return counts;
  });
