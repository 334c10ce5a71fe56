import * as Schema from "effect/Schema";
import { describeScope, findCycles } from "../../queries/index.js";
import { scratchCycles, SCRATCH_GRAPH_ARGUMENT } from "./graphs/scratchCycles.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { requireGraph, scopeArgument } from "./graphArguments.js";

const Input = Schema.Struct({
  graph: SCRATCH_GRAPH_ARGUMENT,
  scope: Schema.optional(
    Schema.String.pipe(Schema.maxLength(1000)).annotations({ description: "Folder, file or glob (src/**/*.ts); default all" }),
  ),
  edge_type: Schema.optionalWith(
    Schema.Literal("IMPORTS", "CALLS").annotations({ description: "IMPORTS (files) or CALLS (functions)", default: "IMPORTS" }),
    { default: () => "IMPORTS" as const },
  ),
  limit: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 100)).annotations({ description: "Most cycles listed", default: 20 }), {
    default: () => 20,
  }),
});

const Step = Schema.Struct({ name: Schema.String, kind: Schema.String, file: Schema.String, line: Schema.Number });

const Output = Schema.Struct({
  /** Absent for the code graph. */
  graph: Schema.optional(Schema.String),
  /** ALL: a scratch graph's cycles over every relation. */
  edgeType: Schema.Literal("IMPORTS", "CALLS", "ALL"),
  scope: Schema.String,
  nodes: Schema.Number,
  edges: Schema.Number,
  components: Schema.Array(Schema.Array(Schema.String)),
  cycles: Schema.Array(Schema.Array(Step)),
  capped: Schema.Boolean,
});
type Output = typeof Output.Type;

/** A scratch graph's cycles: labels only, no file or line. */
const renderScratchCycles = (output: Output): string => {
  if (output.cycles.length === 0) return `no cycles among ${output.nodes} nodes of graph "${output.graph}" (${output.edges} edges): it is a DAG`;
  const members = output.components.reduce((n, c) => n + c.length, 0);
  const lines = [
    `${output.components.length} cycle groups holding ${members} of ${output.nodes} nodes in graph "${output.graph}"; the last step returns to the first:`,
    ...output.cycles.map((c) => `${c.map((s) => s.name).join(" → ")} → ${c[0]!.name}`),
  ];
  if (output.capped) lines.push(`more cycles exist: first ${output.cycles.length} listed (raise limit)`);
  return lines.join("\n");
};

const stepText = (s: (typeof Step)["Type"], imports: boolean): string => (imports ? `${s.file}:${s.line}` : `${s.name} (${s.file}:${s.line})`);

export const findCyclesTool = defineTool({
  name: "find_cycles",
  title: "Dependency cycles",
  description:
    "Circular dependencies: import cycles between files (IMPORTS) or recursion between functions (CALLS), each a closed path with the file:line of every import or call, covering every file or function caught in one. Example: {\"scope\": \"src/services\"}",
  // Also in the graph set: it reads scratch graphs too (its `graph` argument).
  toolset: ["core", "graph"],
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    if (input.graph !== undefined && input.graph !== "code") {
      // A scratch graph has no files: saying nothing would read as "scoped" when it was not.
      if ((input.scope ?? "").trim() !== "") {
        throw toolError(`scope is for the code graph's files: graph "${input.graph}" has none; call find_cycles without scope (it covers every relation), or subgraph first to narrow it`);
      }
      return scratchCycles(ctx, input.graph, input.limit);
    }
    const graph = await requireGraph(ctx);
    const scope = await scopeArgument(ctx, graph, input.scope, "find_cycles");
    const answer = await findCycles(graph, input.edge_type, scope, input.limit);
    return {
      edgeType: answer.edgeType,
      scope: describeScope(scope),
      nodes: answer.nodes,
      edges: answer.edges,
      components: answer.components.map((c) => [...c]),
      cycles: answer.cycles.map((c) => c.map((s) => ({ name: s.name, kind: s.kind, file: s.file, line: s.line }))),
      capped: answer.capped,
    } satisfies Output;
  },
  render: (output) => {
    if (output.graph !== undefined) return renderScratchCycles(output);
    const imports = output.edgeType === "IMPORTS";
    const what = imports ? "files" : "functions";
    if (output.cycles.length === 0) {
      return `no ${imports ? "import cycles" : "recursion"} among ${output.nodes} ${what} (${output.edges} ${output.edgeType} edges; scope: ${output.scope})`;
    }
    const members = output.components.reduce((n, c) => n + c.length, 0);
    const lines = [
      `${output.components.length} ${imports ? "import cycle groups" : "recursive groups"} holding ${members} of ${output.nodes} ${what} (scope: ${output.scope}); ${imports ? "file:line of each import" : "each call's file:line"}, the last step returns to the first:`,
      ...output.cycles.map((c) => `${c.map((s) => stepText(s, imports)).join(" → ")} → ${imports ? c[0]!.file : c[0]!.name}`),
    ];
    if (output.capped) lines.push(`more cycles exist: first ${output.cycles.length} listed (raise limit or narrow scope)`);
    return lines.join("\n");
  },
});
