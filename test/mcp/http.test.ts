import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir } from "../sources/scan/helpers.js";
import { spawnCli } from "../cli/spawnCli.js";
import { CLI } from "../helpers.js";
import { indexedFixtureCopy } from "../fixtureCache.js";
import { connectStdio, textOf, waitIndexed } from "./mcpClient.js";

let root: string;
let child: ChildProcessWithoutNullStreams;
let url: URL;
let token: string;

/** Waits for `nemesis serve --http` to print where it listens and the token to send. */
const started = (p: ChildProcessWithoutNullStreams): Promise<{ url: URL; token: string }> =>
  new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`serve --http did not start: ${stderr}`)), 60_000);
    p.stderr.on("data", (d) => {
      stderr += String(d);
      const m = /at (http:\/\/\S+\/mcp) \(send "Authorization: Bearer (\S+)"\)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve({ url: new URL(m[1]!), token: m[2]! });
      }
    });
    p.on("exit", (code) => reject(new Error(`serve --http exited ${code}: ${stderr}`)));
  });

const connectHttp = async (headers: Record<string, string> = { Authorization: `Bearer ${token}` }) => {
  const client = new Client({ name: "http-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
};

const post = (headers: Record<string, string>, body: unknown = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  // Indexed already (once per run: test/fixtureCache.ts): serve's first index in the background is
  // stdio.test.ts's to check, the same engine behind either transport.
  root = await indexedFixtureCopy("resolve/ts-basic");
  child = spawn(process.execPath, [CLI, "serve", "--http", "--port", "0", "--project", root], { env: { ...process.env, OPENAI_API_KEY: "" } });
  child.stdout.resume();
  ({ url, token } = await started(child));
}, 60_000);
afterAll(async () => {
  // The server still writes its logs while it shuts down: remove its project only once it has exited.
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill();
    await exited;
  }
  removeDir(root);
});

describe("nemesis serve --http", () => {
  it("serves the same tool list as stdio and `nemesis query`, and answers tools", async () => {
    const client = await connectHttp();
    await waitIndexed(client);
    const overHttp = await client.listTools();
    const stdio = await connectStdio(root);
    try {
      expect(await stdio.client.listTools()).toEqual(overHttp);
    } finally {
      await stdio.close();
    }
    const cli = await spawnCli(root, ["query", "--json"]);
    expect(JSON.parse(cli.stdout)).toEqual(overHttp);
    expect(textOf(await client.callTool({ name: "search_regex", arguments: { pattern: "function twice" } }))).toContain("src/lib/math.ts:5:");
    await client.close();
  }, 120_000);

  it("keeps sessions apart", async () => {
    const a = await connectHttp();
    const b = await connectHttp();
    const [ra, rb] = await Promise.all([
      a.callTool({ name: "search_regex", arguments: { pattern: "function add" } }),
      b.callTool({ name: "search_regex", arguments: { pattern: "function slugify" } }),
    ]);
    expect(textOf(ra)).toContain("src/lib/math.ts:1:export function add");
    expect(textOf(rb)).toContain("packages/util/src/index.ts:1:export function slugify");
    await a.close();
    await b.close();
  });

  it("refuses a missing or wrong token (401), a foreign Host or Origin (403), oversized bodies and batches", async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: "Bearer wrong" })).status).toBe(401);
    const auth = { authorization: `Bearer ${token}` };
    expect((await post({ ...auth, origin: "http://evil.example" })).status).toBe(403);
    // fetch never sends a Host of its own choosing: a raw request does, as a DNS-rebinding page would.
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: "POST", headers: { ...auth, host: "evil.example:80", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end("{}");
    });
    expect(rebound).toBe(403);
    expect((await post(auth, { x: "y".repeat(5 * 1024 * 1024) })).status).toBe(413);
    expect((await post(auth, Array.from({ length: 40 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" })))).status).toBe(400);
    expect((await post({ ...auth, "mcp-session-id": "not-a-session" }, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(404);
  });
});
