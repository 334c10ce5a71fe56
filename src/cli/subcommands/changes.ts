import type { Command } from "commander";
import { runToolCommand, tokenBudgetArgument } from "../runToolCommand.js";

interface ChangesFlags {
  since?: string;
  maxTokens?: string;
  json?: boolean;
}

/** `nemesis changes [--since …]`: get_changes_since through the same path as `nemesis query`. */
export const registerChanges = (program: Command): void => {
  program
    .command("changes")
    .description("what changed since the last session, a session, a commit, a log position or a time: files and by whom, symbols, commits, memory (get_changes_since)")
    .option("--since <point>", "session id, commit sha, log position (#1200) or time (2h, 3d, 2026-12-01); default: the last session started")
    .option("--max-tokens <n>", "token budget of the answer (200..20000, default 2000)")
    .option("--json", "the answer as JSON")
    .action(async (options: ChangesFlags, cmd: Command) => {
      const args: Record<string, unknown> = {};
      if (options.since !== undefined) args.since = options.since;
      if (options.maxTokens !== undefined) args.max_tokens = tokenBudgetArgument(options.maxTokens);
      if (options.json) args.json_output = true;
      await runToolCommand(cmd.optsWithGlobals(), "get_changes_since", args);
    });
};
