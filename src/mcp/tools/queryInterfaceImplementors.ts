import * as Schema from "effect/Schema";
import { implementorsIn, loadHeritage } from "../../queries/index.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { unseenAdvice } from "../../engine/index.js";
import { candidateLines, place, requireGraphSnapshot } from "./graphArguments.js";

const MAX_INTERFACES = 20;
const MAX_IMPLEMENTORS = 50;

const Input = Schema.Struct({
  name_pattern: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)).annotations({
    description: "Name or glob (* ? [abc])",
  }),
});

const Ref = Schema.Struct({ name: Schema.String, kind: Schema.String, file: Schema.NullOr(Schema.String), line: Schema.Number });

const Output = Schema.Struct({
  matched: Schema.Number,
  interfaces: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      kind: Schema.String,
      file: Schema.NullOr(Schema.String),
      line: Schema.Number,
      endLine: Schema.Number,
      signature: Schema.NullOr(Schema.String),
      doc: Schema.NullOr(Schema.String),
      methods: Schema.Array(Schema.String),
      extendedBy: Schema.Array(Schema.Struct({ ...Ref.fields, via: Schema.NullOr(Schema.String) })),
      implementors: Schema.Array(
        Schema.Struct({ ...Ref.fields, how: Schema.Literal("declared", "structural", "inherited"), via: Schema.NullOr(Schema.String) }),
      ),
      implementorsCapped: Schema.Boolean,
    }),
  ),
});
type Output = typeof Output.Type;

const HOW = { declared: "declared", structural: "structural (method set; named nowhere in the source)", inherited: "inherited" } as const;

export const queryInterfaceImplementorsTool = defineTool({
  name: "query_interface_implementors",
  title: "Interface implementors",
  description:
    "Interfaces matching a name or glob with their methods, sub-interfaces and implementing types: declared, structural (Go method sets, Python Protocols), via a sub-interface or inherited. Example: {\"name_pattern\": \"*Repository\"}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    // Every interface and heritage edge, read once per graph change: a pattern only picks among them.
    const heritage = await requireGraphSnapshot(ctx, loadHeritage);
    const answer = implementorsIn(heritage, input.name_pattern, { maxInterfaces: MAX_INTERFACES, maxImplementors: MAX_IMPLEMENTORS });
    if (answer._tag === "NoInterface") {
      throw toolError(
        answer.candidates.length === 0
          ? `no interface matches "${input.name_pattern}" and the graph holds none (${unseenAdvice(await ctx.indexState(), "run index_project if the project is not indexed")})`
          : `no interface matches "${input.name_pattern}" (globs: * ? [abc]). Closest interfaces:\n${candidateLines(answer.candidates)}`,
      );
    }
    const ref = (n: { name: string; kind: string; file: string | null; line: number }) => ({ name: n.name, kind: n.kind, file: n.file, line: n.line });
    return {
      matched: answer.matched,
      interfaces: answer.interfaces.map((i) => ({
        ...ref(i),
        endLine: i.endLine,
        signature: i.signature,
        doc: i.doc,
        methods: [...i.methods],
        extendedBy: i.extendedBy.map((e) => ({ ...ref(e), via: e.via })),
        implementors: i.implementors.map((m) => ({ ...ref(m), how: m.how, via: m.via })),
        implementorsCapped: i.implementorsCapped,
      })),
    } satisfies Output;
  },
  render: (output) => {
    const lines: string[] = [];
    for (const i of output.interfaces) {
      const about = [i.signature, i.doc].filter((t) => t !== null).join(" — ");
      lines.push(`${i.name} [${i.kind}] ${place(i.file, i.line)}${about === "" ? "" : `: ${about}`}`);
      if (i.methods.length > 0) lines.push(`  methods: ${i.methods.join(", ")}`);
      for (const e of i.extendedBy) lines.push(`  extended by ${e.name} [${e.kind}] ${place(e.file, e.line)}${e.via === null ? "" : ` (via ${e.via})`}`);
      if (i.implementors.length === 0) lines.push("  no implementors in the graph");
      for (const m of i.implementors) {
        const via = m.via === null ? "" : m.how === "inherited" ? ` from ${m.via}` : ` via ${m.via}`;
        lines.push(`  ${m.name} [${m.kind}] ${place(m.file, m.line)} ${HOW[m.how]}${via}`);
      }
      if (i.implementorsCapped) lines.push(`  (first ${MAX_IMPLEMENTORS} implementors only)`);
    }
    if (output.matched > output.interfaces.length) lines.push(`${output.matched} interfaces match; first ${output.interfaces.length} listed: narrow the pattern`);
    return lines.join("\n");
  },
});
