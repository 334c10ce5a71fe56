import * as Schema from "effect/Schema";
import { CODE_GRAPH } from "../../../commands/index.js";
import { graphSummary } from "../../../queries/index.js";
import { defineTool, READ_ONLY } from "../../tool.js";
import { analysisGraph, graphArgument, plural } from "./graphAccess.js";

const Counts = Schema.Record({ key: Schema.String, value: Schema.Number });

export const getGraphInfoTool = defineTool({
  name: "get_graph_info",
  title: "Graph statistics",
  description: "Counts, density, whether the graph is a DAG and weakly connected, and its node types and relations with counts.",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument }),
  output: Schema.Struct({
    graph: Schema.String,
    read_only: Schema.Boolean,
    node_count: Schema.Number,
    edge_count: Schema.Number,
    density: Schema.Number,
    is_dag: Schema.Boolean,
    is_weakly_connected: Schema.Boolean,
    components: Schema.Number,
    node_types: Counts,
    relation_types: Counts,
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const s = graphSummary(await analysisGraph(ctx, input.graph));
    return {
      graph: input.graph,
      read_only: input.graph === CODE_GRAPH,
      node_count: s.nodes,
      edge_count: s.edges,
      density: s.density,
      is_dag: s.isDag,
      is_weakly_connected: s.components <= 1,
      components: s.components,
      node_types: s.nodeTypes,
      relation_types: s.relationTypes,
    };
  },
  render: (o) => {
    const counts = (c: Record<string, number>) =>
      Object.entries(c)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([k, n]) => `${k} ${n}`)
        .join(", ") || "none";
    return [
      `graph "${o.graph}"${o.read_only ? " (read-only)" : ""}: ${plural(o.node_count, "node")}, ${plural(o.edge_count, "edge")}, density ${o.density.toPrecision(3)}`,
      `${o.is_dag ? "a DAG (no cycles)" : "has cycles (find_cycles lists them)"}; ${o.is_weakly_connected ? "weakly connected" : `${o.components} weakly connected components`}`,
      `node types: ${counts(o.node_types)}`,
      `relations: ${counts(o.relation_types)}`,
    ].join("\n");
  },
});
