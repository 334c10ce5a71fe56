import type { Command } from "commander";
import { recordDecision, supersedeDecision, type AlternativeInput } from "../../commands/index.js";
import { oneShotQueries } from "../../engine/index.js";
import { queryMemory } from "../../queries/index.js";
import { withProject } from "../context.js";
import { who } from "../eventSummary.js";
import { intOption } from "../intOption.js";
import { usageError } from "../errors.js";
import { addMemory, argumentOrOption, cliMeta, memoryGroup, refuseExtraWords, runMemoryCommand } from "../memoryCli.js";
import { localTime } from "../timeText.js";
import { formatTable, oneLine, printJsonLines } from "../output.js";

/** `--alternative "Postgres: needs a server"`: the first colon separates the option from why it lost. */
const alternative = (value: string, previous: AlternativeInput[] = []): AlternativeInput[] => {
  const i = value.indexOf(":");
  if (i <= 0 || value.slice(i + 1).trim() === "") {
    throw usageError(`--alternative "${value}" needs the form "title: reason rejected", e.g. "Postgres: needs a server"`);
  }
  return [...previous, { title: value.slice(0, i).trim(), reasonRejected: value.slice(i + 1).trim() }];
};

const TITLE = { command: "decision add", name: "title", option: "--title", example: 'nemesis decision add "<what was decided>" --reasoning "<why>"' } as const;

export const registerDecision = (program: Command): void => {
  const decision = memoryGroup(program, "decision", "architecture decisions with the alternatives they beat: add, list, supersede", ["add", "list", "supersede"]);

  decision
    .command("add")
    .description("record a decision (when one with the same title and reasoning is in force, reports its id and records nothing)")
    // Optional for commander only, so that --title can stand in for it; the usage line says it is needed.
    .argument("[title]", "what was decided, e.g. \"SQLite for the event log\"")
    .usage("<title> --reasoning <text> [options]")
    .option("--title <text>", "the title, for scripts that pass it as an option")
    .requiredOption("--reasoning <text>", "why")
    .option("--alternative <title: reason>", "an option considered and why it was rejected (repeatable)", alternative)
    .option("--related-to <ref...>", "file paths or symbol names the decision governs")
    .option("--json", "print {id, position} as JSON")
    .action(
      async (
        argument: string | undefined,
        options: { title?: string; reasoning: string; alternative?: AlternativeInput[]; relatedTo?: string[]; json?: boolean },
        cmd: Command,
      ) => {
        const title = argumentOrOption(TITLE, argument, options.title);
        await withProject(cmd.optsWithGlobals(), async (ctx) => {
          await addMemory(
            ctx,
            recordDecision({
              title,
              reasoning: options.reasoning,
              alternatives: options.alternative ?? [],
              relatedTo: options.relatedTo ?? [],
              meta: cliMeta(),
              maxChars: ctx.config.memory.max_rule_chars,
            }),
            { json: options.json, verb: "Recorded" },
          );
        });
      },
    );

  decision
    .command("list")
    .description("list decisions in force (--all adds superseded ones), optionally ranked by a topic")
    .option("--topic <text>", "only decisions about this, best match first")
    .option("--all", "include superseded decisions")
    .option("--limit <n>", "at most n decisions", intOption("--limit", 1))
    .option("--json", "one JSON object per line")
    .action(async (options: { topic?: string; all?: boolean; limit?: number; json?: boolean }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const reads = oneShotQueries(ctx);
        try {
          const { decisions } = queryMemory(reads.catalog(), { kinds: ["decision"], topic: options.topic, includeInactive: options.all, limit: options.limit });
          if (options.json) return printJsonLines(decisions);
          if (decisions.length === 0) {
            process.stdout.write(
              options.topic ? `No decisions about "${options.topic}".\n` : "No decisions yet: nemesis decision add \"<title>\" --reasoning ...\n",
            );
            return;
          }
          const rows = decisions.map((d) => [
            d.id,
            d.superseded_by ? `superseded by ${d.superseded_by}` : d.status,
            localTime(d.recorded_at),
            who(d.source, d.actor),
            oneLine(`${d.title} — ${d.reasoning}${d.alternatives.length ? ` (rejected: ${d.alternatives.map((a) => a.title).join(", ")})` : ""}`, 110),
          ]);
          process.stdout.write(`${formatTable(["id", "status", "recorded", "by", "decision"], rows)}\n`);
        } finally {
          await reads.close();
        }
      });
    });

  decision
    .command("supersede")
    .description("mark a decision as replaced by another recorded decision")
    .argument("<id>", "the decision that no longer holds")
    .usage("<id> --by <id> [options]")
    .requiredOption("--by <id>", "the decision that replaces it (record it first)")
    .option("--reason <text>", "why it changed")
    .action(async (id: string, options: { by: string; reason?: string }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const stored = await runMemoryCommand(
          ctx,
          supersedeDecision({ id, by: options.by, reason: options.reason, meta: cliMeta(), maxChars: ctx.config.memory.max_rule_chars }),
        );
        process.stdout.write(`Superseded ${stored.id} by ${options.by} (log #${stored.position})\n`);
      });
    });
  refuseExtraWords(decision);
};
