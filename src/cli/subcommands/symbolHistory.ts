import type { Command } from "commander";
import { withProject } from "../context.js";
import { CliError, usageError } from "../errors.js";

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
      const { ALL_TOOLS } = await import("../../mcp/registry.js");
      const { fileLogger } = await import("../../mcp/logger.js");
      const { openProjectBackend } = await import("../../mcp/projectBackend.js");
      const { validateArguments } = await import("../../mcp/validateArguments.js");
      const { ToolError } = await import("../../mcp/tool.js");
      const args: Record<string, unknown> = { symbol };
      if (options.maxTokens !== undefined) {
        const n = Number(options.maxTokens);
        args.max_tokens = options.maxTokens.trim() !== "" && Number.isFinite(n) ? n : options.maxTokens;
      }
      if (options.json) args.json_output = true;
      // Checked here, before the project opens, against the tool's own schema: its range is the one the message names.
      try {
        validateArguments(ALL_TOOLS.find((t) => t.name === "get_symbol_history")!, args, (field) => (field === "symbol" ? "the symbol" : `--${field.replace(/_/g, "-")}`));
      } catch (e) {
        if (e instanceof ToolError) throw usageError(e.message.replace(/^invalid arguments for get_symbol_history: /, ""));
        throw e;
      }
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const logger = fileLogger(ctx.paths.dir, "query", false);
        const backend = await openProjectBackend({ paths: ctx.paths, config: ctx.config, log: ctx.log, tools: ALL_TOOLS, logger, mode: "once" });
        try {
          const answer = await backend.call("get_symbol_history", args, { name: "nemesis-cli", source: "cli" });
          const text = answer.content.map((c) => c.text).join("\n");
          // One line, as every error of the CLI: the candidates and the hint after the first line go on it.
          if (answer.isError) throw new CliError(text.split("\n").map((l) => l.trim()).filter((l) => l !== "").join(" "), text.startsWith("invalid arguments") ? 2 : 1);
          process.stdout.write(`${text}\n`);
        } finally {
          await backend.close();
        }
      });
    });
};
