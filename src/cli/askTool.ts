import * as Schema from "effect/Schema";
import { engineLockHolder, oneShotQueries } from "../engine/index.js";
import { callTool, ToolError, type ToolDefinition, validateArguments, type ToolContext } from "../mcp/index.js";
import type { ProjectContext } from "./context.js";
import { CliError, usageError } from "./errors.js";
import { callRunningEngine } from "./runningEngine.js";

/** How a CLI command names a tool's argument (`path` → `--path`). */
export type ArgumentLabel = (field: string) => string;

export const flagLabel: ArgumentLabel = (field) => `--${field.replace(/_/g, "-")}`;

/** A tool's answer to a CLI command, with what the command prints beside it. */
export interface ToolReply<O> {
  readonly value: O;
  /** How current the answer is (the freshness line), or null when it is current. */
  readonly freshness: string | null;
  /** The engine's pid when a running engine answered; null when this process read the models itself. */
  readonly engine: number | null;
}

/**
 * Checks a command's arguments against the tool's own schema before the project opens, so a bad
 * flag fails at once and the message names the flag (its range is the one the tool states).
 */
export const checkToolArguments = (tool: ToolDefinition, args: Record<string, unknown>, label: ArgumentLabel = flagLabel): void => {
  try {
    validateArguments(tool, args, label);
  } catch (e) {
    if (e instanceof ToolError) throw usageError(e.message.replace(`invalid arguments for ${tool.name}: `, ""));
    throw e;
  }
};

/** The tools' advice names tools; on the command line the same step is a command. */
export const commandWording = (text: string): string =>
  text
    .replace(/\b(?:run|call) index_project\b/g, "run `nemesis index`")
    .replace(/\bindex_project\b/g, "`nemesis index`")
    .replace(/\bindex_status\b/g, "`nemesis status`");

/** A tool's error as the CLI reports it: an argument the tool refused names the flag, with exit code 2. */
const cliFailure = (tool: ToolDefinition, message: string, label: ArgumentLabel): CliError => {
  const prefix = `invalid arguments for ${tool.name}: `;
  if (!message.startsWith(prefix)) return new CliError(commandWording(message), 1);
  return usageError(message.slice(prefix.length).replace(/^[a-z_]+/, (field) => label(field)));
};

/**
 * A read-only CLI command as a front end of the registry: the tool answers with its JSON, and the
 * command prints it in its own layout. The running engine (a `nemesis serve` of this project)
 * answers when there is one, from the graph and chunks it holds; otherwise this process reads the
 * read models through oneShotQueries, opening only what the tool asks for.
 */
export const askTool = async <I, O>(ctx: ProjectContext, tool: ToolDefinition<I, O>, args: Record<string, unknown>, label: ArgumentLabel = flagLabel): Promise<ToolReply<O>> => {
  const decode = (structured: Record<string, unknown>): ToolReply<O> => ({
    value: Schema.decodeUnknownSync(tool.output)(structured),
    freshness: typeof structured.freshness === "string" ? commandWording(structured.freshness) : null,
    engine: null,
  });
  const served = await callRunningEngine(ctx.paths, tool.name, args);
  if (served !== null) {
    if (!served.ok) throw cliFailure(tool, served.message, label);
    return { ...decode(served.value), engine: engineLockHolder(ctx.paths.lock) };
  }
  const queries = oneShotQueries(ctx);
  try {
    const toolCtx: ToolContext = { ...queries, log: ctx.log, caller: { name: "nemesis-cli", source: "cli" }, progress: () => {} };
    const answer = await callTool([tool], tool.name, { ...args, json_output: true }, toolCtx, (e) => {
      throw e;
    });
    const text = answer.content.map((c) => c.text).join("\n");
    if (answer.isError) throw cliFailure(tool, text, label);
    return decode(answer.structuredContent ?? (JSON.parse(text) as Record<string, unknown>));
  } finally {
    await queries.close();
  }
};
