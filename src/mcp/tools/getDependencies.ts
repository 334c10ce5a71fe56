import { requireGraph } from "./graphArguments.js";
import * as Schema from "effect/Schema";
import { callChains, type CallChain } from "../../queries/graph/callChains.js";
import { dependencies, type Dependency } from "../../queries/graph/dependencies.js";
import { defineTool, READ_ONLY } from "../tool.js";
import {resolveArgument } from "./codeGraphArguments.js";
import { NodeRef, nodeText, placeText, Resolution, resolutionNote, shortName, toNodeRef, toResolution } from "./graphText.js";

const MAX_CHAINS = 10;

const Input = Schema.Struct({
  symbol: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(500)).annotations({
    description: "Symbol or file: name, qualified name (Client.send), path, or path:Symbol",
  }),
  depth: Schema.optionalWith(
    Schema.Number.pipe(Schema.int(), Schema.between(1, 10)).annotations({ description: "Levels to follow (1 = direct only)", default: 2 }),
    { default: () => 2 },
  ),
  direction: Schema.optionalWith(
    Schema.Literal("in", "out", "both").annotations({
      description: "out: what it depends on; in: what depends on it",
      default: "both",
    }),
    { default: () => "both" as const },
  ),
});

const Dep = Schema.Struct({
  depth: Schema.Number,
  edges: Schema.Array(Schema.String),
  node: NodeRef,
  /** The root-side end of the edge: the symbol itself, one of its members, or a dependency one level closer. */
  via: Schema.String,
  file: Schema.NullOr(Schema.String),
  line: Schema.Number,
});

const Chain = Schema.Struct({
  direction: Schema.Literal("in", "out"),
  /** Caller first; `calls[i]` is where `nodes[i]` calls `nodes[i + 1]` (file:line). */
  nodes: Schema.Array(NodeRef),
  calls: Schema.Array(Schema.String),
});

const Output = Schema.Struct({
  resolution: Resolution,
  root: NodeRef,
  members: Schema.Number,
  depth: Schema.Number,
  deps_out: Schema.Array(Dep),
  deps_in: Schema.Array(Dep),
  call_chains: Schema.Array(Chain),
  truncated: Schema.Struct({ deps_out: Schema.Boolean, deps_in: Schema.Boolean, call_chains: Schema.Boolean }),
});
type Output = typeof Output.Type;

const toDep = (d: Dependency): typeof Dep.Type => ({
  depth: d.depth,
  edges: d.kinds,
  node: toNodeRef(d.node),
  via: shortName(d.via),
  file: d.file,
  line: d.line,
});

const toChain = (direction: "in" | "out", c: CallChain): typeof Chain.Type => ({
  direction,
  nodes: c.steps.map(toNodeRef),
  calls: c.lines.map((line, i) => placeText(c.steps[i]!.path, line)),
});

export const getDependenciesTool = defineTool({
  name: "get_dependencies",
  title: "Dependencies of a symbol",
  description:
    "What a symbol or file depends on (callees, imports, bases, types) and what depends on it (callers, importers, subclasses, tests), depth levels deep, with edge kinds, file:line and call chains. One node's raw edges: query_node_edges; how A reaches B: find_path. Example: {\"symbol\": \"UserService.login\", \"direction\": \"in\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<Output> => {
    const graph = await requireGraph(ctx);
    const resolved = await resolveArgument(ctx, graph, input.symbol);
    const root = resolved.node;
    const deps = await dependencies(graph, root, { depth: input.depth, direction: input.direction });
    const starts = [root, ...deps.members.filter((m) => m.kind === "Function" || m.kind === "Method" || m.kind === "Test")];
    const owned = new Set([root.id, ...deps.members.map((m) => m.id)]);
    const chains: Array<typeof Chain.Type> = [];
    let chainsCut = false;
    for (const direction of ["out", "in"] as const) {
      if (input.direction !== "both" && input.direction !== direction) continue;
      const found = await callChains(graph, starts, { depth: input.depth, direction, max: MAX_CHAINS });
      // A chain among the root's own members (Square.size → Square.area) says nothing about its dependencies.
      const outward = found.chains.filter((c) => c.steps.some((n) => !owned.has(n.id)));
      chains.push(...outward.map((c) => toChain(direction, c)));
      chainsCut ||= found.truncated;
    }
    return {
      resolution: toResolution(resolved),
      root: toNodeRef(root),
      members: deps.members.length,
      depth: input.depth,
      deps_out: deps.out.map(toDep),
      deps_in: deps.in.map(toDep),
      call_chains: chains,
      truncated: { deps_out: deps.truncated.out, deps_in: deps.truncated.in, call_chains: chainsCut },
    };
  },
  render: (out, input) => {
    const lines = [`${nodeText(out.root)}${out.members > 0 ? `; its ${out.members} members count as it` : ""}`];
    lines.push(...resolutionNote(out.resolution, out.root));
    const rootName = shortName(out.root);
    const depLine = (d: typeof Dep.Type) => {
      const via = d.via === rootName ? "" : ` via ${d.via}`;
      const at = d.line > 0 ? `, at ${placeText(d.file, d.line)}` : "";
      return `  ${d.depth > 1 ? `[${d.depth}] ` : ""}${d.edges.join("+")} ${nodeText(d.node)}${via}${at}`;
    };
    const section = (title: string, deps: ReadonlyArray<typeof Dep.Type>, cut: boolean) => {
      lines.push("", `${title}: ${deps.length === 0 ? "none" : deps.length}${cut ? " (capped: lower depth or pick a member)" : ""}`);
      lines.push(...deps.map(depLine));
    };
    if (input.direction !== "in") section(`Depends on (out, depth ${out.depth})`, out.deps_out, out.truncated.deps_out);
    if (input.direction !== "out") section(`Depended on by (in, depth ${out.depth})`, out.deps_in, out.truncated.deps_in);
    if (out.call_chains.length > 0) {
      lines.push("", `Call chains (caller first${out.truncated.call_chains ? `; capped at ${MAX_CHAINS} per direction` : ""}):`);
      for (const c of out.call_chains) {
        const steps = c.nodes.map((n, i) => (i === 0 ? shortName(n) : `${shortName(n)} (${c.calls[i - 1]})`));
        lines.push(`  ${c.direction}: ${steps.join(" → ")}`);
      }
    }
    return lines.join("\n");
  },
});
