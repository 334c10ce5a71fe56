// Speaks MCP over stdio to a server command, as a client would: initialize, tools/list, then
// tools/call index_status. Exits 0 when every answer came back well-formed, 1 otherwise.
//   node scripts/mcp-smoke.mjs <command> [args…]     e.g. node scripts/mcp-smoke.mjs nemesis serve --project /tmp/p
// Every stdout line must be a JSON-RPC message: anything else breaks a real client.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write("usage: node scripts/mcp-smoke.mjs <command> [args…]\n");
  process.exit(2);
}
const TIMEOUT_MS = Number(process.env.MCP_SMOKE_TIMEOUT_MS ?? 120_000);
/** Tools the core set must list (a subset: others may be added). */
const EXPECTED_TOOLS = ["get_code_semantics", "search_regex", "get_project_context", "store_rule", "index_status"];

const server = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
let stderr = "";
server.stderr.on("data", (d) => (stderr += d));

const fail = (message) => {
  process.stderr.write(`mcp-smoke: FAIL: ${message}\n`);
  if (stderr.trim()) process.stderr.write(`--- server stderr ---\n${stderr.trimEnd()}\n`);
  server.kill();
  process.exit(1);
};
const timer = setTimeout(() => fail(`no complete answer within ${TIMEOUT_MS} ms`), TIMEOUT_MS);
server.on("error", (e) => fail(`could not start ${command}: ${e.message}`));
server.on("exit", (code, signal) => {
  if (!done) fail(`the server exited (code ${code}, signal ${signal}) before answering`);
});

const waiting = new Map();
createInterface({ input: server.stdout }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return fail(`a stdout line is not JSON-RPC: ${JSON.stringify(line.slice(0, 200))}`);
  }
  if (message.jsonrpc !== "2.0") return fail(`not a JSON-RPC 2.0 message: ${line.slice(0, 200)}`);
  const resolve = waiting.get(message.id);
  if (resolve) {
    waiting.delete(message.id);
    resolve(message);
  }
});

let nextId = 1;
const send = (message) => server.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
const request = (method, params) => {
  const id = nextId++;
  const answer = new Promise((resolve) => waiting.set(id, resolve));
  send({ id, method, params });
  return answer.then((m) => {
    if (m.error) fail(`${method} answered an error: ${JSON.stringify(m.error)}`);
    return m.result;
  });
};

let done = false;
const started = Date.now();
const init = await request("initialize", {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "nemesis-mcp-smoke", version: "0" },
});
if (!init?.serverInfo?.name) fail(`initialize gave no serverInfo: ${JSON.stringify(init)}`);
send({ method: "notifications/initialized" });
const initMs = Date.now() - started;

const list = await request("tools/list", {});
const names = (list?.tools ?? []).map((t) => t.name);
const missing = EXPECTED_TOOLS.filter((n) => !names.includes(n));
if (missing.length > 0) fail(`tools/list lacks ${missing.join(", ")} (listed: ${names.join(", ") || "nothing"})`);
for (const t of list.tools) if (t.inputSchema?.type !== "object") fail(`${t.name} has no object input schema`);

const status = await request("tools/call", { name: "index_status", arguments: {} });
const text = status?.content?.[0]?.text ?? "";
if (status?.isError || !text) fail(`index_status failed: ${JSON.stringify(status)}`);

const answeredMs = Date.now() - started;

// A client closes stdin to stop a stdio server; it must then exit on its own.
done = true;
clearTimeout(timer);
const exit = new Promise((r) => server.once("exit", () => r(Date.now() - started)));
server.stdin.end();
const exitMs = await Promise.race([exit, new Promise((r) => setTimeout(() => r(null), 30_000).unref())]);
if (exitMs === null) {
  done = false;
  fail("the server did not exit within 30 s of stdin closing");
}
process.stdout.write(
  `mcp-smoke: OK: ${init.serverInfo.name} ${init.serverInfo.version ?? ""}: initialize answered after ${initMs} ms; ` +
    `tools/list gave ${names.length} tools; index_status answered ${text.split("\n").length} lines (all by ${answeredMs} ms); exited after ${exitMs} ms\n`,
);
