import * as Schema from "effect/Schema";
import { addNodes, removeNodes, type NodeAdded } from "../../../commands/index.js";
import { matchNode } from "../../../queries/index.js";
import { APPENDS, defineTool, READ_ONLY } from "../../tool.js";
import { callerMeta } from "../memoryWrites.js";
import { analysisGraph, graphArgument, nodeArgument, plural, Properties, requireWritable, resolveNode, runGraphCommand } from "./graphAccess.js";
import { REMOVES } from "./manageGraphs.js";

/** The most merged nodes or failed edges a batch write lists. */
export const MAX_LISTED = 100;

const NodeInput = Schema.Struct({
  label: nodeArgument("Node label, its identity in the graph"),
  type: Schema.optional(Schema.String.pipe(Schema.maxLength(100)).annotations({ description: "Kind of node: service, person, incident…" })),
  properties: Schema.optional(Properties.annotations({ description: "Facts about it (JSON object); merged into an existing node" })),
});

const Added = Schema.Struct({ label: Schema.String, asked: Schema.String, change: Schema.Literal("created", "updated", "unchanged") });
const addedOf = (n: NodeAdded) => ({ label: n.label, asked: n.asked, change: n.change });
const addedLine = (n: typeof Added.Type) =>
  `${n.change === "created" ? "added" : n.change === "updated" ? "updated" : "already there:"} "${n.label}"${n.asked !== n.label ? ` (asked "${n.asked}", same label but for case and punctuation)` : ""}`;

export const addNodeTool = defineTool({
  name: "add_node",
  title: "Add a node",
  description:
    'Adds a node to a scratch graph (created on first use). Adding it again, or a label differing only in case or punctuation ("auth_service" for "AuthService"), merges type and properties into the existing node. Example: {"label": "AuthService", "type": "service"}',
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, ...NodeInput.fields }),
  output: Schema.Struct({ graph: Schema.String, created: Schema.Boolean, node: Added }),
  annotations: APPENDS,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const done = await runGraphCommand(ctx, addNodes(input.graph, [{ label: input.label, type: input.type ?? null, properties: input.properties ?? {} }], callerMeta(ctx)));
    const node = addedOf(done.answer[0]!);
    return { graph: done.graph, created: node.change === "created", node };
  },
  render: (o) => `${addedLine(o.node)} in graph "${o.graph}"`,
});

export const addNodesTool = defineTool({
  name: "add_nodes",
  title: "Add nodes",
  description: "add_node for many nodes in one write (all or nothing).",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, nodes: Schema.Array(NodeInput).pipe(Schema.minItems(1), Schema.maxItems(5_000)).annotations({ description: "Nodes to add" }) }),
  // Only the nodes that merged into another label are listed: a batch's answer stays small.
  output: Schema.Struct({ graph: Schema.String, created: Schema.Number, updated: Schema.Number, unchanged: Schema.Number, merged: Schema.Array(Added) }),
  annotations: APPENDS,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const done = await runGraphCommand(ctx, addNodes(input.graph, input.nodes.map((n) => ({ label: n.label, type: n.type ?? null, properties: n.properties ?? {} })), callerMeta(ctx)));
    const nodes = done.answer.map(addedOf);
    const count = (c: string) => nodes.filter((n) => n.change === c).length;
    return { graph: done.graph, created: count("created"), updated: count("updated"), unchanged: count("unchanged"), merged: nodes.filter((n) => n.asked !== n.label).slice(0, MAX_LISTED) };
  },
  render: (o) => {
    return [`graph "${o.graph}": ${o.created} added, ${o.updated} updated, ${o.unchanged} already there`, ...o.merged.map(addedLine)].join("\n");
  },
});

const NodeOut = Schema.Struct({ label: Schema.String, type: Schema.NullOr(Schema.String), properties: Properties });

