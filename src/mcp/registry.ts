import { inputJsonSchema } from "./jsonSchema.js";
import { toolError, toolsetsOf, type ToolDefinition, type Toolset } from "./tool.js";
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

const JSON_OUTPUT_PROPERTY = { type: "boolean", description: "Answer in JSON" };

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

export { callTool, type ToolAnswer } from "./callTool.js";

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
