import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { existsSync, unlinkSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { MAX_LINE_BYTES, SocketRequest, type SocketMessage } from "./protocol.js";

export type SocketHandler = (request: SocketRequest, progress: (p: unknown) => void) => Promise<unknown>;

export interface EngineSocket {
  readonly path: string;
  close(): Promise<void>;
}

const decodeRequest = Schema.decodeUnknownEither(Schema.parseJson(SocketRequest));

/**
 * Listens on `path` for the engine's local clients (a second `nemesis serve`, `nemesis query`).
 * The caller holds the engine lock, so a socket file left at `path` belongs to a dead owner and
 * is removed first. Every request runs concurrently; a malformed line gets an error and the
 * connection stays open.
 */
export const listenEngineSocket = (path: string, handle: SocketHandler): Promise<EngineSocket> =>
  new Promise((resolve, reject) => {
    if (process.platform !== "win32" && existsSync(path)) unlinkSync(path);
    const connections = new Set<Socket>();
    const server: Server = createServer((socket) => {
      connections.add(socket);
      socket.on("close", () => connections.delete(socket));
      socket.on("error", () => socket.destroy());
      const send = (m: SocketMessage) => {
        if (!socket.destroyed) socket.write(`${JSON.stringify(m)}\n`);
      };
      let buffer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        buffer += chunk;
        if (buffer.length > MAX_LINE_BYTES) {
          send({ id: -1, error: "request too large" });
          socket.destroy();
          return;
        }
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line.trim() === "") continue;
          const request = decodeRequest(line);
          if (Either.isLeft(request)) {
            send({ id: -1, error: "malformed request: expected one JSON object {id, method, params} per line" });
            continue;
          }
          const { id } = request.right;
          handle(request.right, (progress) => send({ id, progress })).then(
            (result) => send({ id, result }),
            (e: unknown) => send({ id, error: e instanceof Error ? e.message : String(e) }),
          );
        }
      });
    });
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve({
        path,
        close: () =>
          new Promise<void>((done) => {
            for (const c of connections) c.destroy();
            server.close(() => done());
          }),
      });
    });
  });
