import * as Schema from "effect/Schema";
import { addEdges, removeEdges } from "../../../commands/index.js";
import type { ScratchReader } from "../../../engine/index.js";
import { buildAnalysisGraph, type AnalysisGraph } from "../../../queries/index.js";
import { APPENDS, defineTool, READ_ONLY, ToolError, toolError } from "../../tool.js";
import type { ToolContext } from "../../ToolContext.js";
import { callerMeta } from "../memoryWrites.js";
import { analysisGraph, graphArgument, nodeArgument, plural, Properties, requireWritable, resolveNode, runGraphCommand } from "./graphAccess.js";
import { REMOVES } from "./manageGraphs.js";
import { MAX_LISTED } from "./nodeTools.js";

const relationArgument = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)).annotations({ description: "Relation: depends_on, owns, calls…" });
const EdgeInput = Schema.Struct({
  source: nodeArgument("From this node (matched like find_node)"),
  target: nodeArgument("To this node (matched like find_node)"),
  relation: relationArgument,
  properties: Schema.optional(Properties.annotations({ description: "Facts about the edge (JSON object)" })),
});
const Edge = Schema.Struct({ source: Schema.String, target: Schema.String, relation: Schema.String, properties: Properties });
const Change = Schema.Literal("created", "updated", "unchanged");

/**
 * Finds labels for a write: an exact label is one lookup in graphs.db, and only another name
 * loads the graph in memory to match it (a batch of exact labels into a large graph never does).
 */
const labelFinder = (ctx: ToolContext, graph: string) => {
  let loaded: Promise<AnalysisGraph> | null = null;
  let reader: Promise<ScratchReader> | null = null;
  return async (name: string, role: string): Promise<string> => {
    const text = name.trim();
    reader ??= ctx.scratchGraphs();
    if ((await reader).hasNode(graph, text)) return text;
    // A graph not written yet has no node to match: say so rather than "no such graph".
    loaded ??= analysisGraph(ctx, graph).catch(() => buildAnalysisGraph({ name: graph, nodes: [], edges: [] }));
    const g = await loaded;
    return g.labels[await resolveNode(ctx, g, text, role)]!;
  };
};

/** Both ends of an edge as the graph labels them, or why not. */
const resolveEnds = async (find: ReturnType<typeof labelFinder>, e: { source: string; target: string }): Promise<{ source: string; target: string } | { reason: string }> => {
  try {
    const source = await find(e.source, "source");
    const target = await find(e.target, "target");
    return { source, target };
  } catch (error) {
    if (error instanceof ToolError) return { reason: error.message };
    throw error;
  }
};

const changeWord = (c: string) => (c === "created" ? "added" : c === "updated" ? "updated" : "already there:");

export const addEdgeTool = defineTool({
  name: "add_edge",
  title: "Add an edge",
  description:
    'Adds a directed edge between two existing nodes (matched like find_node). Two nodes may share several relations; adding the same relation again updates its properties. Example: {"source": "AuthService", "target": "Postgres", "relation": "depends_on"}',
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, ...EdgeInput.fields }),
  output: Schema.Struct({ graph: Schema.String, source: Schema.String, target: Schema.String, relation: Schema.String, created: Schema.Boolean, change: Change }),
  annotations: APPENDS,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const ends = await resolveEnds(labelFinder(ctx, input.graph), input);
    if ("reason" in ends) throw toolError(ends.reason);
    const done = await runGraphCommand(ctx, addEdges(input.graph, [{ ...ends, relation: input.relation, properties: input.properties ?? {} }], callerMeta(ctx), { allOrNothing: true }));
    const added = done.answer[0]!;
    if (added._tag === "Failed") throw toolError(added.reason);
    return { graph: done.graph, source: added.source, target: added.target, relation: added.relation, created: added.change === "created", change: added.change };
  },
  render: (o) => `${changeWord(o.change)} ${o.source} -[${o.relation}]-> ${o.target} in graph "${o.graph}"`,
});

