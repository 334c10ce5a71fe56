import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Writable } from "node:stream";
import type { Logger } from "./logger.js";
import { createMcpServer } from "./mcpServer.js";
import type { ProjectBackend } from "./projectBackend.js";
import type { ToolDefinition } from "./tool.js";

/**
 * Serves MCP over stdin/stdout. stdout carries JSON-RPC and nothing else: the transport gets
 * the real stdout, and anything else in the process that writes to `process.stdout` (a
 * library's stray console.log) is sent to stderr instead.
 */
export const serveStdio = async (
  backend: ProjectBackend | Promise<ProjectBackend>,
  tools: ReadonlyArray<ToolDefinition>,
  logger: Logger,
  onInitialized: () => void = () => {},
): Promise<{ closed: Promise<void> }> => {
  const realWrite = process.stdout.write.bind(process.stdout);
  const jsonRpcOut = new Writable({
    write(chunk, encoding, callback) {
      realWrite(chunk, encoding, () => callback());
    },
  });
  process.stdout.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(chunk, encoding, callback)) as typeof process.stdout.write;
  console.log = (...args: unknown[]) => logger.info(args.map(String).join(" "));

  const server = createMcpServer(backend, tools, logger, onInitialized);
  const transport = new StdioServerTransport(process.stdin, jsonRpcOut);
  let markClosed: () => void;
  const closed = new Promise<void>((r) => (markClosed = r));
  transport.onclose = () => markClosed();
  process.stdin.on("end", () => markClosed());
  await server.connect(transport);
  return { closed };
};
