import * as Schema from "effect/Schema";
import { removeEdges } from "../../../commands/index.js";
import { allPaths, degrees, pagerankOf, topRanked, shortestPath, transitiveReduction, weakComponents } from "../../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../../tool.js";
import { callerMeta } from "../memoryWrites.js";
import { analysisGraph, graphArgument, nodeArgument, plural, requireWritable, resolveNode, runGraphCommand } from "./graphAccess.js";
import { REMOVES } from "./manageGraphs.js";

const topN = (what: string, fallback: number, max: number) =>
  Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, max)).annotations({ description: `Most ${what} listed`, default: fallback }), { default: () => fallback });

const Edge = Schema.Struct({ source: Schema.String, target: Schema.String, relation: Schema.String });

export const shortestPathTool = defineTool({
  name: "shortest_path",
  title: "Shortest path",
  description: 'The fewest-edges path between two nodes (matched like find_node), with each hop\'s edge as stored. direction "both" ignores edge direction (an edge walked backwards shows as <-[r]-).',
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    source: nodeArgument("From this node"),
    target: nodeArgument("To this node"),
    direction: Schema.optionalWith(Schema.Literal("out", "in", "both").annotations({ description: "Follow edges forwards, backwards or either way", default: "out" }), {
      default: () => "out" as const,
    }),
  }),
  output: Schema.Struct({
    graph: Schema.String,
    source: Schema.String,
    target: Schema.String,
    found: Schema.Boolean,
    length: Schema.NullOr(Schema.Number),
    path: Schema.Array(Schema.String),
    relations: Schema.Array(Schema.String),
    /** Hop i's edge as stored: from path[i] to path[i+1], or the other way when `in` or `both` walked it backwards. */
    edges: Schema.Array(Edge),
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const s = await resolveNode(ctx, g, input.source, "source");
    const t = await resolveNode(ctx, g, input.target, "target");
    const p = shortestPath(g, s, t, input.direction);
    const base = { graph: input.graph, source: g.labels[s]!, target: g.labels[t]! };
    if (p === null) return { ...base, found: false, length: null, path: [], relations: [], edges: [] };
    const edges = p.edges.map((e) => ({ source: g.labels[g.edgeSource[e]!]!, target: g.labels[g.edgeTarget[e]!]!, relation: g.edgeRelation[e]! }));
    return { ...base, found: true, length: p.edges.length, path: p.nodes.map((i) => g.labels[i]!), relations: edges.map((e) => e.relation), edges };
  },
  render: (o) => {
    if (!o.found) return `no path from "${o.source}" to "${o.target}" in graph "${o.graph}" (connected_components shows what is linked; direction "both" ignores edge direction)`;
    if (o.length === 0) return `"${o.source}" is "${o.target}" (length 0)`;
    // A hop walked against its edge (direction in or both) points back at where it came from.
    const hop = (n: string, i: number) => {
      const e = o.edges[i - 1]!;
      return e.source === o.path[i - 1] && e.target === n ? `-[${e.relation}]-> ${n}` : `<-[${e.relation}]- ${n}`;
    };
    return `length ${o.length}: ${o.path.map((n, i) => (i === 0 ? n : hop(n, i))).join(" ")}`;
  },
});

export const allPathsTool = defineTool({
  name: "all_paths",
  title: "All simple paths",
  description: "Every path without repeated nodes between two nodes, up to max_length edges and limit paths (the output says when capped).",
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    source: nodeArgument("From this node"),
    target: nodeArgument("To this node"),
    max_length: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 12)).annotations({ description: "Longest path, in edges", default: 6 }), { default: () => 6 }),
    limit: topN("paths", 20, 200),
  }),
  output: Schema.Struct({
    graph: Schema.String,
    source: Schema.String,
    target: Schema.String,
    count: Schema.Number,
    paths: Schema.Array(Schema.Array(Schema.String)),
    capped: Schema.Boolean,
    cap_reason: Schema.NullOr(Schema.String),
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const s = await resolveNode(ctx, g, input.source, "source");
    const t = await resolveNode(ctx, g, input.target, "target");
    const found = allPaths(g, s, t, input.max_length, input.limit);
    const reason = found.reason === "max_paths" ? `more than ${input.limit} paths: raise limit or lower max_length` : found.reason === "budget" ? "the search stopped at its step budget: lower max_length" : null;
    return { graph: input.graph, source: g.labels[s]!, target: g.labels[t]!, count: found.paths.length, paths: found.paths.map((p) => p.map((i) => g.labels[i]!)), capped: found.capped, cap_reason: reason };
  },
  render: (o) => {
    if (o.paths.length === 0) return `no path of at most the given length from "${o.source}" to "${o.target}"${o.capped ? ` (${o.cap_reason})` : ""}`;
    const lines = [`${plural(o.paths.length, "path")} from "${o.source}" to "${o.target}":`, ...o.paths.map((p) => p.join(" → "))];
    if (o.capped) lines.push(`capped: ${o.cap_reason}`);
    return lines.join("\n");
  },
});

