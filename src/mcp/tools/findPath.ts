import { requireGraph } from "./graphArguments.js";
import * as Schema from "effect/Schema";
import type { EdgeKind } from "../../engine/index.js";
import { findPath, type PathHop } from "../../queries/index.js";
import { defineTool, READ_ONLY } from "../tool.js";
import {parseEdgeKinds, resolveArgument } from "./codeGraphArguments.js";
import { NodeRef, nodeText, placeText, Resolution, resolutionNote, shortName, toNodeRef, toResolution } from "./graphText.js";

/**
 * The edges along which one piece of code reaches another: calling it, importing it, inheriting
 * or implementing it, and owning it (a class its methods, a file or namespace its declarations),
 * so a class reaches what its methods call and a file what it imports. ACCEPTS, RETURNS and
 * TESTS are left out: every function that takes a `User` would otherwise reach every method of
 * `User` in two hops, which says nothing about how A gets to B.
 */
export const PATH_EDGE_KINDS: ReadonlyArray<EdgeKind> = ["CALLS", "IMPORTS", "INHERITS", "IMPLEMENTS", "HAS_METHOD", "CONTAINS"];

const MAX_HOPS = 10;

const Input = Schema.Struct({
  source: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(500)).annotations({
    description: "Start: symbol name, qualified name, file path or path:Symbol",
  }),
  target: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(500)).annotations({
    description: "End, in the same forms",
  }),
  edge_types: Schema.optional(
    Schema.Array(Schema.String.pipe(Schema.maxLength(20)))
      .pipe(Schema.maxItems(9))
      .annotations({ description: `Edge types to follow (default ${PATH_EDGE_KINDS.join(", ")})` }),
  ),
});

const Hop = Schema.Struct({
  edge_type: Schema.String,
  from: NodeRef,
  to: NodeRef,
  /** The file the reference is written in (`from`'s) and its line; 0 for structural edges. */
  file: Schema.NullOr(Schema.String),
  line: Schema.Number,
});

const Output = Schema.Struct({
  source: NodeRef,
  target: NodeRef,
  source_resolution: Resolution,
  target_resolution: Resolution,
  edge_types: Schema.Array(Schema.String),
  max_hops: Schema.Number,
  /** Source to target, or null when the target is not reachable within `max_hops`. */
  path: Schema.NullOr(Schema.Array(Hop)),
  /** Only when `path` is null: target to source, or null when that way is closed too. */
  reverse_path: Schema.NullOr(Schema.Array(Hop)),
});
type Output = typeof Output.Type;

const toHop = (h: PathHop): typeof Hop.Type => ({ edge_type: h.kind, from: toNodeRef(h.from), to: toNodeRef(h.to), file: h.file, line: h.line });

const hopLines = (hops: ReadonlyArray<typeof Hop.Type>): string[] =>
  hops.map((h, i) => `  ${i + 1}. ${shortName(h.from)} -${h.edge_type}-> ${nodeText(h.to)}${h.line > 0 ? ` at ${placeText(h.file, h.line)}` : ""}`);

export const findPathTool = defineTool({
  name: "find_path",
  title: "How one symbol reaches another",
  description:
    "Shortest directed path from source to target in the code graph, each hop with edge type and file:line; when " +
    "none exists, says whether target reaches source. Everything around one symbol: get_dependencies. " +
    'Example: {"source": "handleRequest", "target": "Database.query"}',
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<Output> => {
    const parsed = input.edge_types === undefined ? [] : parseEdgeKinds(input.edge_types);
    const kinds = parsed.length === 0 ? PATH_EDGE_KINDS : parsed;
    const graph = await requireGraph(ctx);
    const source = await resolveArgument(ctx, graph, input.source);
    const target = await resolveArgument(ctx, graph, input.target);
    const options = { kinds, maxHops: MAX_HOPS };
    const path = await findPath(graph, source.node, target.node, options);
    const reverse = path === null ? await findPath(graph, target.node, source.node, options) : null;
    return {
      source: toNodeRef(source.node),
      target: toNodeRef(target.node),
      source_resolution: toResolution(source),
      target_resolution: toResolution(target),
      edge_types: kinds,
      max_hops: MAX_HOPS,
      path: path === null ? null : path.map(toHop),
      reverse_path: reverse === null ? null : reverse.map(toHop),
    };
  },
  render: (out) => {
    const lines = [...resolutionNote(out.source_resolution, out.source), ...resolutionNote(out.target_resolution, out.target)];
    const over = `over ${out.edge_types.join(", ")}`;
    if (out.path !== null && out.path.length === 0) {
      lines.push(`${nodeText(out.source)} is the target itself.`);
    } else if (out.path !== null) {
      lines.push(`${nodeText(out.source)} reaches ${nodeText(out.target)} in ${out.path.length} hop${out.path.length === 1 ? "" : "s"} ${over}:`);
      lines.push(...hopLines(out.path));
    } else {
      lines.push(`No path from ${nodeText(out.source)} to ${nodeText(out.target)} within ${out.max_hops} hops ${over}.`);
      if (out.reverse_path === null) lines.push(`Nor from ${shortName(out.target)} to ${shortName(out.source)}.`);
      else {
        lines.push(`The other way, ${shortName(out.target)} reaches ${shortName(out.source)} in ${out.reverse_path.length} hops:`);
        lines.push(...hopLines(out.reverse_path));
      }
    }
    return lines.join("\n");
  },
});
