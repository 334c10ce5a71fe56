import * as Schema from "effect/Schema";
import { importGraph } from "../../../commands/index.js";
import { isFormatError, parseScratch, SCRATCH_FORMATS } from "../../../queries/index.js";
import { APPENDS, defineTool, toolError } from "../../tool.js";
import { callerMeta } from "../memoryWrites.js";
import { graphArgument, requireWritable, runGraphCommand } from "./graphAccess.js";

/** The largest text one call imports (a call's arguments are capped at 256 KB): a larger graph goes in several calls, each one append. */
const MAX_CONTENT_CHARS = 250_000;

export const importGraphTool = defineTool({
  name: "import_graph",
  title: "Import a graph",
  description:
    "Merges a graph written in DOT, CSV (source,target[,relation,properties,type]), GraphML or JSON (as export_graph writes them) into a scratch graph, in one write; malformed input changes nothing and says what is wrong.",
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    format: Schema.Literal(...SCRATCH_FORMATS).annotations({ description: "Format of content" }),
    content: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(MAX_CONTENT_CHARS)).annotations({ description: "The graph as text" }),
  }),
  output: Schema.Struct({ graph: Schema.String, format: Schema.String, nodes_added: Schema.Number, nodes_updated: Schema.Number, edges_added: Schema.Number, edges_updated: Schema.Number }),
  annotations: APPENDS,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const doc = parseScratch(input.content, input.format);
    if (isFormatError(doc)) throw toolError(`${doc.message}; nothing was imported`);
    if (doc.nodes.length === 0 && doc.edges.length === 0) throw toolError(`the ${input.format} content holds no nodes or edges; nothing was imported`);
    const done = await runGraphCommand(ctx, importGraph(input.graph, doc, callerMeta(ctx)));
    const c = done.answer;
    return { graph: done.graph, format: input.format, nodes_added: c.nodesAdded, nodes_updated: c.nodesUpdated, edges_added: c.edgesAdded, edges_updated: c.edgesUpdated };
  },
  render: (o) => `imported ${o.format} into graph "${o.graph}": ${o.nodes_added} nodes added, ${o.nodes_updated} updated; ${o.edges_added} edges added, ${o.edges_updated} updated`,
});
