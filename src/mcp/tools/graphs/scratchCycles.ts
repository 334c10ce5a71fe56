import * as Schema from "effect/Schema";
import { cyclesOf } from "../../../queries/index.js";
import type { ToolContext } from "../../ToolContext.js";
import { analysisGraph } from "./graphAccess.js";

/** The `graph` argument find_cycles and export_graph take: absent, they read the code graph as before. */
export const SCRATCH_GRAPH_ARGUMENT = Schema.optional(
  Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)).annotations({ description: "Scratch graph (graph toolset); default: the code graph" }),
);

/**
 * find_cycles on a scratch graph: the cycle groups and a covering set of shortest cycles over
 * every relation (cyclesOf), at most `limit`, in find_cycles' output shape (steps carry the
 * label as name and the type as kind; no file or line).
 */
export const scratchCycles = async (ctx: ToolContext, name: string, limit: number) => {
  const g = await analysisGraph(ctx, name);
  const edges = Array.from(g.edgeSource, (s, e) => ({ source: g.labels[s]!, target: g.labels[g.edgeTarget[e]!]! }));
  const found = cyclesOf(edges, limit);
  const typeOf = (label: string) => g.types[g.index.get(label)!] ?? "";
  return {
    graph: name,
    edgeType: "ALL" as const,
    scope: "whole graph",
    nodes: g.labels.length,
    edges: edges.length,
    components: found.components.map((c) => [...c]),
    cycles: found.cycles.map((c) => c.map((label) => ({ name: label, kind: typeOf(label), file: "", line: 0 }))),
    capped: found.capped,
  };
};
