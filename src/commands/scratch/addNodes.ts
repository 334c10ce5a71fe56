import type { EventMeta, GraphProperties } from "../../events/index.js";
import { InvalidInput } from "../errors.js";
import type { Change } from "./GraphDraft.js";
import { AmbiguousNode } from "./errors.js";
import { checkProperties, validLabel, validType } from "./validate.js";
import { writeGraph } from "./writeGraph.js";

export interface NodeInput {
  readonly label: string;
  readonly type?: string | null;
  readonly properties?: GraphProperties;
}

export interface NodeAdded {
  /** The label as asked. */
  readonly asked: string;
  /** The node it is now: `asked`, or the node it merged into (same label but for case and punctuation). */
  readonly label: string;
  readonly change: Change;
}

/**
 * Adds nodes; one that is already there, by its label or its normalised form (see
 * normaliseLabel), gets the new type and properties merged in instead of a second node.
 */
export const addNodes = (graph: string, nodes: ReadonlyArray<NodeInput>, meta: EventMeta) =>
  writeGraph(graph, meta, (draft): NodeAdded[] | InvalidInput | AmbiguousNode => {
    if (nodes.length === 0) return new InvalidInput({ field: "nodes", reason: "is empty: pass at least one node" });
    const out: NodeAdded[] = [];
    for (const [i, node] of nodes.entries()) {
      const label = validLabel(nodes.length === 1 ? "label" : `nodes[${i}].label`, node.label);
      if (label instanceof InvalidInput) return label;
      const type = validType(node.type);
      if (type instanceof InvalidInput) return type;
      const properties = checkProperties("properties", node.properties);
      if (properties instanceof InvalidInput) return properties;
      const found = draft.lookup(label);
      if (found !== null && "ambiguous" in found) return new AmbiguousNode({ graph, label, candidates: found.ambiguous });
      const target = found?.found.label ?? label;
      out.push({ asked: label, label: target, change: draft.putNode(target, type, properties) });
    }
    return out;
  });
