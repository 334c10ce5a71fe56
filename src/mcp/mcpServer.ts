import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { randomUUID } from "node:crypto";
import type { Logger } from "./logger.js";
import type { ProjectBackend } from "./projectBackend.js";
import { listTools } from "./registry.js";
import type { ToolDefinition } from "./tool.js";

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
  const server = new Server({ name: SERVER_NAME, version: SERVER_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const listed = listTools(tools);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  // One session per connection: its start is what the client's next session compares against.
  const session = randomUUID();
  server.oninitialized = () => {
    const name = server.getClientVersion()?.name ?? "mcp-client";
    Promise.resolve(backend)
      .then((b) => b.startSession(name, session))
      .catch((e) => logger.error(`recording the session of ${name}`, e));
    onInitialized();
  };
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const client = server.getClientVersion();
    const caller = { name: client?.name ?? "mcp-client", source: "mcp" as const, session, ...(client?.version ? { version: client.version } : {}) };
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
