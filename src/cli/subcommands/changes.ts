import type { Command } from "commander";
import { withProject } from "../context.js";
import { CliError, usageError } from "../errors.js";

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
      const { ALL_TOOLS } = await import("../../mcp/registry.js");
      const { fileLogger } = await import("../../mcp/logger.js");
      const { openProjectBackend } = await import("../../mcp/projectBackend.js");
      const { validateArguments } = await import("../../mcp/validateArguments.js");
      const { ToolError } = await import("../../mcp/tool.js");
      const args: Record<string, unknown> = {};
      if (options.since !== undefined) args.since = options.since;
      if (options.maxTokens !== undefined) {
        const n = Number(options.maxTokens);
        args.max_tokens = options.maxTokens.trim() !== "" && Number.isFinite(n) ? n : options.maxTokens;
      }
      if (options.json) args.json_output = true;
      // Checked here, before the project opens, against the tool's own schema: its range is the one the message names.
      try {
        validateArguments(ALL_TOOLS.find((t) => t.name === "get_changes_since")!, args, (field) => `--${field.replace(/_/g, "-")}`);
      } catch (e) {
        if (e instanceof ToolError) throw usageError(e.message.replace(/^invalid arguments for get_changes_since: /, ""));
        throw e;
      }
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const logger = fileLogger(ctx.paths.dir, "query", false);
        const backend = await openProjectBackend({ paths: ctx.paths, config: ctx.config, log: ctx.log, tools: ALL_TOOLS, logger, mode: "once" });
        try {
          const answer = await backend.call("get_changes_since", args, { name: "nemesis-cli", source: "cli" });
          const text = answer.content.map((c) => c.text).join("\n");
          if (answer.isError) throw new CliError(text, text.startsWith("invalid arguments") ? 2 : 1);
          process.stdout.write(`${text}\n`);
        } finally {
          await backend.close();
        }
      });
    });
};
