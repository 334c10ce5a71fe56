import type { Command } from "commander";
import { withProject } from "../context.js";
import { CliError, usageError } from "../errors.js";
import { parseToolArguments } from "../toolArguments.js";
import type { GlobalOptions } from "../locateProject.js";
import { importRegistry, importLogger, importProjectBackend } from "../../mcp/lazy.js";

/** The tool sets `nemesis serve` offers for the project here (its config's [mcp] toolsets), core when there is none or it does not load. */
const servedToolsets = async (options: GlobalOptions) => {
  // Loaded here, not at start-up: every other command would pay for the config schema.
  const { loadConfig } = await import("../../config/index.js");
  const { locateProject } = await import("../locateProject.js");
  const paths = locateProject(options);
  const config = paths === null ? null : loadConfig(paths.config);
  return config !== null && config._tag === "Right" ? config.right.mcp.toolsets : (["core"] as const);
};

/** What follows `query <tool>` on the command line, untouched by commander. */
const toolArgv = (argv: ReadonlyArray<string>, tool: string): string[] => {
  const at = argv.indexOf("query");
  const rest = argv.slice(at + 1);
  return rest.slice(rest.indexOf(tool) + 1);
};

export const registerQuery = (program: Command, commandLine: ReadonlyArray<string>): void => {
  program
    .command("query")
    .description("call any MCP tool from the command line, as an agent would: nemesis query <tool> [--arg value …] [--json '{…}']; `nemesis query --json` prints the tool list as MCP clients get it")
    .argument("[tool]", "the tool's name (omit to list the tools)")
    .allowUnknownOption()
    .allowExcessArguments()
    .helpOption("--help-query", "show this help")
    .action(async (tool: string | undefined, _flags: unknown, cmd: Command) => {
      const { ALL_TOOLS, listTools, selectTools } = await importRegistry();
      if (tool === "--json") {
        // The tool list exactly as MCP clients receive it from `tools/list`: the sets `nemesis
        // serve` offers for this project ([mcp] toolsets; core without a config). Any tool of
        // any set can still be called by name.
        process.stdout.write(`${JSON.stringify({ tools: listTools(selectTools(await servedToolsets(cmd.optsWithGlobals()))) })}\n`);
        return;
      }
      if (tool === undefined || tool === "--help" || tool === "-h") {
        const lines = listTools(ALL_TOOLS).map((t) => `  ${t.name.padEnd(30)} ${t.title}`);
        process.stdout.write(`tools (nemesis query <tool> --help for one tool's arguments):\n${lines.join("\n")}\n`);
        return;
      }
      const listed = listTools(ALL_TOOLS).find((t) => t.name === tool);
      if (!listed) throw usageError(`unknown tool "${tool}": run \`nemesis query\` for the list`);
      const argv = toolArgv(commandLine, tool);
      if (argv.includes("--help") || argv.includes("-h")) {
        process.stdout.write(`${describeTool(listed)}\n`);
        return;
      }
      const args = parseToolArguments(argv, listed.inputSchema);
      const { fileLogger } = await importLogger();
      const { openProjectBackend } = await importProjectBackend();
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const logger = fileLogger(ctx.paths.dir, "query", false);
        const backend = await openProjectBackend({ paths: ctx.paths, config: ctx.config, log: ctx.log, tools: ALL_TOOLS, logger, mode: "once" });
        try {
          const answer = await backend.call(tool, args, { name: "nemesis-cli", source: "cli" });
          const text = answer.content.map((c) => c.text).join("\n");
          if (answer.isError) throw new CliError(text, text.startsWith("invalid arguments") ? 2 : 1);
          process.stdout.write(`${text}\n`);
        } finally {
          await backend.close();
        }
      });
    });
};

type Listed = { name: string; title: string; description: string; inputSchema: Record<string, unknown> };

/** One tool's help: its description and each argument with type, default and bounds. */
const describeTool = (tool: Listed): string => {
  const props = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((tool.inputSchema.required ?? []) as string[]);
  const lines = [`${tool.name}: ${tool.title}`, "", tool.description, "", "arguments:"];
  for (const [name, p] of Object.entries(props)) {
    const type = p.enum ? (p.enum as unknown[]).join("|") : p.type === "array" ? `${(p.items as { type?: string })?.type ?? "value"}… (repeat the flag)` : String(p.type ?? "value");
    const bounds = p.minimum !== undefined ? ` ${p.minimum}..${p.maximum}` : "";
    const extra = required.has(name) ? " (required)" : p.default !== undefined ? ` (default ${JSON.stringify(p.default)})` : "";
    lines.push(`  --${name} <${type}>${bounds}${extra}  ${p.description ?? ""}`);
  }
  return lines.join("\n");
};
