import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { renderContext, loadContextGraph, smartContext, stageTimes, checkSearchQuery } from "../../queries/index.js";
import { countTokens } from "../exactTokens.js";
import { defineTool, READ_ONLY, toolError } from "../tool.js";
import { notIndexedMessage } from "../../engine/index.js";
import { architectureSketch } from "./getArchitecture.js";
import { int, TASK_TEXT_MAX, text } from "./fields.js";

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
/** Lines of the architecture sketch offered (fewer are shown when they do not fit a tenth of the budget). */
const SKETCH_LINES = 5;

/** Tokens the freshness line adds to the larger of the two forms, as the registry appends it. */
const freshnessCost = (line: string | null): number =>
  line === null ? 0 : Math.max(countTokens(`\n\n(${line})`), countTokens(`,"freshness":${JSON.stringify(line)}`)) + 2;

const Convention = Schema.Struct({ id: Schema.String, pattern: Schema.String, example: Schema.String, scope: Schema.String, ...why });

export const getSmartContextTool = defineTool({
  name: "get_smart_context",
  title: "Context for a task, within a token budget",
  description:
    "Start a task here: the code to read or change, its callers, callees and tests, and the rules and decisions that apply, within max_tokens, each item saying why. Example: {\"task\": \"fix rounding in order totals\"}",
  toolset: "core",
  input: Schema.Struct({
    task: text("The task, in words or identifiers", TASK_TEXT_MAX),
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
    const times = stageTimes("get_smart_context");
    const chunks = await ctx.chunks();
    if (!chunks) throw toolError(notIndexedMessage(await ctx.indexState()));
    await ctx.syncMemory();
    times.mark("sync memory");
    // Read once per graph change and kept (warmed in the background by the serving engine).
    const graph = await ctx.graphSnapshot(loadContextGraph);
    const links = await ctx.fileLinks();
    const architecture = graph ? await architectureSketch(ctx, SKETCH_LINES) : "";
    times.mark("snapshots");
    // The registry appends the freshness line to either form (the same line: it is read once
    // per call), so its tokens come out of the budget.
    const reserve = freshnessCost(await ctx.freshness());
    times.mark("freshness");
    const history = await ctx.history();
    times.mark("history");
    return smartContext(chunks, graph, links, ctx.embedder(), ctx.catalog(), {
      task: input.task,
      maxTokens: input.max_tokens,
      count: countTokens,
      reserve,
      times,
      architecture,
      history,
    });
  },
  warm: async (ctx) => {
    const graph = await ctx.graphSnapshot(loadContextGraph);
    await ctx.fileLinks();
    if (graph) await architectureSketch(ctx, SKETCH_LINES);
    // The tokenizer's tables take a second to build.
    countTokens("warm");
    // The search's vector matrix, which a serving process loads on its fourth search anyway:
    // loaded here, that search does not take a second longer than the rest.
    await (await ctx.chunks())?.vectors();
  },
  render: (output, input) => renderContext(output, input.task),
  served: (output, input) => ({
    task: input.task,
    files: output.code_context.map((c) => c.file),
    symbols: output.code_context.flatMap((c) => (c.symbol === null ? [] : [c.symbol])),
    rules: output.rules.map((r) => r.id),
    tokens: output.token_count,
  }),
});
