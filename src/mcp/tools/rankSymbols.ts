import * as Schema from "effect/Schema";
import { describeScope, rankedSymbols, symbolRanks, symbolRanksWithTests } from "../../queries/index.js";
import { defineTool, READ_ONLY } from "../tool.js";
import { place, requireGraph, requireGraphSnapshot, scopeArgument } from "./graphArguments.js";

const Input = Schema.Struct({
  scope: Schema.optional(
    Schema.String.pipe(Schema.maxLength(1000)).annotations({ description: "Folder, file or glob; default all" }),
  ),
  algorithm: Schema.optionalWith(
    Schema.Literal("pagerank", "degree").annotations({ description: "Ranking", default: "pagerank" }),
    { default: () => "pagerank" as const },
  ),
  limit: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(1, 100)).annotations({ description: "Symbols listed", default: 20 }), {
    default: () => 20,
  }),
  include_tests: Schema.optionalWith(Schema.Boolean.annotations({ description: "Count calls from tests", default: false }), { default: () => false }),
});

const Output = Schema.Struct({
  algorithm: Schema.Literal("pagerank", "degree"),
  scope: Schema.String,
  symbols: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      kind: Schema.String,
      file: Schema.NullOr(Schema.String),
      line: Schema.Number,
      score: Schema.Number,
      in: Schema.Number,
      out: Schema.Number,
    }),
  ),
  candidates: Schema.Number,
  graphNodes: Schema.Number,
  graphEdges: Schema.Number,
  /** Whether the tests' links were counted. */
  include_tests: Schema.Boolean,
  converged: Schema.Boolean,
});
type Output = typeof Output.Type;

export const rankSymbolsTool = defineTool({
  name: "rank_symbols",
  title: "Most central symbols",
  description:
    "The most central functions, classes and methods: PageRank or degree (links in + out), ranked project-wide then filtered to the scope; tests excluded. Where to start reading unfamiliar code. Example: {\"scope\": \"src/billing\", \"limit\": 10}",
  toolset: "core",
  input: Input,
  output: Output,
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const scope = await scopeArgument(ctx, await requireGraph(ctx), input.scope, "rank_symbols");
    // Ranked once per graph change: the whole graph is loaded and ranked whatever the scope.
    const ranks = await requireGraphSnapshot(ctx, input.include_tests ? symbolRanksWithTests : symbolRanks);
    const answer = rankedSymbols(ranks, input.algorithm, scope, input.limit);
    return {
      algorithm: answer.algorithm,
      scope: describeScope(scope),
      symbols: answer.ranked.map((s) => ({ name: s.name, kind: s.kind, file: s.file, line: s.line, score: s.score, in: s.in, out: s.out })),
      candidates: answer.candidates,
      graphNodes: answer.graphNodes,
      graphEdges: answer.graphEdges,
      include_tests: answer.includeTests,
      converged: answer.converged,
    } satisfies Output;
  },
  render: (output) => {
    if (output.symbols.length === 0) return `no symbols in ${output.scope} (run index_project if the project is not indexed)`;
    const pagerank = output.algorithm === "pagerank";
    // PageRank shown against the average node (1.0), which reads better than a share of the whole.
    const score = (s: number) => (pagerank ? `${(s * output.graphNodes).toFixed(2)}× avg` : `degree ${s}`);
    const lines = [
      `top ${output.symbols.length} of ${output.candidates} symbols in ${output.scope} by ${output.algorithm} (calls, inheritance, implementations, signature types; ${output.graphNodes} nodes, ${output.graphEdges} links${output.include_tests ? ", tests' links counted" : ""})${pagerank && !output.converged ? "; PageRank did not converge" : ""}:`,
      ...output.symbols.map((s, i) => `${i + 1}. ${place(s.file, s.line)} ${s.name} [${s.kind}] ${score(s.score)}, in ${s.in} out ${s.out}`),
    ];
    return lines.join("\n");
  },
});
