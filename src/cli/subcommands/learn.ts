import type { Command } from "commander";
import { basename } from "node:path";
import { eventStoreOf, findInstructions, isTaggedError, learnInstructions, type Instruction } from "../../commands/index.js";
import { readTranscript } from "../../sources/index.js";
import { withProject } from "../context.js";
import { CliError } from "../errors.js";
import { cliMeta, refreshCatalog } from "../memoryCli.js";
import { printJsonLines } from "../output.js";

export const registerLearn = (program: Command): void => {
  program
    .command("learn")
    .description(
      "read a Claude Code session transcript (.jsonl) and store the durable instructions the user gave (\"always…\", \"we decided…\", \"Convention: …\", \"ab jetzt immer…\") as rules, decisions and conventions, source auto-learn",
    )
    .argument("<transcript>", "the session's .jsonl file, from ~/.claude/projects/<project>/")
    .option("--dry-run", "only list what would be stored")
    .option("--json", "one JSON object per instruction")
    .action(async (transcript: string, options: { dryRun?: boolean; json?: boolean }, cmd: Command) => {
      const read = readTranscript(transcript);
      if (!read.ok) throw new CliError(read.reason);
      // Each instruction with the session it was said in (a transcript file is one session, named by its file).
      const found: Array<{ instruction: Instruction; session: string }> = [];
      for (const turn of read.turns) {
        for (const instruction of findInstructions(turn.text)) found.push({ instruction, session: turn.sessionId ?? basename(transcript, ".jsonl") });
      }
      if (options.dryRun) {
        if (options.json) return printJsonLines(found.map((f) => ({ kind: f.instruction.kind, text: f.instruction.text, sentence: f.instruction.sentence, session: f.session })));
        process.stdout.write(found.length === 0 ? `no durable instructions in ${read.turns.length} user turns\n` : `${found.map((f) => `${f.instruction.kind.padEnd(10)} ${f.instruction.text}`).join("\n")}\n`);
        return;
      }
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const rows: Array<{ kind: string; text: string; outcome: string; id: string | null }> = [];
        for (const session of new Set(found.map((f) => f.session))) {
          const instructions = found.filter((f) => f.session === session).map((f) => f.instruction);
          const command = learnInstructions({ instructions, meta: { ...cliMeta(), source: "auto-learn", session }, maxChars: ctx.config.memory.max_rule_chars });
          const result = command(eventStoreOf(ctx.log));
          if (isTaggedError(result)) throw new CliError(result.message);
          for (const { instruction, outcome } of result) {
            rows.push({
              kind: instruction.kind,
              text: instruction.text,
              outcome: outcome.kind,
              id: outcome.kind === "stored" ? outcome.stored.id : outcome.kind === "known" ? outcome.id : null,
            });
          }
        }
        if (rows.some((r) => r.outcome === "stored")) await refreshCatalog(ctx);
        if (options.json) return printJsonLines(rows);
        const stored = rows.filter((r) => r.outcome === "stored").length;
        const lines = rows.map((r) => `${r.outcome === "stored" ? `stored ${r.id}` : r.outcome === "known" ? `known as ${r.id}` : "not stored"}  ${r.kind}: ${r.text}`);
        process.stdout.write(`${[...lines, `${stored} stored, ${rows.length - stored} already known or refused, from ${read.turns.length} user turns`].join("\n")}\n`);
      });
    });
};
