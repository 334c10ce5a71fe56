import type { Command } from "commander";
import * as Either from "effect/Either";
import { closeGrepWorkers, compilePattern } from "../../queries/index.js";
import { askTool, checkToolArguments, flagLabel } from "../askTool.js";
import { withProject } from "../context.js";
import { CliError } from "../errors.js";
import { intOption } from "../intOption.js";
import { printJsonLines } from "../output.js";
import { importSearchRegex } from "../../mcp/lazy.js";

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

interface ShownMatch {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly before: ReadonlyArray<string>;
  readonly after: ReadonlyArray<string>;
  readonly block: number;
}

/** grep -C's layout: `file-line-context`, `file:line:match`, `--` between blocks that do not touch. */
const textLines = (matches: ReadonlyArray<ShownMatch>, context: number): string[] => {
  const out: string[] = [];
  matches.forEach((m, i) => {
    if (i > 0 && context > 0 && m.block !== matches[i - 1]!.block) out.push("--");
    m.before.forEach((l, j) => out.push(`${m.file}-${m.line - m.before.length + j}-${l}`));
    out.push(`${m.file}:${m.line}:${m.text}`);
    m.after.forEach((l, j) => out.push(`${m.file}-${m.line + 1 + j}-${l}`));
  });
  return out;
};

/** The tool's argument names as this command's flags. */
const label = (field: string): string => (field === "max_response_tokens" ? "--max-tokens" : flagLabel(field));

/** `nemesis grep`: the search_regex tool, printed as grep -C prints. */
export const registerGrep = (program: Command): void => {
  program
    .command("grep")
    .description("regular-expression search over the indexed file contents (stops a runaway pattern after 2 s)")
    .argument("<regex>", "a JavaScript regular expression (literal text with -F), matched line by line")
    .option("--json", "one JSON object per line: file, line, text, before, after, block (matches of one block show contiguous lines; context is shown once)")
    .option("--path <path>", "only this file, folder or glob (e.g. src/api or 'src/**/*.ts')")
    .option("--page-size <n>", "matches per page (1..200)", intOption("--page-size", 1), 50)
    .option("--offset <n>", "skip this many matches (the next page's offset is printed)", intOption("--offset"), 0)
    .option("--context <n>", "lines of context either side (0..10)", intOption("--context"), 2)
    .option("-i, --ignore-case", "match case-insensitively")
    .option("-F, --fixed-strings", "match the pattern as literal text, not as a regular expression")
    .option("--max-tokens <n>", "cap the answer at about this many tokens (500..20000)", intOption("--max-tokens"), 8000)
    .action(async (pattern: string, options: GrepFlags, cmd: Command) => {
      const patternOptions = { fixedStrings: options.fixedStrings, ignoreCase: options.ignoreCase };
      // Said before the project opens, with the flag to use rather than the tool's argument.
      const checked = compilePattern(pattern, patternOptions);
      if (Either.isLeft(checked)) throw new CliError(checked.left.message, checked.left.isInputError ? 2 : 1);
      const { searchRegexTool } = await importSearchRegex();
      const args = {
        pattern,
        ...(options.path !== undefined ? { path: options.path } : {}),
        fixed_strings: options.fixedStrings === true,
        ignore_case: options.ignoreCase === true,
        context: options.context,
        page_size: options.pageSize,
        offset: options.offset,
        max_response_tokens: options.maxTokens,
      };
      checkToolArguments(searchRegexTool, args, label);
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        try {
          const { value: a, freshness } = await askTool(ctx, searchRegexTool, args, label);
          if (options.json) {
            printJsonLines(a.matches);
            return;
          }
          const out = textLines(a.matches, options.context);
          if (a.matches.length === 0) out.push(`no lines match ${options.fixedStrings ? JSON.stringify(pattern) : `/${pattern}/`} in ${a.files_searched} files`);
          if (a.next_offset !== null) out.push(`more matches: --offset ${a.next_offset}${a.truncated ? " (page cut at --max-tokens)" : ""}`);
          if (freshness !== null) out.push(`(${freshness})`);
          process.stdout.write(`${out.join("\n")}\n`);
        } finally {
          await closeGrepWorkers();
        }
      });
    });
};
