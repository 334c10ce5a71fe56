import * as Schema from "effect/Schema";
import { deleteGraph } from "../../../commands/index.js";
import { defineTool, READ_ONLY, type ToolAnnotations } from "../../tool.js";
import { callerMeta } from "../memoryWrites.js";
import { graphArgument, plural, requireWritable, runGraphCommand } from "./graphAccess.js";

/** A write that takes something away: clients may ask before running it. */
export const REMOVES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

const GraphSummary = Schema.Struct({ name: Schema.String, node_count: Schema.Number, edge_count: Schema.Number, created_at: Schema.String, updated_at: Schema.String });

export const listGraphsTool = defineTool({
  name: "list_graphs",
  title: "List scratch graphs",
  description: 'Your scratch graphs (named graphs of entities and relations, kept in the event log) with node and edge counts. "code", the code graph, is readable by every graph tool too.',
  toolset: "graph",
  input: Schema.Struct({}),
  output: Schema.Struct({ graphs: Schema.Array(GraphSummary) }),
  annotations: READ_ONLY,
  run: async (_input, ctx) => ({
    graphs: (await ctx.scratchGraphs()).graphs().map((g) => ({ name: g.name, node_count: g.nodes, edge_count: g.edges, created_at: g.createdAt, updated_at: g.updatedAt })),
  }),
  render: (o) =>
    [
      ...(o.graphs.length === 0 ? ['no scratch graphs yet: add_node creates "default" (or the graph you name)'] : o.graphs.map((g) => `${g.name}: ${plural(g.node_count, "node")}, ${plural(g.edge_count, "edge")} (updated ${g.updated_at})`)),
      'code: the code graph (read-only)',
    ].join("\n"),
});

export const deleteGraphTool = defineTool({
  name: "delete_graph",
  title: "Delete a scratch graph",
  description: "Empties and removes a scratch graph. Its history stays in the event log (nemesis log --stream graph:<name>).",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument }),
  output: Schema.Struct({ graph: Schema.String, nodes_removed: Schema.Number, edges_removed: Schema.Number }),
  annotations: REMOVES,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const done = await runGraphCommand(ctx, deleteGraph(input.graph, callerMeta(ctx)));
    return { graph: done.graph, nodes_removed: done.answer.nodes, edges_removed: done.answer.edges };
  },
  render: (o) => `deleted graph "${o.graph}" (${plural(o.nodes_removed, "node")}, ${plural(o.edges_removed, "edge")})`,
});