export const addEdgesTool = defineTool({
  name: "add_edges",
  title: "Add edges",
  description: "add_edge for many edges in one write; an edge that cannot be added (an end not found or ambiguous) is reported with the reason while the others go in.",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, edges: Schema.Array(EdgeInput).pipe(Schema.minItems(1), Schema.maxItems(5_000)).annotations({ description: "Edges to add" }) }),
  output: Schema.Struct({
    graph: Schema.String,
    created: Schema.Number,
    updated: Schema.Number,
    unchanged: Schema.Number,
    /** Every failure is counted; the first MAX_LISTED are listed. */
    failed_count: Schema.Number,
    failed: Schema.Array(Schema.Struct({ index: Schema.Number, source: Schema.String, target: Schema.String, relation: Schema.String, reason: Schema.String })),
  }),
  annotations: APPENDS,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const find = labelFinder(ctx, input.graph);
    const failed: Array<{ index: number; source: string; target: string; relation: string; reason: string }> = [];
    const ready: Array<{ index: number; source: string; target: string; relation: string; properties: Record<string, unknown> }> = [];
    for (const [index, e] of input.edges.entries()) {
      const ends = await resolveEnds(find, e);
      if ("reason" in ends) failed.push({ index, source: e.source, target: e.target, relation: e.relation, reason: ends.reason });
      else ready.push({ index, ...ends, relation: e.relation, properties: e.properties ?? {} });
    }
    const counts = { created: 0, updated: 0, unchanged: 0 };
    if (ready.length > 0) {
      const done = await runGraphCommand(ctx, addEdges(input.graph, ready, callerMeta(ctx)));
      for (const r of done.answer) {
        if (r._tag === "Added") counts[r.change]++;
        else failed.push({ index: ready[r.index]!.index, source: r.edge.source, target: r.edge.target, relation: r.edge.relation, reason: r.reason });
      }
    }
    return { graph: input.graph, ...counts, failed_count: failed.length, failed: failed.sort((a, b) => a.index - b.index).slice(0, MAX_LISTED) };
  },
  render: (o) =>
    [
      `graph "${o.graph}": ${o.created} edges added, ${o.updated} updated, ${o.unchanged} already there${o.failed_count > 0 ? `, ${o.failed_count} failed:` : ""}`,
      ...o.failed.map((f) => `  #${f.index + 1} ${f.source} -[${f.relation}]-> ${f.target}: ${f.reason}`),
      ...(o.failed_count > o.failed.length ? [`  … and ${o.failed_count - o.failed.length} more`] : []),
    ].join("\n"),
});

const edgeLine = (e: typeof Edge.Type) => `${e.source} -[${e.relation}]-> ${e.target}${Object.keys(e.properties).length > 0 ? ` ${JSON.stringify(e.properties)}` : ""}`;

export const findEdgesTool = defineTool({
  name: "find_edges",
  title: "Find edges",
  description: "Edges filtered by source, target (matched like find_node) and relation; every filter optional.",
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    source: Schema.optional(nodeArgument("From this node")),
    target: Schema.optional(nodeArgument("To this node")),
    relation: Schema.optional(relationArgument),
    limit: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 1000)).annotations({ description: "Most edges listed", default: 100 }), { default: () => 100 }),
  }),
  output: Schema.Struct({ graph: Schema.String, total: Schema.Number, capped: Schema.Boolean, edges: Schema.Array(Edge) }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const source = input.source === undefined ? undefined : await resolveNode(ctx, g, input.source, "source");
    const target = input.target === undefined ? undefined : await resolveNode(ctx, g, input.target, "target");
    if (input.graph !== "code") {
      const filter = {
        ...(source === undefined ? {} : { source: g.labels[source]! }),
        ...(target === undefined ? {} : { target: g.labels[target]! }),
        ...(input.relation === undefined ? {} : { relation: input.relation }),
      };
      const reader = await ctx.scratchGraphs();
      const total = reader.countEdges(input.graph, filter);
      const edges = reader.edges(input.graph, { ...filter, limit: input.limit });
      return { graph: input.graph, total, capped: total > edges.length, edges };
    }
    const ids: number[] = [];
    const candidates = source !== undefined ? Array.from(g.outEdges.subarray(g.outStart[source]!, g.outStart[source + 1]!)) : target !== undefined ? Array.from(g.inEdges.subarray(g.inStart[target]!, g.inStart[target + 1]!)) : g.edgeRelation.map((_, e) => e);
    for (const e of candidates) {
      if ((source === undefined || g.edgeSource[e] === source) && (target === undefined || g.edgeTarget[e] === target) && (input.relation === undefined || g.edgeRelation[e] === input.relation)) ids.push(e);
    }
    const edges = ids.slice(0, input.limit).map((e) => ({ source: g.labels[g.edgeSource[e]!]!, target: g.labels[g.edgeTarget[e]!]!, relation: g.edgeRelation[e]!, properties: {} }));
    return { graph: input.graph, total: ids.length, capped: ids.length > edges.length, edges };
  },
  render: (o) => {
    if (o.total === 0) return `no edges match in graph "${o.graph}"`;
    const lines = o.edges.map(edgeLine);
    if (o.capped) lines.push(`first ${o.edges.length} of ${o.total} listed (raise limit or filter)`);
    return lines.join("\n");
  },
});

