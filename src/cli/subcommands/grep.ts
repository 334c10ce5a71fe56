import type { Command } from "commander";
import { realpathSync } from "node:fs";
import * as Either from "effect/Either";
import { oneShotQueries } from "../../engine/index.js";
import { pathScope, closeGrepWorkers, compilePattern, grepCode, type GrepError, type GrepMatch } from "../../queries/index.js";
import { withProject } from "../context.js";
import { CliError, usageError } from "../errors.js";
import { intOption } from "../intOption.js";
import { printJsonLines } from "../output.js";
import { noChunksMessage } from "./ensureChunksCurrent.js";

interface GrepFlags {
  json?: boolean;
  path?: string;
  pageSize: number;
  offset: number;
  context: number;
  ignoreCase?: boolean;
  fixedStrings?: boolean;
  maxTokens: number;
}

const failure = (e: GrepError): CliError => new CliError(e.message, e.isInputError ? 2 : 1);

/** grep -C's layout: `file-line-context`, `file:line:match`, `--` between blocks that do not touch. */
const textLines = (matches: ReadonlyArray<GrepMatch>, context: number): string[] => {
  const out: string[] = [];
  matches.forEach((m, i) => {
    if (i > 0 && context > 0 && m.block !== matches[i - 1]!.block) out.push("--");
    m.before.forEach((l, j) => out.push(`${m.file}-${m.line - m.before.length + j}-${l}`));
    out.push(`${m.file}:${m.line}:${m.text}`);
    m.after.forEach((l, j) => out.push(`${m.file}-${m.line + 1 + j}-${l}`));
  });
  return out;
};

export const registerGrep = (program: Command): void => {
  program
    .command("grep")
    .description("regular-expression search over the indexed file contents (stops a runaway pattern after 2 s)")
    .argument("<regex>", "a JavaScript regular expression (literal text with -F), matched line by line")
    .option("--json", "one JSON object per line: file, line, text, before, after, block (matches of one block show contiguous lines; context is shown once)")
    .option("--path <path>", "only this file, folder or glob (e.g. src/api or 'src/**/*.ts')")
    .option("--page-size <n>", "matches per page", intOption("--page-size", 1), 50)
    .option("--offset <n>", "skip this many matches (the next page's offset is printed)", intOption("--offset"), 0)
    .option("--context <n>", "lines of context either side", intOption("--context"), 2)
    .option("-i, --ignore-case", "match case-insensitively")
    .option("-F, --fixed-strings", "match the pattern as literal text, not as a regular expression")
    .option("--max-tokens <n>", "cap the answer at about this many tokens", intOption("--max-tokens"), 8000)
    .action(async (pattern: string, options: GrepFlags, cmd: Command) => {
      const { pageSize, offset, context, maxTokens: maxResponseTokens } = options;
      const patternOptions = { fixedStrings: options.fixedStrings, ignoreCase: options.ignoreCase };
      const checked = compilePattern(pattern, patternOptions);
      if (Either.isLeft(checked)) throw failure(checked.left);
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const reads = oneShotQueries(ctx);
        try {
          const reader = await reads.chunks();
          if (!reader) throw new CliError(noChunksMessage(ctx.paths));
          const scope = pathScope(realpathSync(ctx.paths.root), options.path, () => reader.paths().values(), "--path");
          if (Either.isLeft(scope)) throw usageError(scope.left);
          const result = await grepCode(reader, {
            pattern,
            scope: scope.right,
            pageSize,
            offset,
            context,
            maxResponseTokens,
            ...patternOptions,
          });
          if (Either.isLeft(result)) throw failure(result.left);
          const a = result.right;
          if (options.json) {
            printJsonLines(a.matches);
            return;
          }
          const out = textLines(a.matches, context);
          if (a.matches.length === 0) out.push(`no lines match ${options.fixedStrings ? JSON.stringify(pattern) : `/${pattern}/`} in ${a.filesSearched} files`);
          if (a.nextOffset !== null) out.push(`more matches: --offset ${a.nextOffset}${a.truncated ? " (page cut at --max-tokens)" : ""}`);
          process.stdout.write(`${out.join("\n")}\n`);
        } finally {
          await reads.close();
          await closeGrepWorkers();
        }
      });
    });
};
