import * as Schema from "effect/Schema";
import type { ToolDefinition } from "../../../src/mcp/tool.js";
import type { ToolContext } from "../../../src/mcp/ToolContext.js";

/**
 * Calls a tool as the registry does: arguments decoded by its input schema, `run`, the result
 * checked against its output schema, and `render`'s text.
 */
export const callTool = async <I, O>(tool: ToolDefinition<I, O>, args: unknown, ctx: ToolContext): Promise<{ out: O; text: string }> => {
  const input = Schema.decodeUnknownSync(tool.input)(args, { onExcessProperty: "error" });
  const out = await tool.run(input, ctx);
  Schema.encodeSync(tool.output)(out);
  return { out, text: tool.render(out, input) };
};

/** The message of the ToolError a call fails with (fails the test if it succeeds or fails otherwise). */
export const toolErrorOf = async <I, O>(tool: ToolDefinition<I, O>, args: unknown, ctx: ToolContext): Promise<string> => {
  try {
    await callTool(tool, args, ctx);
  } catch (e) {
    if (e instanceof Error && (e as { _tag?: string })._tag === "ToolError") return e.message;
    throw e;
  }
  throw new Error(`${tool.name} succeeded; a ToolError was expected`);
};

/** A context over the same project whose graph is not built yet. */
export const unindexed = (ctx: ToolContext): ToolContext => ({ ...ctx, graph: async () => null });
