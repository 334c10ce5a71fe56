import type { Command } from "commander";
import { withProject } from "../context.js";
import { CliError } from "../errors.js";
import { intOption } from "../intOption.js";

interface ContextFlags {
  maxTokens?: number;
  json?: boolean;
}

/** `nemesis context "<task>"`: get_smart_context through the same path as `nemesis query`. */
export const registerContext = (program: Command): void => {
  program
    .command("context")
    .description("the code, callers, callees, tests, rules and decisions a task needs, packed to a token budget (get_smart_context)")
    .argument("<task...>", "the task, in words or identifiers")
    .option("--max-tokens <n>", "token budget of the answer (500..32000, default 8000)", intOption("--max-tokens", 1))
    .option("--json", "the answer as JSON")
    .action(async (words: string[], options: ContextFlags, cmd: Command) => {
      const { ALL_TOOLS } = await import("../../mcp/registry.js");
      const { fileLogger } = await import("../../mcp/logger.js");
      const { openProjectBackend } = await import("../../mcp/projectBackend.js");
      const args: Record<string, unknown> = { task: words.join(" ") };
      if (options.maxTokens !== undefined) args.max_tokens = options.maxTokens;
      if (options.json) args.json_output = true;
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
