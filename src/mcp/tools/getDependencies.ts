import { requireGraph } from "./graphArguments.js";
import * as Schema from "effect/Schema";
import { callChains, type CallChain, dependencies, type Dependency, type DependencyCount } from "../../queries/index.js";
import { defineTool, READ_ONLY } from "../tool.js";
import {resolveArgument } from "./codeGraphArguments.js";
import { NodeRef, nodeText, placeText, Resolution, resolutionNote, shortName, toNodeRef, toResolution } from "./graphText.js";

const MAX_CHAINS = 10;
/**
 * Most dependencies listed per level and first edge kind, and per direction: a hub's answer
 * (sympy's Symbol: 3,000 callers) stays a few thousand characters, every kind is shown by its
 * first examples, and the counts say what was left out.
 */
const PER_KIND = 5;
const MAX_PER_DIRECTION = 60;

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

const Count = Schema.Struct({
  depth: Schema.Number,
  /** The first edge kind of the dependencies counted (a test's CALLS+TESTS counts as CALLS). */
  edge: Schema.String,
  total: Schema.Number,
  listed: Schema.Number,
});

const Partial = Schema.Struct({ depth: Schema.Number, followed: Schema.Number, reached: Schema.Number });

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
  /** Every level's dependencies by first edge kind, listed or not. */
  counts: Schema.Struct({ deps_out: Schema.Array(Count), deps_in: Schema.Array(Count) }),
  /** Levels counted from only the first `followed` of the `reached` nodes of the level before. */
  partial_levels: Schema.Struct({ deps_out: Schema.Array(Partial), deps_in: Schema.Array(Partial) }),
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

const toCount = (c: DependencyCount): typeof Count.Type => ({ depth: c.depth, edge: c.kind, total: c.total, listed: c.listed });

const toChain = (direction: "in" | "out", c: CallChain): typeof Chain.Type => ({
  direction,
  nodes: c.steps.map(toNodeRef),
  calls: c.lines.map((line, i) => placeText(c.steps[i]!.path, line)),
});

const n = (v: number) => v.toLocaleString("en-US");

/** `depth 1: CALLS 2,890, INHERITS 14; depth 2 (from 500 of 1,919 nodes): …` */
const levelsText = (counts: ReadonlyArray<typeof Count.Type>, partial: ReadonlyArray<typeof Partial.Type>): string => {
  const depths = [...new Set(counts.map((c) => c.depth))];
  return depths
    .map((d) => {
      const part = partial.find((p) => p.depth === d);
      const from = part === undefined ? "" : ` (from ${n(part.followed)} of ${n(part.reached)} nodes)`;
      return `depth ${d}${from}: ${counts.filter((c) => c.depth === d).map((c) => `${c.edge} ${n(c.total)}`).join(", ")}`;
    })
    .join("; ");
};

export const getDependenciesTool = defineTool({
  name: "get_dependencies",
  title: "Dependencies of a symbol",
  description:
    "What a symbol or file depends on (callees, imports, bases, types) and what depends on it (callers, importers, subclasses, tests), with edge kinds, file:line and call chains. How A reaches B: find_path. Example: {\"symbol\": \"UserService.login\", \"direction\": \"in\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<Output> => {
    const graph = await requireGraph(ctx);
    const resolved = await resolveArgument(ctx, graph, input.symbol);
    const root = resolved.node;
    const deps = await dependencies(graph, root, { depth: input.depth, direction: input.direction, perKind: PER_KIND, limit: MAX_PER_DIRECTION });
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
      counts: { deps_out: deps.counts.out.map(toCount), deps_in: deps.counts.in.map(toCount) },
      partial_levels: { deps_out: deps.partial.out, deps_in: deps.partial.in },
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
    const section = (
      title: string,
      deps: ReadonlyArray<typeof Dep.Type>,
      counts: ReadonlyArray<typeof Count.Type>,
      partial: ReadonlyArray<typeof Partial.Type>,
    ) => {
      const total = counts.reduce((sum, c) => sum + c.total, 0);
      const cut = total > deps.length || partial.length > 0;
      const summary = cut ? ` (${deps.length} listed; ${levelsText(counts, partial)})` : "";
      lines.push("", `${title}: ${total === 0 ? "none" : n(total)}${summary}`);
      for (const c of counts) {
        lines.push(...deps.filter((d) => d.depth === c.depth && d.edges[0] === c.edge).map(depLine));
        if (c.total > c.listed) lines.push(`  … ${n(c.total - c.listed)} more ${c.edge}${out.depth > 1 ? ` at depth ${c.depth}` : ""}`);
      }
      if (cut) lines.push("  (to see others: pick a member, lower depth or one direction; query_node_edges lists one node's edges of one type)");
    };
    if (input.direction !== "in") section(`Depends on (out, depth ${out.depth})`, out.deps_out, out.counts.deps_out, out.partial_levels.deps_out);
    if (input.direction !== "out") section(`Depended on by (in, depth ${out.depth})`, out.deps_in, out.counts.deps_in, out.partial_levels.deps_in);
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
