import { join } from "node:path";
import { asDiskFull } from "../shared/diskFull.js";
import { trace } from "../shared/trace.js";
import * as Schema from "effect/Schema";
import { capText, MAX_RESPONSE_TOKENS } from "./capText.js";
import { inputJsonSchema } from "./jsonSchema.js";
import { ToolError, toolsetsOf, type ToolDefinition, type Toolset } from "./tool.js";
import type { ToolContext } from "./ToolContext.js";
import { validateArguments } from "./validateArguments.js";
import { ANALYSIS_TOOLS } from "./tools/analysisTools.js";
import { CODE_GRAPH_TOOLS } from "./tools/codeGraphTools.js";
import { getArchitectureTool } from "./tools/getArchitecture.js";
import { INDEX_TOOLS, MEMORY_TOOLS, SEARCH_TOOLS } from "./tools/coreTools.js";
import { GRAPH_TOOLS } from "./tools/graphs/index.js";
import { getChangesSinceTool } from "./tools/getChangesSince.js";
import { getSymbolHistoryTool } from "./tools/getSymbolHistory.js";

/** Every tool Nemesis serves, in the order clients list them. */
export const ALL_TOOLS: ReadonlyArray<ToolDefinition> = [...SEARCH_TOOLS, ...CODE_GRAPH_TOOLS, ...ANALYSIS_TOOLS, getArchitectureTool, ...MEMORY_TOOLS, ...INDEX_TOOLS, ...GRAPH_TOOLS, getChangesSinceTool, getSymbolHistoryTool];

export const TOOLSETS: ReadonlyArray<Toolset> = ["core", "graph", "history"];

/** The tools of the chosen sets (`core` by default); a tool of several sets is in if any of them is chosen. */
export const selectTools = (toolsets: ReadonlyArray<Toolset> = ["core"]): ReadonlyArray<ToolDefinition> =>
  ALL_TOOLS.filter((t) => toolsetsOf(t).some((set) => toolsets.includes(set)));

/** What `tools/list` answers: one entry per tool, its input JSON Schema derived from the Effect Schema. */
export interface ListedTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: Record<string, unknown>;
}

const JSON_OUTPUT_PROPERTY = { type: "boolean", description: "Return JSON instead of text" };

export const listTools = (tools: ReadonlyArray<ToolDefinition>): ListedTool[] =>
  tools.map((t) => {
    const derived = inputJsonSchema(t.input);
    // A tool without arguments derives to "any object or array"; clients require an object schema.
    const schema = derived.type === "object" ? derived : { type: "object", properties: {}, additionalProperties: false };
    return {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: { ...schema, properties: { ...(schema.properties as object), json_output: JSON_OUTPUT_PROPERTY } },
      // destructiveHint and idempotentHint mean something only for a tool that writes (MCP spec): left out of read-only ones.
      annotations: t.annotations.readOnlyHint ? { readOnlyHint: true, openWorldHint: false } : { ...t.annotations },
    };
  });

/** A tool call's answer in MCP's shape (`CallToolResult`). */
export interface ToolAnswer {
  readonly content: Array<{ readonly type: "text"; readonly text: string }>;
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

const errorAnswer = (message: string): ToolAnswer => ({ content: [{ type: "text", text: message }], isError: true });

/**
 * Runs one call: validates the arguments, runs the tool, renders text (or JSON with
 * `json_output`), appends the freshness line when the read models lag, and caps the size.
 * Expected failures come back as error answers the agent can act on (a damaged read model
 * among them); a bug is reported as one too (with `onBug` told), so the server keeps answering.
 */
export const callTool = async (
  tools: ReadonlyArray<ToolDefinition>,
  name: string,
  rawArguments: unknown,
  ctx: ToolContext,
  onBug: (e: unknown) => void = () => {},
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
      return { content: [{ type: "text", text }], structuredContent: structured };
    }
    const text = tool.render(output, input) + (freshness ? `\n\n(${freshness})` : "");
    return { content: [{ type: "text", text: capText(text, MAX_RESPONSE_TOKENS, "narrow the query (a path, a lower limit or depth) to see the rest") }] };
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