export const pagerankTool = defineTool({
  name: "pagerank",
  title: "PageRank",
  description: "The most central nodes by PageRank (damping 0.85; parallel edges count as weight). On \"code\", the most depended-upon files and symbols.",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, top_n: topN("nodes", 20, 1000) }),
  output: Schema.Struct({ graph: Schema.String, nodes: Schema.Number, iterations: Schema.Number, rankings: Schema.Array(Schema.Struct({ label: Schema.String, score: Schema.Number })) }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const ranked = pagerankOf(g);
    const rankings = topRanked(ranked.scores, input.top_n).map((i) => ({ label: g.labels[i]!, score: ranked.scores[i]! }));
    return { graph: input.graph, nodes: g.labels.length, iterations: ranked.iterations, rankings };
  },
  render: (o) => (o.rankings.length === 0 ? `graph "${o.graph}" has no nodes` : [`top ${o.rankings.length} of ${plural(o.nodes, "node")} by PageRank:`, ...o.rankings.map((r, i) => `${i + 1}. ${r.label} ${r.score.toPrecision(3)}`)].join("\n")),
});

export const connectedComponentsTool = defineTool({
  name: "connected_components",
  title: "Connected components",
  description: "Groups of nodes linked by edges in either direction (weakly connected components), largest first.",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, limit: topN("components", 20, 500), max_members: topN("members shown per component", 50, 1000) }),
  output: Schema.Struct({ graph: Schema.String, count: Schema.Number, components: Schema.Array(Schema.Struct({ size: Schema.Number, members: Schema.Array(Schema.String) })) }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const all = weakComponents(g);
    return { graph: input.graph, count: all.length, components: all.slice(0, input.limit).map((c) => ({ size: c.length, members: c.slice(0, input.max_members).map((i) => g.labels[i]!) })) };
  },
  render: (o) => {
    if (o.count === 0) return `graph "${o.graph}" has no nodes`;
    const lines = [`${plural(o.count, "component")} in graph "${o.graph}":`, ...o.components.map((c) => `${c.size}: ${c.members.join(", ")}${c.size > c.members.length ? `, … (${c.size - c.members.length} more)` : ""}`)];
    if (o.count > o.components.length) lines.push(`first ${o.components.length} of ${o.count} components listed (raise limit)`);
    return lines.join("\n");
  },
});

export const transitiveReductionTool = defineTool({
  name: "transitive_reduction",
  title: "Transitive reduction",
  description: "Edges implied by longer paths (A→C when A→B→C exists) in a DAG; in_place removes them (every relation between such a pair).",
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    in_place: Schema.optionalWith(Schema.Boolean.annotations({ description: "Remove them from the graph", default: false }), { default: () => false }),
    limit: topN("redundant edges", 50, 1000),
  }),
  output: Schema.Struct({ graph: Schema.String, redundant: Schema.Number, removed: Schema.Boolean, edges_removed: Schema.Number, edges: Schema.Array(Edge) }),
  annotations: REMOVES,
  run: async (input, ctx) => {
    if (input.in_place) requireWritable(input.graph);
    const g = await analysisGraph(ctx, input.graph);
    const r = transitiveReduction(g);
    if (r._tag === "Cyclic") {
      const shown = r.cycleNodes.slice(0, 10).map((i) => `"${g.labels[i]}"`).join(", ");
      throw toolError(`graph "${input.graph}" has a cycle (through ${shown}${r.cycleNodes.length > 10 ? ", …" : ""}); a transitive reduction is defined for DAGs only: find_cycles shows the cycles to break`);
    }
    if (r._tag === "TooLarge") throw toolError(`graph "${input.graph}" is too large to reduce within the step budget (${r.steps.toLocaleString("en-US")} steps); reduce a subgraph instead`);
    const edges = r.redundant.map((e) => ({ source: g.labels[g.edgeSource[e]!]!, target: g.labels[g.edgeTarget[e]!]!, relation: g.edgeRelation[e]! }));
    if (input.in_place && edges.length > 0) await runGraphCommand(ctx, removeEdges(input.graph, edges, callerMeta(ctx)));
    const removed = input.in_place && edges.length > 0;
    return { graph: input.graph, redundant: edges.length, removed, edges_removed: removed ? edges.length : 0, edges: edges.slice(0, input.limit) };
  },
  render: (o) => {
    if (o.redundant === 0) return `no redundant edges in graph "${o.graph}": it is its own transitive reduction`;
    const lines = [`${plural(o.redundant, "redundant edge")}${o.removed ? " removed" : " (in_place: true removes them)"}:`, ...o.edges.map((e) => `${e.source} -[${e.relation}]-> ${e.target}`)];
    if (o.redundant > o.edges.length) lines.push(`first ${o.edges.length} of ${o.redundant} listed`);
    return lines.join("\n");
  },
});

