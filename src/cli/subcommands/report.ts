import type { Command } from "commander";
import { runToolCommand } from "../runToolCommand.js";

interface ReportFlags {
  since?: string;
  json?: boolean;
}

/** `nemesis report context [--since …]`: context_report through the same path as `nemesis query`. */
export const registerReport = (program: Command): void => {
  const report = program.command("report").description("reports read from the log (report context: whether the context served helped)");
  report
    .command("context")
    .description("per session and overall: edited files served before the edit (recall), served files edited after (precision), rules served and never served, tasks with no useful context (context_report)")
    .option("--since <point>", "session id, commit sha, log position (#1200) or time (2h, 3d, 2026-12-01); default: the whole log")
    .option("--json", "the answer as JSON")
    .action(async (options: ReportFlags, cmd: Command) => {
      const args: Record<string, unknown> = {};
      if (options.since !== undefined) args.since = options.since;
      if (options.json) args.json_output = true;
      await runToolCommand(cmd.optsWithGlobals(), "context_report", args);
    });
};
