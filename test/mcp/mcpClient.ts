import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { CLI } from "../helpers.js";
import { initRepo, tempDir } from "../sources/scan/helpers.js";

/** A copy of `fixtures/<name>` as a git repository in a temp dir (not indexed: the server does it). */
export const fixtureCopy = (name: string): string => {
  const root = tempDir("nemesis-serve-");
  cpSync(join(import.meta.dirname, "../../fixtures", name), root, { recursive: true });
  initRepo(root);
  return root;
};

/** The built `nemesis serve` on `root`, reached through the MCP SDK's own client over stdio. */
export const connectStdio = async (
  root: string,
  args: ReadonlyArray<string> = [],
): Promise<{ client: Client; pid: number; stderr: () => string; close(): Promise<void> }> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "serve", "--project", root, ...args],
    env: { ...(process.env as Record<string, string>), OPENAI_API_KEY: "" },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += String(d)));
  const client = new Client({ name: "nemesis-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, pid: transport.pid ?? -1, stderr: () => stderr, close: () => client.close() };
};

/** The text of a tool answer; fails the test with the text when the tool answered an error. */
export const textOf = (result: unknown): string => {
  const r = result as { content: Array<{ type: string; text: string }>; isError?: boolean };
  return r.content.map((c) => c.text).join("\n");
};

/** Polls index_status until the background index has parsed every file (or gives up after `ms`). */
export const waitIndexed = async (client: Client, ms = 60_000): Promise<void> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = await client.callTool({ name: "index_status", arguments: { json_output: true } });
    const s = status.structuredContent as { last_indexed: string | null; read_models: Array<{ behind_up_to: number }> } | undefined;
    if (s?.last_indexed && s.read_models.every((m) => m.behind_up_to === 0)) return;
    if (Date.now() > deadline) throw new Error(`the server did not finish indexing in ${ms} ms: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