export const findNodeTool = defineTool({
  name: "find_node",
  title: "Find a node",
  description:
    'Finds the node a name means: exact label, then ignoring case, then ignoring spacing and punctuation too, then by meaning (embeddings). When several fit about equally, lists them instead of guessing. Example: {"query": "payment service"}',
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, query: nodeArgument("What to look for") }),
  output: Schema.Struct({
    graph: Schema.String,
    query: Schema.String,
    match: Schema.Literal("exact", "case", "normalised", "similar", "ambiguous", "none"),
    /** The node found, the candidates to choose from, or the closest labels (similarity 1 for the first two tiers). */
    matches: Schema.Array(Schema.Struct({ ...NodeOut.fields, similarity: Schema.Number })),
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    let embedder = null;
    try {
      embedder = ctx.embedder();
    } catch {
      embedder = null;
    }
    const m = await matchNode(g, input.query, embedder);
    const reader = input.graph === "code" ? null : await ctx.scratchGraphs();
    const describe = (i: number, score: number) => {
      const row = reader?.node(input.graph, g.labels[i]!);
      return { label: g.labels[i]!, type: row?.type ?? g.types[i] ?? null, properties: row?.properties ?? {}, similarity: score };
    };
    if (m._tag === "Found") return { graph: input.graph, query: input.query, match: m.tier, matches: [describe(m.node, m.score)] };
    if (m._tag === "Ambiguous") return { graph: input.graph, query: input.query, match: "ambiguous" as const, matches: m.candidates.map((c) => describe(c.node, c.score)) };
    return { graph: input.graph, query: input.query, match: "none" as const, matches: m.closest.map((i) => describe(i, 0)) };
  },
  render: (o) => {
    const line = (n: (typeof o.matches)[number]) =>
      `"${n.label}"${n.type ? ` (${n.type})` : ""}${o.match === "similar" || (o.match === "ambiguous" && n.similarity < 1) ? ` similarity ${n.similarity.toFixed(2)}` : ""}${Object.keys(n.properties).length > 0 ? ` ${JSON.stringify(n.properties)}` : ""}`;
    if (o.match === "none") return [`no node matches "${o.query}" in graph "${o.graph}"${o.matches.length > 0 ? "; closest:" : ""}`, ...o.matches.map(line)].join("\n");
    if (o.match === "ambiguous") return [`"${o.query}" could be any of these (pass the exact label):`, ...o.matches.map(line)].join("\n");
    return `${o.match === "case" ? "match ignoring case" : `${o.match} match`}: ${line(o.matches[0]!)}`;
  },
});

export const removeNodeTool = defineTool({
  name: "remove_node",
  title: "Remove a node",
  description: "Removes a node and every edge it touches; says how many edges went with it.",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, label: nodeArgument("The node to remove") }),
  output: Schema.Struct({ graph: Schema.String, label: Schema.String, edges_removed: Schema.Number }),
  annotations: REMOVES,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const g = await analysisGraph(ctx, input.graph);
    const label = g.labels[await resolveNode(ctx, g, input.label)]!;
    const done = await runGraphCommand(ctx, removeNodes(input.graph, [label], callerMeta(ctx)));
    return { graph: done.graph, label, edges_removed: done.answer[0]!.edgesRemoved };
  },
  render: (o) => `removed "${o.label}" from graph "${o.graph}" with ${plural(o.edges_removed, "edge")}`,
});

export const listNodesTool = defineTool({
  name: "list_nodes",
  title: "List nodes",
  description: "Nodes in the order they were added, optionally of one type, with their properties.",
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    type: Schema.optional(Schema.String.pipe(Schema.maxLength(100)).annotations({ description: "Only nodes of this type" })),
    limit: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 1000)).annotations({ description: "Most nodes listed", default: 100 }), { default: () => 100 }),
  }),
  output: Schema.Struct({ graph: Schema.String, total: Schema.Number, capped: Schema.Boolean, nodes: Schema.Array(NodeOut) }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    if (input.graph === "code") {
      const g = await analysisGraph(ctx, input.graph);
      const all = g.labels.map((label, i) => ({ label, type: g.types[i] ?? null, properties: {} })).filter((n) => input.type === undefined || n.type === input.type);
      return { graph: input.graph, total: all.length, capped: all.length > input.limit, nodes: all.slice(0, input.limit) };
    }
    await analysisGraph(ctx, input.graph);
    const reader = await ctx.scratchGraphs();
    const total = reader.countNodes(input.graph, input.type);
    const nodes = reader.nodes(input.graph, { ...(input.type === undefined ? {} : { type: input.type }), limit: input.limit });
    return { graph: input.graph, total, capped: total > nodes.length, nodes };
  },
  render: (o) => {
    if (o.total === 0) return `no nodes${o.nodes.length === 0 ? "" : ""} in graph "${o.graph}" of that type`;
    const lines = o.nodes.map((n) => `${n.label}${n.type ? ` (${n.type})` : ""}${Object.keys(n.properties).length > 0 ? ` ${JSON.stringify(n.properties)}` : ""}`);
    if (o.capped) lines.push(`first ${o.nodes.length} of ${o.total} listed (raise limit or filter by type)`);
    return lines.join("\n");
  },
});

