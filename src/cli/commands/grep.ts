import type { Command } from "commander";
import * as Either from "effect/Either";
import { closeGrepWorkers, grepCode } from "../../queries/grep/grepCode.js";
import { withProject } from "../context.js";
import { CliError } from "../errors.js";
import { intOption } from "../intOption.js";
import { printJsonLines } from "../output.js";
import { openCurrentChunks } from "./ensureChunksCurrent.js";

interface GrepFlags {
  json?: boolean;
  path?: string;
  pageSize: number;
  offset: number;
  context: number;
  ignoreCase?: boolean;
  maxTokens: number;
}

export const registerGrep = (program: Command): void => {
  program
    .command("grep")
    .description("regular-expression search over the indexed file contents (stops a runaway pattern after 2 s)")
    .argument("<regex>", "a JavaScript regular expression, matched line by line")
    .option("--json", "one JSON object per line: file, line, text, before, after")
    .option("--path <glob>", "only files matching this glob")
    .option("--page-size <n>", "matches per page", intOption("--page-size", 1), 50)
    .option("--offset <n>", "skip this many matches (the next page's offset is printed)", intOption("--offset"), 0)
    .option("--context <n>", "lines of context either side", intOption("--context"), 2)
    .option("-i, --ignore-case", "match case-insensitively")
    .option("--max-tokens <n>", "cap the answer at about this many tokens", intOption("--max-tokens"), 8000)
    .action(async (pattern: string, options: GrepFlags, cmd: Command) => {
      const { pageSize, offset, context, maxTokens: maxResponseTokens } = options;
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const reader = await openCurrentChunks(ctx);
        if (!reader) throw new CliError("nothing is indexed yet: run `nemesis index` first");
        try {
          const result = await grepCode(reader, {
            pattern,
            path: options.path,
            pageSize,
            offset,
            context,
            maxResponseTokens,
            ignoreCase: options.ignoreCase,
          });
          if (Either.isLeft(result)) throw new CliError(result.left.message, result.left.reason === "timeout" ? 1 : 2);
          const a = result.right;
          if (options.json) {
            printJsonLines(a.matches);
            return;
          }
          const out: string[] = [];
          for (const m of a.matches) {
            m.before.forEach((l, i) => out.push(`${m.file}-${m.line - m.before.length + i}-${l}`));
            out.push(`${m.file}:${m.line}:${m.text}`);
            m.after.forEach((l, i) => out.push(`${m.file}-${m.line + 1 + i}-${l}`));
            if (context > 0) out.push("--");
          }
          if (a.matches.length === 0) out.push(`no lines match /${pattern}/ in ${a.filesSearched} files`);
          if (a.nextOffset !== null) out.push(`more matches: --offset ${a.nextOffset}${a.truncated ? " (page cut at --max-tokens)" : ""}`);
          process.stdout.write(`${out.join("\n")}\n`);
        } finally {
          reader.close();
          await closeGrepWorkers();
        }
      });
    });
};
