import { eventStoreOf, isTaggedError, type Command, type MemoryWrite, type Stored, type TaggedError } from "../../commands/index.js";
import type { ToolContext } from "../ToolContext.js";
import { resolveSymbol } from "../../queries/index.js";
import { projectPath } from "../projectPath.js";
import { toolError } from "../tool.js";

/** Who recorded a memory entry through a tool: the MCP client named in `initialize`, as `nemesis log` shows it. */
export const callerMeta = (ctx: ToolContext): MemoryWrite["meta"] => ({
  source: ctx.caller.source,
  actor: ctx.caller.version ? `${ctx.caller.name}/${ctx.caller.version}` : ctx.caller.name,
});

export type WriteOutcome = { readonly stored: true; readonly id: string; readonly position: number } | { readonly stored: false; readonly id: string };

/**
 * Runs a memory command against the log. A duplicate is an answer, not a failure: the entry
 * already says the same thing, and the agent is told its id. Invalid input says what to fix.
 */
export const runMemoryWrite = async <E extends TaggedError>(ctx: ToolContext, command: Command<Stored, E>): Promise<WriteOutcome> => {
  const result = command(eventStoreOf(ctx.log));
  if (!isTaggedError(result)) return { stored: true, id: result.id, position: result.position };
  const e = result as E & { existingId?: string };
  if (e._tag === "DuplicateContent" && e.existingId) return { stored: false, id: e.existingId };
  throw toolError(e.message);
};

/**
 * Each `related_to` entry as the graph knows it: a file (its relative path) or a symbol
 * (`path:qualifiedName`), resolved as every graph tool resolves names, but never by a fuzzy guess:
 * a typo is kept as written (a topic) and reported with the closest names, so the agent can fix it.
 */
export const linkRelated = async (
  ctx: ToolContext,
  entries: ReadonlyArray<string>,
): Promise<{ linked: string[]; unknown: string[]; hints: string[] }> => {
  const graph = await ctx.graph();
  const linked: string[] = [];
  const unknown: string[] = [];
  const hints: string[] = [];
  for (const entry of entries) {
    const name = entry.trim().replace(/^\.\//, "");
    const found = graph === null ? null : await resolveSymbol(graph, name, { confinePath: (p) => projectPath(ctx.root, p) });
    if (found?._tag === "Resolved" && found.match !== "fuzzy" && found.node.table !== "External") {
      const n = found.node;
      linked.push(n.table === "File" ? n.qualifiedName : `${n.path}:${n.qualifiedName}`);
    } else {
      const closest = found?._tag === "Resolved" ? [found.node] : (found?.closest ?? []);
      unknown.push(name);
      hints.push(closest.length > 0 ? `${name} (did you mean ${closest.slice(0, 3).map((c) => c.qualifiedName).join(", ")}?)` : name);
    }
  }
  return { linked, unknown, hints };
};
