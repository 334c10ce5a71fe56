import type { EventMeta, GraphProperties } from "../../events/index.js";
import { InvalidInput } from "../errors.js";
import { EdgeRefused } from "./errors.js";
import type { Change, GraphDraft } from "./GraphDraft.js";
import { checkLabel, checkProperties, checkRelation } from "./validate.js";
import { writeGraph } from "./writeGraph.js";

export interface EdgeInput {
  readonly source: string;
  readonly target: string;
  readonly relation: string;
  readonly properties?: GraphProperties;
}

export type EdgeAdded =
  | { readonly _tag: "Added"; readonly source: string; readonly target: string; readonly relation: string; readonly change: Change }
  | { readonly _tag: "Failed"; readonly index: number; readonly edge: EdgeInput; readonly reason: string };

export interface AddEdgesOptions {
  /** Create an endpoint that no node answers to (import), instead of failing that edge. */
  readonly createMissing?: boolean;
  /** Fail the whole command on the first bad edge (add_edge) instead of reporting it and going on (add_edges). */
  readonly allOrNothing?: boolean;
}

const endpoint = (draft: GraphDraft, graph: string, label: string, createMissing: boolean): { label: string } | { reason: string } => {
  const found = draft.lookup(label);
  if (found === null) {
    if (!createMissing) return { reason: `no node "${label}" in graph "${graph}": add it with add_node first (find_node lists near names)` };
    draft.putNode(label, null, {});
    return { label };
  }
  if ("ambiguous" in found) return { reason: `"${label}" could be any of ${found.ambiguous.map((c) => `"${c}"`).join(", ")}: pass the exact label` };
  return { label: found.found.label };
};

/**
 * Adds edges between existing nodes (found by label or normalised label). A relation already
 * joining the same two nodes is updated, not doubled; other relations between them stay
 * (a multigraph). An edge that cannot be added is reported with the reason and the rest go in.
 */
export const addEdges = (graph: string, edges: ReadonlyArray<EdgeInput>, meta: EventMeta, options: AddEdgesOptions = {}) =>
  writeGraph(graph, meta, (draft): EdgeAdded[] | InvalidInput | EdgeRefused => {
      if (edges.length === 0) return new InvalidInput({ field: "edges", reason: "is empty: pass at least one edge" });
      const out: EdgeAdded[] = [];
      for (const [index, edge] of edges.entries()) {
        const checked = [checkLabel("source", edge.source), checkLabel("target", edge.target), checkRelation(edge.relation), checkProperties("properties", edge.properties)] as const;
        const invalid = checked.find((c): c is InvalidInput => c instanceof InvalidInput);
        let failure: string | null = null;
        if (invalid !== undefined) failure = invalid.message;
        else {
          const [s, t, relation, properties] = checked as unknown as [string, string, string, Record<string, unknown>];
          const source = endpoint(draft, graph, s, options.createMissing === true);
          const target = "reason" in source ? source : endpoint(draft, graph, t, options.createMissing === true);
          if ("reason" in source) failure = source.reason;
          else if ("reason" in target) failure = target.reason;
          else out.push({ _tag: "Added", source: source.label, target: target.label, relation, change: draft.putEdge(source.label, target.label, relation, properties) });
        }
        if (failure === null) continue;
        if (options.allOrNothing) return new EdgeRefused({ reason: edges.length === 1 ? failure : `edge ${index + 1}: ${failure}` });
        out.push({ _tag: "Failed", index, edge, reason: failure });
      }
      return out;
  });
