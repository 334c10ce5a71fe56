import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectTools } from "../../src/mcp/registry.js";
import { NO_HISTORY } from "../../src/mcp/tools/getFileHistory.js";
import { removeDir } from "../sources/scan/helpers.js";
import { CLI } from "../helpers.js";
import { fixtureCopy } from "./mcpClient.js";

/**
 * Speaks JSON-RPC to `nemesis serve` by hand, so every byte the server writes to stdout is
 * seen: each line must parse as a JSON-RPC message, whatever is sent in.
 */
let root: string;
let child: ChildProcessWithoutNullStreams;
const lines: string[] = [];
const waiting = new Map<number, (m: Record<string, unknown>) => void>();
let nextId = 1;

const send = (raw: string) => child.stdin.write(`${raw}\n`);
const request = (method: string, params: unknown = {}): Promise<Record<string, unknown>> => {
  const id = nextId++;
  send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${method} (#${id}); stdout so far:\n${lines.join("\n")}`)), 60_000);
    waiting.set(id, (m) => {
      clearTimeout(timer);
      resolve(m);
    });
  });
};
const call = async (name: string, args: unknown) => (await request("tools/call", { name, arguments: args })).result as { content: Array<{ text: string }>; isError?: boolean };

beforeAll(async () => {
  root = fixtureCopy("resolve/py-basic");
  child = spawn(process.execPath, [CLI, "serve", "--project", root], { env: { ...process.env, OPENAI_API_KEY: "" } });
  let buffer = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      try {
        const m = JSON.parse(line) as Record<string, unknown>;
        if (typeof m.id === "number") waiting.get(m.id)?.(m);
      } catch {
        /* recorded in `lines`; the test fails on it */
      }
    }
  });
  child.stderr.resume();
  const init = await request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "purity", version: "1" } });
  expect(init.result).toMatchObject({ serverInfo: { name: "nemesis" } });
  send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
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

describe("stdout in stdio mode carries JSON-RPC and nothing else", () => {
  it("after every tool, every error path and garbage on stdin", async () => {
    const tools = (await request("tools/list")).result as { tools: Array<{ name: string }> };
    expect(tools.tools.map((t) => t.name)).toEqual(selectTools(["core"]).map((t) => t.name));
    await call("index_project", {});
    for (const garbage of ["not json at all", "{\"jsonrpc\": \"2.0\", \"id\": ", "[1, 2, 3]", "{}", "\u0000\u0001binary", "{\"jsonrpc\":\"2.0\",\"id\":999,\"method\":\"no/such/method\"}"]) send(garbage);
    const example: Record<string, unknown> = {
      get_code_semantics: { query: "price of an order" },
      search_regex: { pattern: "def " },
      get_project_context: { topic: "pricing" },
      store_rule: { rule: "Prices are computed in cents" },
      store_decision: { title: "Decimal for money", reasoning: "floats round", alternatives: ["float: rounding errors"] },
      index_project: { path: "src" },
      index_status: {},
      search_nodes: { query: "total" },
      query_file_symbols: { file_path: "src/shop/pricing.py" },
      query_node_edges: { node_identifier: "Order" },
      get_dependencies: { symbol: "total" },
      find_path: { source: "total", target: "Order.price" },
      get_impact: { file: "src/shop/models/order.py", function: "Order.price" },
      get_file_history: { target: "src/shop/pricing.py" },
      query_interface_implementors: { name_pattern: "*" },
      find_cycles: {},
      rank_symbols: { limit: 5 },
      export_graph: { scope: "src/shop", format: "graphml" },
      get_smart_context: { task: "compute the total price of the orders", max_tokens: 2000 },
      get_architecture: {},
    };
    // The fixture's repository has no commit: get_file_history's answer is that (an error the agent can act on).
    const refuses: Record<string, string> = { get_file_history: NO_HISTORY };
    for (const t of tools.tools) {
      const ok = await call(t.name, example[t.name] ?? {});
      if (refuses[t.name] !== undefined && ok.isError) expect(ok.content[0]?.text).toBe(refuses[t.name]);
      else expect(ok.isError, `${t.name}: ${ok.content[0]?.text}`).toBeFalsy();
      await call(t.name, { ...(example[t.name] as object), json_output: true });
      const wrong = await call(t.name, { unexpected_field: "\u0000", json_output: "yes" });
      expect(wrong.isError).toBe(true);
    }
    await call("no_such_tool", {});
    await call("index_project", { path: "/etc" });
    // Still answering after all of it.
    const status = await call("index_status", {});
    expect(status.content[0]!.text).toMatch(/files: \d+ parsed/);
    for (const line of lines) {
      const m = JSON.parse(line) as Record<string, unknown>;
      expect(m.jsonrpc, line).toBe("2.0");
    }
    expect(lines.length).toBeGreaterThan(20);
  });
});
