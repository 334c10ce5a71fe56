import type { EventMeta } from "../../events/index.js";
import { AmbiguousNode, NodeNotFound } from "./errors.js";
import { writeGraph } from "./writeGraph.js";

export interface NodeRemoved {
  readonly label: string;
  readonly edgesRemoved: number;
}

/** Removes nodes (by label or normalised label) with every edge they touch; each edge's removal is an event of its own. */
export const removeNodes = (graph: string, labels: ReadonlyArray<string>, meta: EventMeta) =>
  writeGraph(graph, meta, (draft): NodeRemoved[] | NodeNotFound | AmbiguousNode => {
      const out: NodeRemoved[] = [];
      for (const asked of labels) {
        const found = draft.lookup(asked.trim());
        if (found === null) return new NodeNotFound({ graph, label: asked });
        if ("ambiguous" in found) return new AmbiguousNode({ graph, label: asked, candidates: found.ambiguous });
        out.push({ label: found.found.label, edgesRemoved: draft.dropNode(found.found.label) });
      }
      return out;
  });
