import { requireGraph } from "./graphArguments.js";
import * as Schema from "effect/Schema";
import { EDGE_KINDS } from "../../engine/index.js";
import { nodeEdges, type NodeEdge } from "../../queries/index.js";
import { defineTool, READ_ONLY } from "../tool.js";
import {parseEdgeKinds, resolveArgument } from "./codeGraphArguments.js";
import { NodeRef, nodeText, placeText, Resolution, resolutionNote, toNodeRef, toResolution } from "./graphText.js";

/** Most edges listed per direction; a hub (a file imported everywhere) can have thousands. */
const MAX_EDGES = 200;
/**
 * Without edge_type, most edges listed per kind and direction: a hub's answer (sympy's Basic, 26k
 * characters at 200 a direction) shows every kind by its first edges and counts the rest; naming
 * the kind lists up to MAX_EDGES of it.
 */
const PER_KIND = 10;

const Input = Schema.Struct({
  node_identifier: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(500)).annotations({
    description: "Node id, name, qualified name, file path or path:Symbol",
  }),
  edge_type: Schema.optional(
    Schema.String.pipe(Schema.maxLength(200)).annotations({
      description: `Only these edge types, comma-separated: ${EDGE_KINDS.join(", ")}`,
    }),
  ),
  direction: Schema.optionalWith(
    Schema.Literal("in", "out", "both").annotations({ description: "Edge direction", default: "both" }),
    { default: () => "both" as const },
  ),
});

const Edge = Schema.Struct({
  edge_type: Schema.String,
  node: NodeRef,
  /** The file the reference is written in (the source node's) and its line there; 0 for structural edges. */
  file: Schema.NullOr(Schema.String),
  line: Schema.Number,
});

const Count = Schema.Struct({ edge_type: Schema.String, total: Schema.Number, listed: Schema.Number });

const Output = Schema.Struct({
  resolution: Resolution,
  node: NodeRef,
  outgoing: Schema.Array(Edge),
  incoming: Schema.Array(Edge),
  outgoing_total: Schema.Number,
  incoming_total: Schema.Number,
  /** Per direction, the edges of each type, listed or not. */
  counts: Schema.Struct({ outgoing: Schema.Array(Count), incoming: Schema.Array(Count) }),
});
type Output = typeof Output.Type;

const toEdge = (e: NodeEdge): typeof Edge.Type => ({ edge_type: e.kind, node: toNodeRef(e.node), file: e.file, line: e.line });

/** The first `perKind` edges of each kind (edges come grouped by kind), at most MAX_EDGES in all, and each kind's count. */
const listed = (edges: ReadonlyArray<NodeEdge>, perKind: number): { edges: Array<typeof Edge.Type>; counts: Array<typeof Count.Type> } => {
  const counts: Array<{ edge_type: string; total: number; listed: number }> = [];
  const out: Array<typeof Edge.Type> = [];
  for (const e of edges) {
    let count = counts[counts.length - 1];
    if (count?.edge_type !== e.kind) counts.push((count = { edge_type: e.kind, total: 0, listed: 0 }));
    count.total++;
    if (count.listed < perKind && out.length < MAX_EDGES) {
      count.listed++;
      out.push(toEdge(e));
    }
  }
  return { edges: out, counts };
};

export const queryNodeEdgesTool = defineTool({
  name: "query_node_edges",
  title: "Edges of one graph node",
  description:
    "Every stored edge of one node (symbol, file or external module), with the node at the other end and file:line, by edge type or direction. Transitive: get_dependencies. Example: {\"node_identifier\": \"Store\", \"edge_type\": \"IMPLEMENTS\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<Output> => {
    const kinds = input.edge_type === undefined ? undefined : parseEdgeKinds([input.edge_type]);
    const graph = await requireGraph(ctx);
    const resolved = await resolveArgument(ctx, graph, input.node_identifier);
    const edges = await nodeEdges(graph, resolved.node.id, {
      kinds: kinds === undefined || kinds.length === 0 ? undefined : kinds,
      direction: input.direction,
    });
    const perKind = kinds === undefined || kinds.length === 0 ? PER_KIND : MAX_EDGES;
    const outgoing = listed(edges.outgoing, perKind);
    const incoming = listed(edges.incoming, perKind);
    return {
      resolution: toResolution(resolved),
      node: toNodeRef(resolved.node),
      outgoing: outgoing.edges,
      incoming: incoming.edges,
      outgoing_total: edges.outgoing.length,
      incoming_total: edges.incoming.length,
      counts: { outgoing: outgoing.counts, incoming: incoming.counts },
    };
  },
  render: (out, input) => {
    const lines = [`Edges for: ${nodeText(out.node)}`, ...resolutionNote(out.resolution, out.node)];
    const width = Math.max(0, ...[...out.outgoing, ...out.incoming].map((e) => e.edge_type.length));
    const section = (title: string, arrow: string, edges: ReadonlyArray<typeof Edge.Type>, counts: ReadonlyArray<typeof Count.Type>) => {
      lines.push("", `${title}:`);
      if (counts.length === 0) lines.push("  (none)");
      for (const c of counts) {
        for (const e of edges.filter((x) => x.edge_type === c.edge_type)) {
          lines.push(`  ${e.edge_type.padEnd(width)} ${arrow} ${nodeText(e.node)}${e.line > 0 ? ` at ${placeText(e.file, e.line)}` : ""}`);
        }
        if (c.total > c.listed) {
          const narrow = input.edge_type === undefined ? `pass edge_type ${c.edge_type} to list up to ${MAX_EDGES}` : `capped at ${MAX_EDGES}`;
          lines.push(`  … ${(c.total - c.listed).toLocaleString("en-US")} more ${c.edge_type} (${narrow})`);
        }
      }
    };
    if (input.direction !== "in") section("Outgoing", "->", out.outgoing, out.counts.outgoing);
    if (input.direction !== "out") section("Incoming", "<-", out.incoming, out.counts.incoming);
    lines.push("", `${out.outgoing_total} outgoing, ${out.incoming_total} incoming`);
    return lines.join("\n");
  },
});