export const degreeCentralityTool = defineTool({
  name: "degree_centrality",
  title: "Degree centrality",
  description: "The most connected nodes: in- and out-degree (every edge counts) and the same over n-1.",
  toolset: "graph",
  input: Schema.Struct({ graph: graphArgument, top_n: topN("nodes", 20, 1000) }),
  output: Schema.Struct({
    graph: Schema.String,
    nodes: Schema.Number,
    rankings: Schema.Array(
      Schema.Struct({ label: Schema.String, in_degree: Schema.Number, out_degree: Schema.Number, total: Schema.Number, in_centrality: Schema.Number, out_centrality: Schema.Number }),
    ),
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const ranked = degrees(g).slice(0, input.top_n);
    return {
      graph: input.graph,
      nodes: g.labels.length,
      rankings: ranked.map((d) => ({ label: g.labels[d.node]!, in_degree: d.in, out_degree: d.out, total: d.in + d.out, in_centrality: d.inCentrality, out_centrality: d.outCentrality })),
    };
  },
  render: (o) =>
    o.rankings.length === 0
      ? `graph "${o.graph}" has no nodes`
      : [`top ${o.rankings.length} of ${plural(o.nodes, "node")} by degree (in/out):`, ...o.rankings.map((r, i) => `${i + 1}. ${r.label} ${r.in_degree}/${r.out_degree} (${r.in_centrality.toPrecision(3)}/${r.out_centrality.toPrecision(3)})`)].join("\n"),
});

export const subgraphTool = defineTool({
  name: "subgraph",
  title: "Subgraph",
  description: "The given nodes (matched like find_node) and, unless include_edges is false, every edge between them.",
  toolset: "graph",
  input: Schema.Struct({
    graph: graphArgument,
    nodes: Schema.Array(nodeArgument("A node")).pipe(Schema.minItems(1), Schema.maxItems(500)).annotations({ description: "Nodes to keep" }),
    include_edges: Schema.optionalWith(Schema.Boolean.annotations({ description: "Add the edges between them", default: true }), { default: () => true }),
  }),
  output: Schema.Struct({
    graph: Schema.String,
    nodes: Schema.Array(Schema.Struct({ label: Schema.String, type: Schema.NullOr(Schema.String) })),
    edges: Schema.Array(Edge),
    not_found: Schema.Array(Schema.Struct({ query: Schema.String, reason: Schema.String })),
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const g = await analysisGraph(ctx, input.graph);
    const kept = new Set<number>();
    const notFound: Array<{ query: string; reason: string }> = [];
    for (const q of input.nodes) {
      try {
        kept.add(await resolveNode(ctx, g, q));
      } catch (e) {
        notFound.push({ query: q, reason: (e as Error).message });
      }
    }
    const ordered = [...kept].sort((a, b) => a - b);
    const edges: Array<typeof Edge.Type> = [];
    if (input.include_edges) {
      for (const i of ordered) {
        for (let k = g.outStart[i]!; k < g.outStart[i + 1]!; k++) {
          const e = g.outEdges[k]!;
          if (kept.has(g.edgeTarget[e]!)) edges.push({ source: g.labels[i]!, target: g.labels[g.edgeTarget[e]!]!, relation: g.edgeRelation[e]! });
        }
      }
    }
    return { graph: input.graph, nodes: ordered.map((i) => ({ label: g.labels[i]!, type: g.types[i] ?? null })), edges, not_found: notFound };
  },
  render: (o) =>
    [
      `${plural(o.nodes.length, "node")}, ${plural(o.edges.length, "edge")}:`,
      ...o.nodes.map((n) => `${n.label}${n.type ? ` (${n.type})` : ""}`),
      ...o.edges.map((e) => `${e.source} -[${e.relation}]-> ${e.target}`),
      ...o.not_found.map((n) => `not found: ${n.reason}`),
    ].join("\n"),
});
