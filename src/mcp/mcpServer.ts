import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { randomUUID } from "node:crypto";
import type { Logger } from "./logger.js";
import type { ProjectBackend } from "./projectBackend.js";
import type { CallTool } from "./prompt.js";
import { ALL_PROMPTS, ALL_RESOURCES, getPrompt, listPrompts, listResources, listResourceTemplates, listTools, readResource } from "./registry.js";
import { ToolError, type ToolDefinition } from "./tool.js";
import type { ToolCaller } from "./ToolContext.js";

export const SERVER_NAME = "nemesis";
export const SERVER_VERSION = "0.1.0";

const INSTRUCTIONS =
  "Nemesis indexes this repository into a code graph, searchable chunks and a project memory. " +
  "Start with get_project_context for the rules and decisions in force, get_code_semantics to find code by meaning, " +
  "and the graph tools (get_dependencies, get_impact, query_node_edges) before changing a symbol. " +
  "Record durable rules and decisions with store_rule and store_decision.";

/**
 * One MCP server over the tool registry. The low-level `Server` is used so the tool list is
 * ours (the JSON Schemas derived from Effect Schemas) rather than the SDK's zod-based helpers.
 * A server serves one transport: stdio makes one, HTTP one per session. `backend` may still be
 * opening: `initialize` and `tools/list` never wait for it, tool calls do.
 */
export const createMcpServer = (
  backend: ProjectBackend | Promise<ProjectBackend>,
  tools: ReadonlyArray<ToolDefinition>,
  logger: Logger,
  onInitialized: () => void = () => {},
): Server => {
  const server = new Server({ name: SERVER_NAME, version: SERVER_VERSION }, { capabilities: { tools: {}, prompts: {}, resources: {} }, instructions: INSTRUCTIONS });
  const listed = listTools(tools);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  // One session per connection: its start is what the client's next session compares against.
  const session = randomUUID();
  const callerOf = (): ToolCaller => {
    const client = server.getClientVersion();
    return { name: client?.name ?? "mcp-client", source: "mcp" as const, session, ...(client?.version ? { version: client.version } : {}) };
  };

  // Prompts and resources come from the registry too, each answered by one of its tools, served
  // or not (tools/list's budget is what keeps a tool out of the default sets, and these cost it nothing).
  const prompts = ALL_PROMPTS;
  const resources = ALL_RESOURCES;
  const call: CallTool = async (name, args) => (await backend).call(name, args, callerOf(), undefined, "all");
  /** A ToolError is the client's to fix (InvalidParams, with what to pass); anything else is ours. */
  const asMcpError = (what: string, e: unknown): McpError => {
    if (e instanceof McpError) return e;
    if (e instanceof ToolError) return new McpError(ErrorCode.InvalidParams, e.message);
    logger.error(`${what} failed`, e);
    return new McpError(ErrorCode.InternalError, `${what} failed: ${e instanceof Error ? e.message : String(e)}`);
  };
  const answering = async <A>(what: string, f: () => Promise<A>): Promise<A> => {
    try {
      return await f();
    } catch (e) {
      throw asMcpError(what, e);
    }
  };
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: listPrompts(prompts) }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    answering(`prompt ${request.params.name}`, () => getPrompt(prompts, request.params.name, request.params.arguments ?? {}, call)),
  );
  server.setRequestHandler(ListResourcesRequestSchema, () => answering("resources/list", async () => ({ resources: await listResources(resources, call) })));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: listResourceTemplates(resources) }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    answering(`reading ${request.params.uri}`, async () => ({ contents: [await readResource(resources, request.params.uri, call)] })),
  );
  server.oninitialized = () => {
    const name = server.getClientVersion()?.name ?? "mcp-client";
    Promise.resolve(backend)
      .then((b) => b.startSession(name, session))
      .catch((e) => logger.error(`recording the session of ${name}`, e));
    onInitialized();
  };
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const caller = callerOf();
    const token = request.params._meta?.progressToken;
    const progress =
      token === undefined
        ? undefined
        : (done: number, total: number | undefined, message: string) => {
            extra
              .sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: done, ...(total ? { total } : {}), message } })
              .catch(() => undefined);
          };
    try {
      return (await (await backend).call(request.params.name, request.params.arguments ?? {}, caller, progress)) as CallToolResult;
    } catch (e) {
      logger.error(`${request.params.name} failed`, e);
      return { content: [{ type: "text", text: `${request.params.name} failed: ${e instanceof Error ? e.message : String(e)}` }], isError: true };
    }
  });
  server.onerror = (e) => logger.error("protocol error", e);
  return server;
};
