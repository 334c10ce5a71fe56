import type { NemesisPaths } from "../config/index.js";
import { connectEngine, engineOwner } from "../engine/index.js";

/** A tool's JSON answer from the engine another process runs for this project. */
export type EngineAnswer = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly message: string };

/**
 * Asks the running engine (a `nemesis serve` of this project) to answer a tool call with
 * `json_output`, so a CLI query reads the same graph and chunks the engine holds instead of
 * working around its lock. Null when no engine runs or it does not answer on its socket: the
 * caller then reads the read models itself.
 */
export const callRunningEngine = async (paths: NemesisPaths, tool: string, args: Record<string, unknown>): Promise<EngineAnswer | null> => {
  const owner = engineOwner(paths.lock);
  if (owner === null || owner.socket === null) return null;
  const client = await connectEngine(owner.socket).catch(() => null);
  if (client === null) return null;
  try {
    const answer = (await client.request("call", {
      name: tool,
      arguments: { ...args, json_output: true },
      caller: { name: "nemesis-cli", source: "cli" },
    })) as { content: Array<{ text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };
    const text = answer.content.map((c) => c.text).join("\n");
    if (answer.isError) return { ok: false, message: text };
    return { ok: true, value: answer.structuredContent ?? (JSON.parse(text) as Record<string, unknown>) };
  } catch {
    // The engine went away mid-call: read the models directly (this process may now own them).
    return null;
  } finally {
    client.close();
  }
};
