import type { Command } from "commander";
import { runToolCommand, tokenBudgetArgument } from "../runToolCommand.js";

interface SymbolHistoryFlags {
  maxTokens?: string;
  json?: boolean;
}

/** `nemesis symbol-history <symbol>`: get_symbol_history through the same path as `nemesis query`. */
export const registerSymbolHistory = (program: Command): void => {
  program
    .command("symbol-history")
    .description("agent blame: each version of a symbol from the log (when, signature, lines, and which session, watcher or commit changed it), with its rules and decisions (get_symbol_history)")
    .argument("<symbol>", "a symbol name (parseConfig, Client.send) or path:Symbol, also for a removed one")
    .option("--max-tokens <n>", "token budget of the answer (200..20000, default 2000)")
    .option("--json", "the answer as JSON")
    .action(async (symbol: string, options: SymbolHistoryFlags, cmd: Command) => {
      const args: Record<string, unknown> = { symbol };
      if (options.maxTokens !== undefined) args.max_tokens = tokenBudgetArgument(options.maxTokens);
      if (options.json) args.json_output = true;
      await runToolCommand(cmd.optsWithGlobals(), "get_symbol_history", args, { positional: "symbol", joinErrorLines: true });
    });
};
