import * as Either from "effect/Either";
import { pinGraph } from "../../queries/perGraphState.js";
import * as Schema from "effect/Schema";
import { renderContext } from "../../queries/context/renderContext.js";
import { smartContext } from "../../queries/context/smartContext.js";
import { checkSearchQuery } from "../../queries/search/checkSearchQuery.js";
import { countTokens } from "../capText.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { int, text } from "./fields.js";

const why = { why: Schema.String };
const Code = Schema.Struct({
  file: Schema.String,
  symbol: Schema.NullOr(Schema.String),
  kind: Schema.String,
  start_line: Schema.Number,
  end_line: Schema.Number,
  snippet: Schema.String,
  ...why,
});
const Rule = Schema.Struct({ id: Schema.String, rule: Schema.String, scope: Schema.String, ...why });
const Decision = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  reasoning: Schema.String,
  alternatives: Schema.Array(Schema.Struct({ title: Schema.String, reason_rejected: Schema.String })),
  ...why,
});
const Convention = Schema.Struct({ id: Schema.String, pattern: Schema.String, example: Schema.String, scope: Schema.String, ...why });

export const getSmartContextTool = defineTool({
  name: "get_smart_context",
  title: "Context for a task, within a token budget",
  description:
    "Start a task here: the code to read or change, its callers, callees and tests, and the rules and decisions that apply, within max_tokens, each item saying why. Example: {\"task\": \"fix rounding in order totals\"}",
  toolset: "core",
  input: Schema.Struct({
    task: text("The task, in words or identifiers"),
    max_tokens: int("Token budget of the answer", 500, 32_000, 8_000),
  }),
  output: Schema.Struct({
    code_context: Schema.Array(Code),
    rules: Schema.Array(Rule),
    decisions: Schema.Array(Decision),
    conventions: Schema.Array(Convention),
    architecture: Schema.String,
    token_count: Schema.Number,
    note: Schema.String,
  }),
  annotations: READ_ONLY,
  run: async (input, ctx) => {
    const query = checkSearchQuery(input.task);
    if (Either.isLeft(query)) throw toolError(query.left.message);
    const chunks = await ctx.chunks();
    if (!chunks) throw toolError("nothing is indexed yet: call index_project first");
    await ctx.syncMemory();
    // The registry appends a freshness line to either form: its tokens come out of the budget.
    const freshness = await ctx.freshness();
    const reserve = freshness ? Math.max(countTokens(`\n\n(${freshness})`), countTokens(`,"freshness":${JSON.stringify(freshness)}`)) + 2 : 0;
    const graph = await ctx.graph();
    return smartContext(chunks, graph === null ? null : pinGraph(graph), ctx.embedder(), ctx.catalog(), {
      task: input.task,
      maxTokens: input.max_tokens,
      count: countTokens,
      reserve,
    });
  },
  render: (output, input) => renderContext(output, input.task),
});
