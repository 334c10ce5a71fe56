import * as Schema from "effect/Schema";
import { EDGE_KINDS } from "../../engine/index.js";
import { formatGraph, GRAPH_FORMATS, describeScope, subgraphOf, type SubgraphScope } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { candidateLines, requireGraph, scopeArgument } from "./graphArguments.js";
import { exportScratch } from "./graphs/exportScratch.js";
import { SCRATCH_GRAPH_ARGUMENT } from "./graphs/scratchCycles.js";

const SYMBOL_PREFIX = "symbol:";

const Input = Schema.Struct({
  graph: SCRATCH_GRAPH_ARGUMENT,
  // Required for the code graph (checked in run); a scratch graph is exported whole.
  scope: Schema.optional(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1000)).annotations({
      description: "File, folder, glob or symbol:<name>",
    }),
  ),
  format: Schema.optionalWith(Schema.Literal(...GRAPH_FORMATS).annotations({ description: "Output format", default: "dot" }), {
    default: () => "dot" as const,
  }),
  radius: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 3)).annotations({ description: "Neighbourhood size for symbol:", default: 1 }), {
    default: () => 1,
  }),
  edge_types: Schema.optional(
    Schema.Array(Schema.Literal(...EDGE_KINDS))
      .pipe(Schema.minItems(1), Schema.maxItems(EDGE_KINDS.length))
      .annotations({ description: "Edge kinds kept; default all" }),
  ),
  max_nodes: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 2000)).annotations({ description: "Most nodes exported", default: 300 }), {
    default: () => 300,
  }),
});

const Output = Schema.Struct({
  format: Schema.Literal(...GRAPH_FORMATS),
  scope: Schema.String,
  nodes: Schema.Number,
  edges: Schema.Number,
  nodeCapped: Schema.Boolean,
  edgeCapped: Schema.Boolean,
  content: Schema.String,
});
type Output = typeof Output.Type;

/** Edges kept per node allowed: a bound on the answer's size that a dense file cannot blow. */
const EDGES_PER_NODE = 8;

export const exportGraphTool = defineTool({
  name: "export_graph",
  title: "Export code graph",
  description:
    "Part of the code graph as DOT, GraphML, JSON or CSV: a file, folder or glob's nodes and the edges between them, or symbol:<name> and the nodes within radius edges of it. Example: {\"scope\": \"symbol:parseConfig\", \"format\": \"json\"}",
  // Also in the graph set: it reads scratch graphs too (its `graph` argument).
  toolset: ["core", "graph"],
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    if (input.graph !== undefined && input.graph !== "code") return exportScratch(ctx, input.graph, input.format, input.max_nodes);
    if (input.scope === undefined) throw toolError('scope is required for the code graph: a file, folder, glob or symbol:<name> (or name a scratch graph with "graph")');
    const graph = await requireGraph(ctx);
    const text = input.scope.trim();
    const symbol = text.startsWith(SYMBOL_PREFIX) ? text.slice(SYMBOL_PREFIX.length).trim() : null;
    if (symbol === "") throw toolError("symbol: needs a name, e.g. symbol:parseConfig or symbol:src/config.ts#parseConfig");
    const scope: SubgraphScope =
      symbol === null ? { kind: "paths", scope: await scopeArgument(ctx, graph, text, "export_graph") } : { kind: "symbol", name: symbol, radius: input.radius };
    const answer = await subgraphOf(graph, {
      scope,
      edgeKinds: input.edge_types ?? null,
      maxNodes: input.max_nodes,
      maxEdges: input.max_nodes * EDGES_PER_NODE,
    });
    if (answer._tag === "UnknownSymbol") throw toolError(`no symbol named "${answer.name}". Closest symbols:\n${candidateLines(answer.candidates)}`);
    if (answer._tag === "EmptyScope") throw toolError(`no indexed file in ${text}: pass a project folder, file or glob (run index_project if it is new)`);
    const label = scope.kind === "paths" ? describeScope(scope.scope) : `${SYMBOL_PREFIX}${symbol} radius ${input.radius}`;
    const notes: string[] = [];
    if (scope.kind === "symbol" && answer.centre.length > 1) notes.push(`"${symbol}" names ${answer.centre.length} symbols: ${answer.centre.map((c) => `${c.file}#${c.name}`).join(", ")}`);
    if (answer.nodeCapped) notes.push(`capped at ${input.max_nodes} nodes${answer.totalNodes === null ? "" : ` of ${answer.totalNodes}`}: narrow the scope or raise max_nodes`);
    if (answer.edgeCapped) notes.push(`capped at ${answer.graph.edges.length} edges of ${answer.totalEdges}`);
    const note = notes.length === 0 ? undefined : `${label}: ${notes.join("; ")}`;
    return {
      format: input.format,
      scope: label,
      nodes: answer.graph.nodes.length,
      edges: answer.graph.edges.length,
      nodeCapped: answer.nodeCapped,
      edgeCapped: answer.edgeCapped,
      content: formatGraph(answer.graph, input.format, note),
    } satisfies Output;
  },
  // A scratch export carries no note inside (import_graph reads it back as is): a cap is said after it.
  render: (output) => (output.scope.startsWith("graph ") && output.nodeCapped ? `${output.content}\n(capped at ${output.nodes} nodes: raise max_nodes)` : output.content),
});
