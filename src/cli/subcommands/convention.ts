import type { Command } from "commander";
import { storeConvention } from "../../commands/index.js";
import { oneShotQueries } from "../../engine/index.js";
import { queryMemory } from "../../queries/index.js";
import { withProject } from "../context.js";
import { who } from "../eventSummary.js";
import { intOption } from "../intOption.js";
import { addMemory, argumentOrOption, cliMeta, memoryGroup, refuseExtraWords } from "../memoryCli.js";
import { localTime } from "../timeText.js";
import { formatTable, oneLine, printJsonLines } from "../output.js";

const PATTERN = {
  command: "convention add",
  name: "pattern",
  option: "--pattern",
  example: 'nemesis convention add "<the habit in words>" --example "<code or a path that shows it>"',
} as const;

export const registerConvention = (program: Command): void => {
  const convention = memoryGroup(program, "convention", "coding conventions with an example: add, list", ["add", "list"]);

  convention
    .command("add")
    .description("store a convention (when one with the same pattern exists, reports its id and stores nothing)")
    // The pattern is the convention's text, as a rule's content and a decision's title are; optional
    // for commander only, so that --pattern can stand in for it.
    .argument("[pattern]", "the habit in words, e.g. \"services are classes named <Thing>Service\"")
    .usage("<pattern> --example <text> [options]")
    .option("--pattern <text>", "the pattern, for scripts that pass it as an option")
    .requiredOption("--example <text>", "code or a path that shows it")
    .option("--scope <scope>", "where it applies: a glob or an area name", "*")
    .option("--json", "print {id, position} as JSON")
    .action(async (argument: string | undefined, options: { pattern?: string; example: string; scope: string; json?: boolean }, cmd: Command) => {
      const pattern = argumentOrOption(PATTERN, argument, options.pattern);
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        await addMemory(
          ctx,
          storeConvention({
            pattern,
            example: options.example,
            scope: options.scope,
            meta: cliMeta(),
            maxChars: ctx.config.memory.max_rule_chars,
          }),
          { json: options.json, verb: "Stored" },
        );
      });
    });

  convention
    .command("list")
    .description("list conventions, optionally ranked by a topic")
    .option("--topic <text>", "only conventions about this, best match first")
    .option("--scope <path>", "only conventions whose scope covers this path or area (plus project-wide ones)")
    .option("--limit <n>", "at most n conventions", intOption("--limit", 1))
    .option("--json", "one JSON object per line")
    .action(async (options: { topic?: string; scope?: string; limit?: number; json?: boolean }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const reads = oneShotQueries(ctx);
        try {
          const { conventions } = queryMemory(reads.catalog(), { kinds: ["convention"], topic: options.topic, scope: options.scope, limit: options.limit });
          if (options.json) return printJsonLines(conventions);
          if (conventions.length === 0) {
            process.stdout.write(
              options.topic ? `No conventions about "${options.topic}".\n` : "No conventions yet: nemesis convention add \"<the habit>\" --example ...\n",
            );
            return;
          }
          const rows = conventions.map((c) => [c.id, c.scope, localTime(c.recorded_at), who(c.source, c.actor), `${oneLine(c.pattern, 70)} — e.g. ${oneLine(c.example, 50)}`]);
          process.stdout.write(`${formatTable(["id", "scope", "recorded", "by", "convention"], rows)}\n`);
        } finally {
          await reads.close();
        }
      });
    });
  refuseExtraWords(convention);
};
