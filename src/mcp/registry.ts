import { join } from "node:path";
import { asDiskFull, trace } from "../shared/index.js";
import * as Schema from "effect/Schema";
import { capText, MAX_RESPONSE_TOKENS } from "./capText.js";
import { inputJsonSchema } from "./jsonSchema.js";
import { ToolError, toolError, toolsetsOf, type ToolDefinition, type Toolset } from "./tool.js";
import type { ToolContext } from "./ToolContext.js";
import { validateArguments } from "./validateArguments.js";
import { logContextServed } from "./contextServed.js";
import { promptArguments, promptInput, type CallTool, type PromptDefinition } from "./prompt.js";
import type { ListedResource, ResourceDefinition, ResourceTemplate, ResourceText } from "./resource.js";
import { contextPrompt } from "./prompts/contextPrompt.js";
import { sincePrompt } from "./prompts/sincePrompt.js";
import { memoryResources } from "./resources/memoryResources.js";
import { ANALYSIS_TOOLS } from "./tools/analysisTools.js";
import { CODE_GRAPH_TOOLS } from "./tools/codeGraphTools.js";
import { getArchitectureTool } from "./tools/getArchitecture.js";
import { INDEX_TOOLS, MEMORY_TOOLS, SEARCH_TOOLS } from "./tools/coreTools.js";
import { GRAPH_TOOLS } from "./tools/graphs/index.js";
import { getChangesSinceTool } from "./tools/getChangesSince.js";
import { contextReportTool } from "./tools/contextReport.js";
import { getSymbolHistoryTool } from "./tools/getSymbolHistory.js";

/** Every tool Nemesis serves, in the order clients list them. */
export const ALL_TOOLS: ReadonlyArray<ToolDefinition> = [
  ...SEARCH_TOOLS,
  ...CODE_GRAPH_TOOLS,
  ...ANALYSIS_TOOLS,
  getArchitectureTool,
  ...MEMORY_TOOLS,
  ...INDEX_TOOLS,
  ...GRAPH_TOOLS,
  getChangesSinceTool,
  contextReportTool,
  getSymbolHistoryTool,
];

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

/** Every prompt Nemesis serves (MCP prompts; slash commands in Claude Code). */
export const ALL_PROMPTS: ReadonlyArray<PromptDefinition> = [contextPrompt, sincePrompt];

/** Every family of resources Nemesis serves (MCP resources; @-mentions in Claude Code). */
export const ALL_RESOURCES: ReadonlyArray<ResourceDefinition> = [memoryResources];

export const listPrompts = (prompts: ReadonlyArray<PromptDefinition>) =>
  prompts.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: promptArguments(p) }));

/** A prompt's messages: its arguments checked against its schema, then its tool's answer. A ToolError says what went wrong. */
export const getPrompt = async (
  prompts: ReadonlyArray<PromptDefinition>,
  name: string,
  rawArguments: unknown,
  call: CallTool,
): Promise<{ description: string; messages: Array<{ role: "user"; content: { type: "text"; text: string } }> }> => {
  const prompt = prompts.find((p) => p.name === name);
  if (!prompt) throw toolError(`unknown prompt "${name}"; the prompts are: ${prompts.map((p) => p.name).join(", ")}`);
  const input = promptInput(prompt, rawArguments);
  const answer = await call(prompt.tool, prompt.toolArguments(input));
  const text = answer.content.map((c) => c.text).join("\n");
  if (answer.isError) throw toolError(`prompt ${name}: ${prompt.tool} answered: ${text}`);
  return { description: prompt.title, messages: [{ role: "user", content: { type: "text", text: prompt.message(input, text) } }] };
};

export const listResources = async (resources: ReadonlyArray<ResourceDefinition>, call: CallTool): Promise<ListedResource[]> =>
  (await Promise.all(resources.map((r) => r.list(call)))).flat();

export const listResourceTemplates = (resources: ReadonlyArray<ResourceDefinition>): ResourceTemplate[] => resources.flatMap((r) => r.templates);

/** The resource at `uri`, or a ToolError that names the resources there are. */
export const readResource = async (resources: ReadonlyArray<ResourceDefinition>, uri: string, call: CallTool): Promise<ResourceText> => {
  for (const r of resources) {
    const found = await r.read(uri, call);
    if (found !== null) return found;
  }
  throw toolError(`unknown resource ${uri}: resources/list names the resources (${listResourceTemplates(resources).map((t) => t.uriTemplate).join(", ")})`);
};
