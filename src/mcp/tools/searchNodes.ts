import { requireGraph } from "./graphArguments.js";
import * as Schema from "effect/Schema";
import { MATCH_KINDS, searchNodes } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";

import { NodeRef, placeText, toNodeRef } from "./graphText.js";

/** Kinds a node can have: the parser's symbol kinds, plus files and external modules. */
export const NODE_KINDS = ["Class", "Interface", "Function", "Method", "Variable", "Type", "Enum", "Test", "Namespace", "File", "External"] as const;

const Input = Schema.Struct({
  query: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(300)).annotations({
    description: "Name to look for: exact, qualified tail, any case/separators, or a near miss",
  }),
  kind: Schema.optional(
    Schema.String.pipe(Schema.maxLength(20)).annotations({ description: `Only this kind: ${NODE_KINDS.join(", ")}` }),
  ),
  limit: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 100)).annotations({ description: "Most results", default: 20 }), {
    default: () => 20,
  }),
});

const Hit = Schema.Struct({
  ...NodeRef.fields,
  match: Schema.Literal(...MATCH_KINDS),
  signature: Schema.NullOr(Schema.String),
});

const Output = Schema.Struct({
  query: Schema.String,
  total: Schema.Number,
  hits: Schema.Array(Hit),
});
type Output = typeof Output.Type;

export const searchNodesTool = defineTool({
  name: "search_nodes",
  title: "Find graph nodes by name",
  description:
    "Find symbols and files by name, ranked, with kind, file:line and signature: the exact names the graph tools take. By meaning: get_code_semantics. Example: {\"query\": \"parse_config\", \"kind\": \"Function\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx): Promise<Output> => {
    let kinds: string[] | undefined;
    if (input.kind !== undefined && input.kind.trim() !== "") {
      const kind = NODE_KINDS.find((k) => k.toLowerCase() === input.kind!.trim().toLowerCase());
      if (kind === undefined) throw toolError(`Unknown kind "${input.kind}". Kinds: ${NODE_KINDS.join(", ")}.`);
      kinds = [kind];
    }
    const graph = await requireGraph(ctx);
    const found = await searchNodes(graph, input.query, { kinds, limit: input.limit });
    return {
      query: found.query,
      total: found.total,
      hits: found.hits.map((h) => ({
        ...toNodeRef(h.node),
        match: h.match,
        signature: h.node.kind === "File" || h.node.kind === "External" ? null : h.node.signature,
      })),
    };
  },
  render: (out) => {
    if (out.hits.length === 0) return `No graph node matches "${out.query}". Try a shorter part of the name, or search for code by meaning.`;
    const lines = [`${out.hits.length === out.total ? out.total : `${out.hits.length} of ${out.total}`} nodes matching "${out.query}":`];
    for (const h of out.hits) {
      const name = h.kind === "File" ? h.qualified_name : h.kind === "External" ? h.id : h.qualified_name;
      const place = h.kind === "File" || h.kind === "External" ? "" : `  ${placeText(h.file, h.line)}${h.end_line > h.line ? `-${h.end_line}` : ""}`;
      const signature = h.signature === null || h.signature === "" ? "" : `  ${oneLine(h.signature)}`;
      lines.push(`  ${h.kind} ${name}${place}${signature}  [${h.match}]`);
    }
    return lines.join("\n");
  },
});

const oneLine = (s: string): string => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}…` : flat;
};
