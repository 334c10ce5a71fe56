import * as Schema from "effect/Schema";
import { recordDecision, type AlternativeInput } from "../../commands/index.js";
import { APPENDS, defineTool, toolError } from "../tool.js";
import { text, textList } from "./fields.js";
import { callerMeta, linkRelated, runMemoryWrite } from "./memoryWrites.js";

/** "Postgres: needs a server" → the option and why it lost; the colon is required. */
const alternative = (value: string): AlternativeInput => {
  const i = value.indexOf(":");
  if (i <= 0 || value.slice(i + 1).trim() === "") {
    throw toolError(`alternative "${value.slice(0, 80)}" needs the form "option: why it was rejected", e.g. "Postgres: needs a server"`);
  }
  return { title: value.slice(0, i).trim(), reasonRejected: value.slice(i + 1).trim() };
};

export const storeDecisionTool = defineTool({
  name: "store_decision",
  title: "Record an architecture decision",
  description:
    "Records an architecture decision, its reasoning and the alternatives it beat, linked to the code it concerns, so later sessions do not reopen it. Recording it again returns its id. Example: {\"title\": \"SQLite for the event log\", \"alternatives\": [\"Postgres: needs a server\"]}",
  toolset: "core",
  input: Schema.Struct({
    title: text("The decision, in a few words", 300),
    reasoning: text("Why it was made", 4_000),
    alternatives: textList("Options rejected, each \"option: why rejected\"", 20, 1_000),
    related_to: textList("Files or symbols it concerns"),
  }),
  output: Schema.Struct({ id: Schema.String, stored: Schema.Boolean, linked: Schema.Array(Schema.String), unknown: Schema.Array(Schema.String) }),
  annotations: APPENDS,
  run: async (input, ctx) => {
    const alternatives = input.alternatives.map(alternative);
    const { linked, unknown, hints } = await linkRelated(ctx, input.related_to);
    const outcome = await runMemoryWrite(
      ctx,
      recordDecision({ title: input.title, reasoning: input.reasoning, alternatives, relatedTo: [...linked, ...unknown], meta: callerMeta(ctx) }),
    );
    await ctx.syncMemory();
    return { id: outcome.id, stored: outcome.stored, linked, unknown: hints };
  },
  render: (o) =>
    [
      o.stored ? `recorded decision ${o.id}` : `already recorded as ${o.id}; nothing stored`,
      o.linked.length > 0 ? `linked to: ${o.linked.join(", ")}` : null,
      o.unknown.length > 0 ? `not in the code graph (kept as topics): ${o.unknown.join(", ")}` : null,
    ]
      .filter((l) => l !== null)
      .join("\n"),
});
