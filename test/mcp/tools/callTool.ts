import * as Schema from "effect/Schema";
import type { ToolDefinition } from "../../../src/mcp/tool.js";
import type { ToolContext } from "../../../src/mcp/ToolContext.js";
import { validateArguments } from "../../../src/mcp/validateArguments.js";

/** Calls a tool as the registry does: arguments validated (validateArguments), then run, then rendered. */
export const callTool = async <I, O>(tool: ToolDefinition<I, O>, args: unknown, ctx: ToolContext): Promise<{ output: O; text: string }> => {
  const { input } = validateArguments(tool, args);
  const output = await tool.run(input, ctx);
  // What goes out as JSON must be what the output schema describes.
  Schema.encodeSync(tool.output)(output);
  return { output, text: tool.render(output, input) };
};

/** The message of the ToolError a call fails with. */
export const toolFailure = async <I, O>(tool: ToolDefinition<I, O>, args: unknown, ctx: ToolContext): Promise<string> => {
  try {
    await callTool(tool, args, ctx);
  } catch (e) {
    if (e instanceof Error && (e as { _tag?: string })._tag === "ToolError") return e.message;
    throw e;
  }
  throw new Error(`${tool.name} succeeded with ${JSON.stringify(args)}`);
};
