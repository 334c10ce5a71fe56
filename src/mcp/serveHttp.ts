import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "./logger.js";
import { createMcpServer } from "./mcpServer.js";
import type { ProjectBackend } from "./projectBackend.js";
import type { ToolDefinition } from "./tool.js";

export const MAX_BODY_BYTES = 4 * 1024 * 1024;
export const MAX_BATCH = 32;
export const MAX_SESSIONS = 64;

export interface HttpOptions {
  readonly host: string;
  readonly port: number;
  /** The bearer token clients must send; a random one when not configured. */
  readonly token?: string | undefined;
}

export interface HttpServer {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

const reply = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
};

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The body as JSON, or a reason it is refused (too large, not JSON). */
const readBody = (req: IncomingMessage): Promise<{ ok: true; body: unknown } | { ok: false; status: number; message: string }> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      // Past the limit the rest is read and dropped, so the client gets its 413 rather than a reset.
      if (size > MAX_BODY_BYTES) resolve({ ok: false, status: 413, message: `request body over ${MAX_BODY_BYTES / 1024 / 1024} MB` });
      else chunks.push(c);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) return;
      try {
        resolve({ ok: true, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      } catch {
        resolve({ ok: false, status: 400, message: "the body is not JSON" });
      }
    });
    req.on("error", () => resolve({ ok: false, status: 400, message: "the request was cut short" }));
  });

/**
 * MCP over Streamable HTTP. Binds loopback by default; refuses a Host or Origin that is not this
 * server (DNS rebinding: 403), a missing or wrong bearer token (401), bodies over 4 MB and
 * batches over 32 messages. Each session gets its own transport and MCP server, with a random id,
 * so answers never cross sessions.
 */
export const serveHttp = async (
  backend: ProjectBackend,
  tools: ReadonlyArray<ToolDefinition>,
  logger: Logger,
  options: HttpOptions,
): Promise<HttpServer> => {
  const token = options.token ?? randomBytes(24).toString("base64url");
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let port = options.port;
  const allowedHosts = () => {
    const names = LOOPBACK_NAMES.has(options.host) || options.host === "::1" ? [...LOOPBACK_NAMES] : [options.host];
    return new Set(names.map((n) => `${n}:${port}`));
  };
  const allowedOrigins = () => new Set([...allowedHosts()].map((h) => `http://${h}`));

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname !== "/mcp") return reply(res, 404, "not found: the MCP endpoint is /mcp");
      if (!allowedHosts().has(req.headers.host ?? "")) return reply(res, 403, "forbidden host");
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedOrigins().has(origin)) return reply(res, 403, "forbidden origin");
      const auth = req.headers.authorization ?? "";
      if (!auth.startsWith("Bearer ") || !sameSecret(auth.slice(7), token)) {
        res.setHeader("www-authenticate", "Bearer");
        return reply(res, 401, "missing or wrong bearer token: send Authorization: Bearer <token printed by nemesis serve --http>");
      }
      const sessionId = req.headers["mcp-session-id"];
      const existing = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (req.method !== "POST") {
        if (!existing) return reply(res, sessionId ? 404 : 400, sessionId ? "unknown session: initialize again" : "missing mcp-session-id header");
        return await existing.handleRequest(req, res);
      }
      const body = await readBody(req);
      if (!body.ok) return reply(res, body.status, body.message);
      if (Array.isArray(body.body) && body.body.length > MAX_BATCH) return reply(res, 400, `batch of ${body.body.length} messages: at most ${MAX_BATCH}`);
      if (existing) return await existing.handleRequest(req, res, body.body);
      if (sessionId !== undefined) return reply(res, 404, "unknown session: initialize again");
      const initializing = Array.isArray(body.body) ? body.body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body.body);
      if (!initializing) return reply(res, 400, "no session: the first request must be initialize");
      if (sessions.size >= MAX_SESSIONS) return reply(res, 503, "too many open sessions: close one (DELETE /mcp) and retry");
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await createMcpServer(backend, tools, logger).connect(transport);
      await transport.handleRequest(req, res, body.body);
    } catch (e) {
      logger.error("HTTP request failed", e);
      if (!res.headersSent) reply(res, 500, "internal error");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    token,
    close: async () => {
      for (const t of sessions.values()) await t.close().catch(() => undefined);
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
};
