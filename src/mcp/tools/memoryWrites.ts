import * as Effect from "effect/Effect";
import * as Either from "effect/Either";
import type { Stored } from "../../commands/index.js";
import { EventLog, makeEventLog, type EventMeta } from "../../events/index.js";
import { fileNodeId } from "../../projections/graph/model.js";
import type { ToolContext } from "../ToolContext.js";
import { toolError } from "../tool.js";

/** Who recorded a memory entry through a tool: the MCP client named in `initialize`, as `nemesis log` shows it. */
export const callerMeta = (ctx: ToolContext): EventMeta => ({
  source: ctx.caller.source,
  actor: ctx.caller.version ? `${ctx.caller.name}/${ctx.caller.version}` : ctx.caller.name,
});

export type WriteOutcome = { readonly stored: true; readonly id: string; readonly position: number } | { readonly stored: false; readonly id: string };

/**
 * Runs a memory command against the log. A duplicate is an answer, not a failure: the entry
 * already says the same thing, and the agent is told its id. Invalid input says what to fix.
 */
export const runMemoryWrite = async <E extends { readonly _tag: string; readonly message: string }>(
  ctx: ToolContext,
  command: Effect.Effect<Stored, E, EventLog>,
): Promise<WriteOutcome> => {
  const result = await Effect.runPromise(Effect.either(Effect.provideService(command, EventLog, makeEventLog(ctx.log))));
  if (Either.isRight(result)) return { stored: true, id: result.right.id, position: result.right.position };
  const e = result.left as E & { existingId?: string };
  if (e._tag === "DuplicateContent" && e.existingId) return { stored: false, id: e.existingId };
  throw toolError(e.message);
};

/**
 * Each `related_to` entry as the graph knows it: a file of the project (its relative path) or
 * a symbol (its qualified name, matched whole or as a dotted suffix). What the graph does not
 * know is kept as written (a topic) and reported, so the agent can correct a typo.
 */
export const linkRelated = async (ctx: ToolContext, entries: ReadonlyArray<string>): Promise<{ linked: string[]; unknown: string[] }> => {
  const graph = await ctx.graph();
  const linked: string[] = [];
  const unknown: string[] = [];
  for (const entry of entries) {
    const name = entry.trim().replace(/^\.\//, "");
    if (graph === null) {
      unknown.push(name);
      continue;
    }
    // By primary key: a file's node id is its path's (a WHERE on path scans every file).
    const files = await graph.query("MATCH (f:File {id: $id}) RETURN f.path AS path", { id: fileNodeId(name) });
    if (files.length > 0) {
      linked.push(String(files[0]!.path));
      continue;
    }
    const symbols = await graph.query(
      "MATCH (s:Symbol) WHERE s.qualifiedName = $n OR s.name = $n OR s.qualifiedName ENDS WITH $suffix RETURN s.qualifiedName AS q, s.path AS path LIMIT 2",
      { n: name, suffix: `.${name}` },
    );
    if (symbols.length > 0) linked.push(`${String(symbols[0]!.path)}:${String(symbols[0]!.q)}`);
    else unknown.push(name);
  }
  return { linked, unknown };
};
