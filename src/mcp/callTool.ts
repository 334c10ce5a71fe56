import { join } from "node:path";
import * as Schema from "effect/Schema";
import { asDiskFull, trace } from "../shared/index.js";
import { capText, MAX_RESPONSE_TOKENS } from "./capText.js";
import { logContextServed } from "./contextServed.js";
import { ToolError, type ToolDefinition } from "./tool.js";
import type { ToolContext } from "./ToolContext.js";
import { validateArguments } from "./validateArguments.js";

/** A tool call's answer in MCP's shape (`CallToolResult`). */
export interface ToolAnswer {
  readonly content: Array<{ readonly type: "text"; readonly text: string }>;
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

const errorAnswer = (message: string): ToolAnswer => ({ content: [{ type: "text", text: message }], isError: true });

/**
 * Runs one call: validates the arguments, runs the tool, renders text (or JSON with
 * `json_output`), appends the freshness line when the read models lag, and caps the size. A
 * context tool's answer (`served`) is logged as a ContextServed; a failure to log goes to
 * `onNotLogged`, and the answer goes out as it is.
 * Expected failures come back as error answers the agent can act on (a damaged read model
 * among them); a bug is reported as one too (with `onBug` told), so the server keeps answering.
 */
export const callTool = async (
  tools: ReadonlyArray<ToolDefinition>,
  name: string,
  rawArguments: unknown,
  ctx: ToolContext,
  onBug: (e: unknown) => void = () => {},
  onNotLogged: (message: string) => void = () => {},
): Promise<ToolAnswer> => {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return errorAnswer(`unknown tool "${name}"; the tools are: ${tools.map((t) => t.name).join(", ")}`);
  try {
    const { input, jsonOutput } = validateArguments(tool, rawArguments);
    trace("Tool.call", () => name);
    const output = await tool.run(input, ctx);
    trace("Tool.ran", () => name);
    const freshness = tool.annotations.readOnlyHint ? await ctx.freshness() : null;
    if (jsonOutput) {
      const encoded = Schema.encodeSync(tool.output)(output) as Record<string, unknown>;
      const structured = freshness ? { ...encoded, freshness } : encoded;
      const text = JSON.stringify(structured);
      const capped = capText(text, MAX_RESPONSE_TOKENS, "");
      if (capped !== text) return errorAnswer(`the JSON answer is over ${MAX_RESPONSE_TOKENS.toLocaleString("en-US")} tokens: narrow the query (a path, a lower limit or depth) or drop json_output for a truncated text answer`);
      if (tool.served) logContextServed(ctx, name, tool.served(output, input), text, onNotLogged);
      return { content: [{ type: "text", text }], structuredContent: structured };
    }
    const text = capText(tool.render(output, input) + (freshness ? `\n\n(${freshness})` : ""), MAX_RESPONSE_TOKENS, "narrow the query (a path, a lower limit or depth) to see the rest");
    if (tool.served) logContextServed(ctx, name, tool.served(output, input), text, onNotLogged);
    return { content: [{ type: "text", text }] };
  } catch (e) {
    if (e instanceof ToolError) return errorAnswer(e.message);
    // A full disk is the user's to fix, whichever store met it (the log, the graph, the chunk table).
    const full = asDiskFull(e, join(ctx.root, ".nemesis"), `call ${name} again`);
    if (full !== null) return errorAnswer(full.message);
    // A damaged read model is not a bug: the engine rebuilds it, and the caller asks again.
    const damaged = ctx.damaged?.(e) ?? null;
    if (damaged !== null) return errorAnswer(damaged);
    onBug(e);
    return errorAnswer(`${name} failed: ${e instanceof Error ? e.message : String(e)} (this is a bug in Nemesis; the server keeps running)`);
  }
};
