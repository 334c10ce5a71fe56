/**
 * `nemesis serve` driven as a client drives it (the MCP SDK's Client over stdio), for the suites
 * that measure through the real server: mcp and live.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../cli.js", import.meta.url));

/** Node options for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (Node refuses them in NODE_OPTIONS). */
const NODE_ARGS = (process.env.NEMESIS_BENCH_NODE_ARGS ?? "").split(" ").filter((a) => a !== "");

export interface Server {
  readonly client: Client;
  readonly pid: number | null;
  close(): Promise<void>;
}

export const connect = async (root: string): Promise<Server> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...NODE_ARGS, CLI, "serve", "--project", root],
    env: { ...(process.env as Record<string, string>), OPENAI_API_KEY: "" },
    stderr: "ignore",
  });
  const client = new Client({ name: "nemesis-bench", version: "1.0.0" });
  await client.connect(transport);
  return { client, pid: transport.pid, close: () => client.close() };
};

/** Closes the client and waits for the server process to be gone (it holds the engine lock until then). */
export const stop = async (server: Server): Promise<void> => {
  await server.close();
  for (let i = 0; i < 600 && server.pid !== null; i++) {
    try {
      process.kill(server.pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Waits for a line of the server's log (`serve.log`) matching `what`, and answers it. */
const logLine = async (root: string, pid: number | null, what: string, doing: string): Promise<string> => {
  const log = join(root, ".nemesis", "logs", "serve.log");
  const mark = new RegExp(`\\[${pid}\\] (${what}).*`);
  for (let i = 0; i < 6000; i++) {
    const found = existsSync(log) ? mark.exec(readFileSync(log, "utf8")) : null;
    if (found) return found[0];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server did not finish ${doing} ${root} in 5 minutes`);
};

/** Waits for the server's own catch-up with the disk (started with the process) to finish. */
export const caughtUp = async (root: string, pid: number | null): Promise<void> => {
  await logLine(root, pid, "caught up|background index failed", "catching up with");
};

/**
 * Waits for the tools' warm-up the server starts once caught up (graph snapshots, the
 * architecture ranks), and answers its log line: the calls measured are those of a server that
 * has been up a moment.
 */
export const warmedUp = async (root: string, pid: number | null): Promise<string> =>
  (await logLine(root, pid, "warmed ", "warming the tools of")).replace(/^\[\d+\] /, "");

export const textOf = (result: unknown): string => (result as { content: Array<{ text: string }> }).content.map((c) => c.text).join("\n");
