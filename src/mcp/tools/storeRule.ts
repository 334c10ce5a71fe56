import * as Schema from "effect/Schema";
import { storeRule } from "../../commands/index.js";
import { APPENDS, defineTool } from "../tool.js";
import { text, textList } from "./fields.js";
import { callerMeta, linkRelated, runMemoryWrite } from "./memoryWrites.js";

export const storeRuleTool = defineTool({
  name: "store_rule",
  title: "Record a project rule",
  description:
    "Records a rule the project follows, scoped to a glob or the whole project and linked to the code it governs. Recording it again returns its id. Example: {\"rule\": \"All HTTP calls go through ApiClient\", \"scope\": \"src/api/**\", \"related_to\": [\"ApiClient\"]}",
  toolset: "core",
  input: Schema.Struct({
    rule: text("The rule, one or two sentences", 4_000),
    scope: Schema.optionalWith(Schema.String.pipe(Schema.maxLength(500)).annotations({ description: "A glob or area it applies to", default: "project" }), {
      default: () => "project",
    }),
    related_to: textList("Files or symbols it governs"),
  }),
  output: Schema.Struct({ id: Schema.String, stored: Schema.Boolean, linked: Schema.Array(Schema.String), unknown: Schema.Array(Schema.String) }),
  annotations: APPENDS,
  run: async (input, ctx) => {
    const { linked, unknown, hints } = await linkRelated(ctx, input.related_to);
    const scope = input.scope === "project" ? "" : input.scope;
    const outcome = await runMemoryWrite(
      ctx,
      storeRule({ content: input.rule, scope, relatedTo: [...linked, ...unknown], meta: callerMeta(ctx), maxChars: ctx.config.memory.max_rule_chars }),
    );
    await ctx.syncMemory();
    return { id: outcome.id, stored: outcome.stored, linked, unknown: hints };
  },
  render: (o) =>
    [
      o.stored ? `stored rule ${o.id}` : `already recorded as ${o.id}; nothing stored`,
      o.linked.length > 0 ? `linked to: ${o.linked.join(", ")}` : null,
      o.unknown.length > 0 ? `not in the code graph (kept as topics): ${o.unknown.join(", ")}` : null,
    ]
      .filter((l) => l !== null)
      .join("\n"),
});
