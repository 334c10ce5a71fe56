import * as Either from "effect/Either";
import * as Schema from "effect/Schema";
import { connect, type Socket } from "node:net";
import { SocketMessage, type SocketRequest } from "./protocol.js";

export interface SocketClient {
  request(method: SocketRequest["method"], params: unknown, onProgress?: (p: unknown) => void): Promise<unknown>;
  /** Resolves when the connection is gone (the engine exited or was killed). */
  readonly closed: Promise<void>;
  close(): void;
}

/** The connection to the engine dropped before it answered: the request may or may not have run. */
export class EngineGone extends Error {
  constructor() {
    super("the Nemesis engine serving this project stopped before answering");
  }
}

/**
 * Excess keys are errors: a Struct ignores them and takes a missing `Unknown` key for undefined,
 * so without this a progress or an error message read as `{id}`, the first member of the union,
 * and settled the request with an undefined result.
 */
const decodeMessage = Schema.decodeUnknownEither(Schema.parseJson(SocketMessage), { onExcessProperty: "error" });

/** Connects to a running engine's socket; rejects when nothing listens there. */
export const connectEngine = (path: string): Promise<SocketClient> =>
  new Promise((resolve, reject) => {
    const socket: Socket = connect(path);
    const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; progress?: (p: unknown) => void }>();
    let nextId = 1;
    let markClosed: () => void;
    const closed = new Promise<void>((r) => (markClosed = r));
    let buffer = "";
    socket.setEncoding("utf8");
    socket.once("error", reject);
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const message = decodeMessage(line);
        if (Either.isLeft(message)) continue;
        const m = message.right;
        const waiting = pending.get(m.id);
        if (!waiting) continue;
        if ("progress" in m) waiting.progress?.(m.progress);
        else {
          pending.delete(m.id);
          if ("error" in m) waiting.reject(new Error(m.error));
          else waiting.resolve(m.result);
        }
      }
    });
    socket.on("close", () => {
      for (const w of pending.values()) w.reject(new EngineGone());
      pending.clear();
      markClosed();
    });
    socket.once("connect", () => {
      socket.off("error", reject);
      socket.on("error", () => socket.destroy());
      resolve({
        closed,
        request: (method, params, onProgress) =>
          new Promise((res, rej) => {
            if (socket.destroyed) return rej(new EngineGone());
            const id = nextId++;
            pending.set(id, { resolve: res, reject: rej, ...(onProgress ? { progress: onProgress } : {}) });
            socket.write(`${JSON.stringify({ id, method, params })}\n`);
          }),
        close: () => socket.end(),
      });
    });
  });