export const removeEdgeTool = defineTool({
  name: "remove_edge",
  title: "Remove an edge",
  description: "Removes the edge from source to target with that relation, or every relation between them when relation is omitted.",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, source: nodeArgument("From this node"), target: nodeArgument("To this node"), relation: Schema.optional(relationArgument) }),
  output: Schema.Struct({ graph: Schema.String, removed: Schema.Array(Edge) }),
  annotations: REMOVES,
  run: async (input, ctx) => {
    requireWritable(input.graph);
    const ends = await resolveEnds(labelFinder(ctx, input.graph), input);
    if ("reason" in ends) throw toolError(ends.reason);
    const done = await runGraphCommand(ctx, removeEdges(input.graph, [{ ...ends, relation: input.relation ?? null }], callerMeta(ctx)));
    if (done.answer.length === 0) {
      const between = (await ctx.scratchGraphs()).edges(input.graph, ends).map((e) => e.relation);
      throw toolError(
        `no edge ${ends.source} -[${input.relation ?? "any relation"}]-> ${ends.target} in graph "${input.graph}"${between.length > 0 ? `; the relations from one to the other: ${between.join(", ")}` : "; find_edges lists the edges there are"}`,
      );
    }
    return { graph: input.graph, removed: done.answer.map((e) => ({ source: e.source, target: e.target, relation: e.relation, properties: e.properties })) };
  },
  render: (o) => [`removed ${plural(o.removed.length, "edge")} from graph "${o.graph}":`, ...o.removed.map(edgeLine)].join("\n"),
});

export const getNeighborsTool = defineTool({
  name: "get_neighbors",
  title: "Neighbours of a node",
  description: 'The nodes one edge away, by direction ("out": it points to them, "in": they point to it, "both") and optionally one relation.',
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    node: nodeArgument("The node"),
    direction: Schema.optionalWith(Schema.Literal("in", "out", "both").annotations({ description: "Which edges to follow", default: "both" }), { default: () => "both" as const }),
    relation: Schema.optional(relationArgument),
    limit: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 1000)).annotations({ description: "Most neighbours listed", default: 100 }), { default: () => 100 }),
  }),
  output: Schema.Struct({
    graph: Schema.String,
    node: Schema.String,
    total: Schema.Number,
    capped: Schema.Boolean,
    neighbors: Schema.Array(Schema.Struct({ label: Schema.String, relation: Schema.String, direction: Schema.Literal("in", "out") })),
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const i = await resolveNode(ctx, g, input.node);
    const out: Array<{ label: string; relation: string; direction: "in" | "out" }> = [];
    const keep = (e: number) => input.relation === undefined || g.edgeRelation[e] === input.relation;
    if (input.direction !== "in") for (let k = g.outStart[i]!; k < g.outStart[i + 1]!; k++) if (keep(g.outEdges[k]!)) out.push({ label: g.labels[g.edgeTarget[g.outEdges[k]!]!]!, relation: g.edgeRelation[g.outEdges[k]!]!, direction: "out" });
    if (input.direction !== "out") for (let k = g.inStart[i]!; k < g.inStart[i + 1]!; k++) if (keep(g.inEdges[k]!)) out.push({ label: g.labels[g.edgeSource[g.inEdges[k]!]!]!, relation: g.edgeRelation[g.inEdges[k]!]!, direction: "in" });
    return { graph: input.graph, node: g.labels[i]!, total: out.length, capped: out.length > input.limit, neighbors: out.slice(0, input.limit) };
  },
  render: (o) => {
    if (o.total === 0) return `"${o.node}" has no neighbours that way in graph "${o.graph}"`;
    const lines = [`"${o.node}":`, ...o.neighbors.map((n) => (n.direction === "out" ? `  -[${n.relation}]-> ${n.label}` : `  <-[${n.relation}]- ${n.label}`))];
    if (o.capped) lines.push(`first ${o.neighbors.length} of ${o.total} listed (raise limit or pass relation)`);
    return lines.join("\n");
  },
});
