import { withProject, type GlobalOptions } from "./context.js";
import { checkToolArguments, flagLabel } from "./askTool.js";
import { CliError } from "./errors.js";
import { importRegistry, importLogger, importProjectBackend } from "../mcp/lazy.js";

export interface ToolCommandOptions {
  /** The tool argument given as the command's word rather than a flag ("task" → "the task" in messages). */
  readonly positional?: string;
  /** Join a multi-line error into the one line the CLI prints (a list of candidates), rather than keep its first line. */
  readonly joinErrorLines?: boolean;
}

/** A `--max-tokens` value: the number where it is one, the text otherwise, so the schema's message names what was given. */
export const tokenBudgetArgument = (text: string): number | string => {
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) ? n : text;
};

/**
 * A CLI command that is one MCP tool (`nemesis context`, `changes`, `report context`,
 * `symbol-history`): the arguments are checked against the tool's own schema before the project
 * opens (its range is the one the message names), then the tool answers through the same path
 * as `nemesis query`, and its text is printed.
 */
export const runToolCommand = async (globals: GlobalOptions, tool: string, args: Record<string, unknown>, options: ToolCommandOptions = {}): Promise<void> => {
  const { ALL_TOOLS } = await importRegistry();
  const { fileLogger } = await importLogger();
  const { openProjectBackend } = await importProjectBackend();
  checkToolArguments(ALL_TOOLS.find((t) => t.name === tool)!, args, (field) => (field === options.positional ? `the ${field}` : flagLabel(field)));
  await withProject(globals, async (ctx) => {
    const logger = fileLogger(ctx.paths.dir, "query", false);
    const backend = await openProjectBackend({ paths: ctx.paths, config: ctx.config, log: ctx.log, tools: ALL_TOOLS, logger, mode: "once" });
    try {
      const answer = await backend.call(tool, args, { name: "nemesis-cli", source: "cli" });
      const text = answer.content.map((c) => c.text).join("\n");
      if (answer.isError) {
        const message = options.joinErrorLines ? text.split("\n").map((l) => l.trim()).filter((l) => l !== "").join(" ") : text;
        throw new CliError(message, text.startsWith("invalid arguments") ? 2 : 1);
      }
      process.stdout.write(`${text}\n`);
    } finally {
      await backend.close();
    }
  });
};
