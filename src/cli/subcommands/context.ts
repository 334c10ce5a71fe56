import type { Command } from "commander";
import { withProject } from "../context.js";
import { CliError, usageError } from "../errors.js";

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
      const { ALL_TOOLS } = await import("../../mcp/registry.js");
      const { fileLogger } = await import("../../mcp/logger.js");
      const { openProjectBackend } = await import("../../mcp/projectBackend.js");
      const { validateArguments } = await import("../../mcp/validateArguments.js");
      const { ToolError } = await import("../../mcp/tool.js");
      const args: Record<string, unknown> = { task: words.join(" ") };
      if (options.maxTokens !== undefined) {
        const n = Number(options.maxTokens);
        args.max_tokens = options.maxTokens.trim() !== "" && Number.isFinite(n) ? n : options.maxTokens;
      }
      if (options.json) args.json_output = true;
      // Checked here, before the project opens, against the tool's own schema: its range is the one the message names.
      try {
        validateArguments(ALL_TOOLS.find((t) => t.name === "get_smart_context")!, args, (field) => (field === "task" ? "the task" : `--${field.replace(/_/g, "-")}`));
      } catch (e) {
        if (e instanceof ToolError) throw usageError(e.message.replace(/^invalid arguments for get_smart_context: /, ""));
        throw e;
      }
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const logger = fileLogger(ctx.paths.dir, "query", false);
        const backend = await openProjectBackend({ paths: ctx.paths, config: ctx.config, log: ctx.log, tools: ALL_TOOLS, logger, mode: "once" });
        try {
          const answer = await backend.call("get_smart_context", args, { name: "nemesis-cli", source: "cli" });
          const text = answer.content.map((c) => c.text).join("\n");
          if (answer.isError) throw new CliError(text, text.startsWith("invalid arguments") ? 2 : 1);
          process.stdout.write(`${text}\n`);
        } finally {
          await backend.close();
        }
      });
    });
};
