import type { Command } from "commander";
import { runToolCommand, tokenBudgetArgument } from "../runToolCommand.js";

interface ContextFlags {
  maxTokens?: string;
  json?: boolean;
}

/** `nemesis context "<task>"`: get_smart_context through the same path as `nemesis query`. */
export const registerContext = (program: Command): void => {
  program
    .command("context")
    .description("the code, callers, callees, tests, rules and decisions a task needs, packed to a token budget (get_smart_context)")
    .argument("<task...>", "the task, in words or identifiers")
    .option("--max-tokens <n>", "token budget of the answer (500..32000, default 8000)")
    .option("--json", "the answer as JSON")
    .action(async (words: string[], options: ContextFlags, cmd: Command) => {
      const args: Record<string, unknown> = { task: words.join(" ") };
      if (options.maxTokens !== undefined) args.max_tokens = tokenBudgetArgument(options.maxTokens);
      if (options.json) args.json_output = true;
      await runToolCommand(cmd.optsWithGlobals(), "get_smart_context", args, { positional: "task" });
    });
};
