import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connectEngine, listenEngineSocket, type EngineSocket, type SocketClient } from "../../src/engine/index.js";
import { removeDir, tempDir } from "../sources/scan/helpers.js";

const opened: Array<EngineSocket | SocketClient | string> = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) {
    if (typeof o === "string") removeDir(o);
    else if ("request" in o) o.close();
    else await o.close();
  }
});

/** An engine socket in a temp dir answering with `handle`, and a client connected to it. */
const pair = async (handle: Parameters<typeof listenEngineSocket>[1]) => {
  const dir = tempDir("nemesis-socket-");
  opened.push(dir);
  const socket = await listenEngineSocket(join(dir, "engine.sock"), handle);
  opened.push(socket);
  const client = await connectEngine(socket.path);
  opened.push(client);
  return client;
};

describe("the engine socket", () => {
  it("hands progress to the caller and settles the request with the answer that follows it", async () => {
    const client = await pair(async (_request, progress) => {
      progress({ done: 1, total: 2, message: "scanned 1 of 2 files" });
      progress({ done: 2, total: 2, message: "scanned 2 of 2 files" });
      return { content: [{ type: "text", text: "indexed 2 files" }] };
    });
    const seen: unknown[] = [];
    // A progress line used to settle the request as `{id}` with no result: a front end's index_project answered undefined.
    const answer = await client.request("call", { name: "index_project", arguments: {} }, (p) => seen.push(p));
    expect(answer).toEqual({ content: [{ type: "text", text: "indexed 2 files" }] });
    expect(seen).toEqual([
      { done: 1, total: 2, message: "scanned 1 of 2 files" },
      { done: 2, total: 2, message: "scanned 2 of 2 files" },
    ]);
  });

  it("rejects a request whose handler failed, with its message", async () => {
    const client = await pair(async () => {
      throw new Error("the catalog is locked");
    });
    await expect(client.request("call", { name: "index_status", arguments: {} })).rejects.toThrow("the catalog is locked");
  });

  it("answers requests in flight together by id", async () => {
    const client = await pair(async (request) => {
      const { name } = request.params as { name: string };
      await new Promise((r) => setTimeout(r, name === "slow" ? 50 : 0));
      return name;
    });
    const [slow, fast] = await Promise.all([client.request("call", { name: "slow" }), client.request("call", { name: "fast" })]);
    expect([slow, fast]).toEqual(["slow", "fast"]);
  });
});
