import * as Effect from "effect/Effect";
import type { EventMeta } from "../../events/index.js";
import type { EdgeInput } from "./addEdges.js";
import type { NodeInput } from "./addNodes.js";
import { AmbiguousNode, EdgeRefused } from "./errors.js";
import { validLabel, validProperties, validRelation, validType } from "./validate.js";
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

/**
 * Merges a parsed document into a graph in one append: nodes as add_nodes would (same label or
 * normalised label merges), edges as add_edges would, creating endpoints no node answers to.
 * All or nothing: one bad node or edge and nothing is written.
 */
export const importGraph = (graph: string, doc: GraphDocument, meta: EventMeta) =>
  writeGraph(graph, meta, (draft) =>
    Effect.gen(function* () {
      const counts = { nodesAdded: 0, nodesUpdated: 0, edgesAdded: 0, edgesUpdated: 0 };
      const nodeOf = (label: string) =>
        Effect.gen(function* () {
          const found = draft.lookup(label);
          if (found !== null && "ambiguous" in found) return yield* Effect.fail(new AmbiguousNode({ graph, label, candidates: found.ambiguous }));
          return found?.found.label ?? label;
        });
      for (const [i, node] of doc.nodes.entries()) {
        const label = yield* nodeOf(yield* validLabel(`node ${i + 1} label`, node.label));
        const change = draft.putNode(label, yield* validType(node.type), yield* validProperties(`node ${i + 1} properties`, node.properties));
        if (change === "created") counts.nodesAdded++;
        else if (change === "updated") counts.nodesUpdated++;
      }
      for (const [i, edge] of doc.edges.entries()) {
        const ends = [yield* validLabel(`edge ${i + 1} source`, edge.source), yield* validLabel(`edge ${i + 1} target`, edge.target)];
        const labels: string[] = [];
        for (const end of ends) {
          const label = yield* nodeOf(end);
          if (draft.node(label) === undefined && draft.putNode(label, null, {}) === "created") counts.nodesAdded++;
          labels.push(label);
        }
        const relation = yield* Effect.mapError(validRelation(edge.relation), (e) => new EdgeRefused({ reason: `edge ${i + 1}: ${e.message}` }));
        const change = draft.putEdge(labels[0]!, labels[1]!, relation, yield* validProperties(`edge ${i + 1} properties`, edge.properties));
        if (change === "created") counts.edgesAdded++;
        else if (change === "updated") counts.edgesUpdated++;
      }
      return counts satisfies Imported;
    }),
  );
