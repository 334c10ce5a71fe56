import type { Command } from "commander";
import { retireRule, storeRule } from "../../commands/index.js";
import { oneShotQueries } from "../../engine/index.js";
import { queryMemory } from "../../queries/index.js";
import { withProject } from "../context.js";
import { who } from "../eventSummary.js";
import { intOption } from "../intOption.js";
import { addMemory, cliMeta, memoryGroup, refuseExtraWords, runMemoryCommand } from "../memoryCli.js";
import { localTime } from "../timeText.js";
import { formatTable, oneLine, printJsonLines } from "../output.js";

export const registerRule = (program: Command): void => {
  const rule = memoryGroup(program, "rule", "project rules agents must follow: add, list, retire", ["add", "list", "retire"]);

  rule
    .command("add")
    .description("store a rule (when an active rule already says the same, reports its id and stores nothing)")
    .argument("<content>", "the rule, e.g. \"Never log access tokens\"")
    .option("--scope <scope>", "where it applies: a glob (src/api/**) or an area name", "*")
    .option("--related-to <ref...>", "file paths or symbol names the rule is about")
    .option("--json", "print {id, position} as JSON")
    .action(async (content: string, options: { scope: string; relatedTo?: string[]; json?: boolean }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        await addMemory(
          ctx,
          storeRule({
            content,
            scope: options.scope,
            relatedTo: options.relatedTo ?? [],
            meta: cliMeta(),
            maxChars: ctx.config.memory.max_rule_chars,
          }),
          { json: options.json, verb: "Stored" },
        );
      });
    });

  rule
    .command("list")
    .description("list active rules (--all adds retired ones), optionally ranked by a topic")
    .option("--topic <text>", "only rules about this, best match first")
    .option("--scope <path>", "only rules whose scope covers this path or area (plus project-wide ones)")
    .option("--all", "include retired rules")
    .option("--limit <n>", "at most n rules", intOption("--limit", 1))
    .option("--json", "one JSON object per line")
    .action(async (options: { topic?: string; scope?: string; all?: boolean; limit?: number; json?: boolean }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const reads = oneShotQueries(ctx);
        try {
          const { rules } = queryMemory(reads.catalog(), {
            kinds: ["rule"],
            topic: options.topic,
            scope: options.scope,
            includeInactive: options.all,
            limit: options.limit,
          });
          if (options.json) return printJsonLines(rules);
          if (rules.length === 0) {
            process.stdout.write(options.topic ? `No rules about "${options.topic}".\n` : "No rules yet: add one with nemesis rule add \"...\"\n");
            return;
          }
          const rows = rules.map((r) => [
            r.id,
            ...(options.all ? [r.status] : []),
            r.scope,
            localTime(r.recorded_at),
            who(r.source, r.actor),
            oneLine(r.content, 100),
          ]);
          process.stdout.write(`${formatTable(["id", ...(options.all ? ["status"] : []), "scope", "recorded", "by", "rule"], rows)}\n`);
        } finally {
          await reads.close();
        }
      });
    });

  rule
    .command("retire")
    .description("retire a rule that no longer holds (it stays in the log and in list --all)")
    .argument("<id>", "the rule's id, e.g. rule-3f9a2c1b")
    .option("--reason <text>", "why it no longer holds")
    .action(async (id: string, options: { reason?: string }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const stored = await runMemoryCommand(
          ctx,
          retireRule({ id, reason: options.reason, meta: cliMeta(), maxChars: ctx.config.memory.max_rule_chars }),
        );
        process.stdout.write(`Retired ${stored.id} (log #${stored.position})\n`);
      });
    });
  refuseExtraWords(rule);
};
