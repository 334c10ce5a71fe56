import type { Command } from "commander";
import { withProject } from "../context.js";
import { CliError, usageError } from "../errors.js";

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
      const { ALL_TOOLS } = await import("../../mcp/registry.js");
      const { fileLogger } = await import("../../mcp/logger.js");
      const { openProjectBackend } = await import("../../mcp/projectBackend.js");
      const { validateArguments } = await import("../../mcp/validateArguments.js");
      const { ToolError } = await import("../../mcp/tool.js");
      const args: Record<string, unknown> = {};
      if (options.since !== undefined) args.since = options.since;
      if (options.json) args.json_output = true;
      try {
        validateArguments(ALL_TOOLS.find((t) => t.name === "context_report")!, args, (field) => `--${field.replace(/_/g, "-")}`);
      } catch (e) {
        if (e instanceof ToolError) throw usageError(e.message.replace(/^invalid arguments for context_report: /, ""));
        throw e;
      }
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const logger = fileLogger(ctx.paths.dir, "query", false);
        const backend = await openProjectBackend({ paths: ctx.paths, config: ctx.config, log: ctx.log, tools: ALL_TOOLS, logger, mode: "once" });
        try {
          const answer = await backend.call("context_report", args, { name: "nemesis-cli", source: "cli" });
          const text = answer.content.map((c) => c.text).join("\n");
          if (answer.isError) throw new CliError(text, text.startsWith("invalid arguments") ? 2 : 1);
          process.stdout.write(`${text}\n`);
        } finally {
          await backend.close();
        }
      });
    });
};
