import { appendElement, appendMember, member, parseJsonSpans, removeElement, removeMember, type JsonNode } from "./jsonText.js";

/**
 * What `nemesis hook install` adds to Claude Code's project settings (.claude/settings.json) and
 * MCP configuration (.mcp.json), as edits of the files' text: every entry the user had stays as
 * they wrote it, ours are recognised by their command and appear once however often install runs,
 * and removing ours gives back the file as it was, byte for byte.
 */

/** A file we cannot merge into without guessing: the user fixes it, we change nothing. */
export interface Unmergeable {
  readonly unmergeable: string;
}

export type Edited = { readonly text: string } | Unmergeable;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Claude Code's hook configuration: per event a list of matcher groups, each with command hooks
 * and a timeout in seconds. SessionStart and UserPromptSubmit take no matcher.
 */
const OURS: ReadonlyArray<{ readonly event: string; readonly matcher?: string; readonly hook: string; readonly timeout: number }> = [
  { event: "SessionStart", hook: "session-start", timeout: 10 },
  { event: "UserPromptSubmit", hook: "prompt-submit", timeout: 30 },
  // The subagent tool is Task, named Agent in newer Claude Code releases.
  { event: "PreToolUse", matcher: "Task|Agent", hook: "pre-task", timeout: 30 },
  { event: "PostToolUse", matcher: "Edit|Write|MultiEdit|NotebookEdit", hook: "file-changed", timeout: 10 },
];

const ourGroup = (ours: (typeof OURS)[number], command: string) => ({
  ...(ours.matcher !== undefined ? { matcher: ours.matcher } : {}),
  hooks: [{ type: "command", command: `${command} hook ${ours.hook}`, timeout: ours.timeout }],
});

/** Our hooks as a settings object of their own: a file that did not exist. */
const ourHooksObject = (command: string) => ({ hooks: Object.fromEntries(OURS.map((o) => [o.event, [ourGroup(o, command)]])) });

/** A hook command of ours, whatever the command that starts Nemesis (`nemesis`, `node …/dist/cli.js`, an npx wrapper). */
const OUR_COMMAND = /(^|[\s/\\"'])(nemesis|cli\.js)["']?\s+hook\s+(session-start|file-changed|prompt-submit|pre-task)\s*$/;

export const isOurHookCommand = (command: string): boolean => OUR_COMMAND.test(command);

const valueAt = (text: string, node: JsonNode): unknown => JSON.parse(text.slice(node.start, node.end));
const isOurHook = (text: string, node: JsonNode): boolean => {
  const hook = valueAt(text, node);
  return isObject(hook) && typeof hook.command === "string" && isOurHookCommand(hook.command);
};

/** One removal of ours, or null when none is left. */
const removeOneHook = (text: string): string | null => {
  const root = parseJsonSpans(text);
  const hooks = member(root, "hooks");
  if (hooks === null || hooks.value.kind !== "object") return null;
  const events = hooks.value;
  for (const [e, event] of events.members.entries()) {
    const groups = event.value;
    if (groups.kind !== "array") continue;
    for (const [g, group] of groups.items.entries()) {
      const inner = member(group, "hooks");
      if (inner === null || inner.value.kind !== "array") continue;
      const ours = inner.value.items.map((h) => isOurHook(text, h));
      if (!ours.includes(true)) continue;
      // The user's hooks that share a group with ours stay in it.
      if (!ours.every(Boolean)) return removeElement(text, inner.value, ours.indexOf(true));
      if (groups.items.length > 1) return removeElement(text, groups, g);
      // The list held only our group: install made it, so it goes (and `hooks` when that empties it).
      // A list the user had left empty looks the same once install filled it, and goes too.
      return events.members.length > 1 ? removeMember(text, events, e) : removeMember(text, root as Extract<JsonNode, { kind: "object" }>, hooks.index);
    }
  }
  return null;
};

/** The settings without our hooks. A list that held none of ours stays as it was, even empty. */
export const removeOurHooks = (text: string): string => {
  for (let next = removeOneHook(text); next !== null; next = removeOneHook(text)) text = next;
  return text;
};

/** The settings with our hooks, each once, after the user's own in every event; `null` for a file that does not exist. */
export const addOurHooks = (text: string | null, command: string): Edited => {
  if (text === null) return { text: `${JSON.stringify(ourHooksObject(command), null, 2)}\n` };
  let out = removeOurHooks(text);
  const parsed = JSON.parse(out) as Record<string, unknown>;
  if (parsed.hooks !== undefined && !isObject(parsed.hooks)) return { unmergeable: '"hooks" is not an object' };
  for (const o of OURS) {
    const existing = (parsed.hooks as Record<string, unknown> | undefined)?.[o.event];
    if (existing !== undefined && !Array.isArray(existing)) return { unmergeable: `"hooks.${o.event}" is not a list` };
  }
  for (const o of OURS) {
    const root = parseJsonSpans(out) as Extract<JsonNode, { kind: "object" }>;
    const hooks = member(root, "hooks");
    if (hooks === null) {
      out = appendMember(out, root, "hooks", { [o.event]: [ourGroup(o, command)] });
      continue;
    }
    const events = hooks.value as Extract<JsonNode, { kind: "object" }>;
    const event = member(events, o.event);
    out = event === null ? appendMember(out, events, o.event, [ourGroup(o, command)]) : appendElement(out, event.value as Extract<JsonNode, { kind: "array" }>, ourGroup(o, command));
  }
  return { text: out };
};

/** `.mcp.json`'s entry for the Nemesis server: the same command, with `serve`. */
export const ourMcpServer = (command: string): { command: string; args: string[] } => {
  const [program, ...args] = command.trim().split(/\s+/);
  return { command: program!, args: [...args, "serve"] };
};

/** Whether an mcpServers entry starts Nemesis's server (a command that ends in `nemesis` or `cli.js`, then `serve`). */
const isOurServer = (server: unknown): boolean => {
  if (!isObject(server) || typeof server.command !== "string" || !Array.isArray(server.args)) return false;
  const args = server.args as unknown[];
  if (args[args.length - 1] !== "serve") return false;
  return /(^|[/\\])nemesis$/.test(server.command) || args.some((a) => typeof a === "string" && /(^|[/\\])(nemesis|cli\.js)$/.test(a));
};

/**
 * `.mcp.json` with `mcpServers.nemesis`. A `nemesis` entry the user wrote differently is theirs:
 * it stays, and `kept` says so.
 */
export const addOurServer = (text: string | null, command: string): (Edited & { readonly kept?: boolean }) | Unmergeable => {
  const ours = ourMcpServer(command);
  if (text === null) return { text: `${JSON.stringify({ mcpServers: { nemesis: ours } }, null, 2)}\n` };
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (parsed.mcpServers !== undefined && !isObject(parsed.mcpServers)) return { unmergeable: '"mcpServers" is not an object' };
  const existing = (parsed.mcpServers as Record<string, unknown> | undefined)?.nemesis;
  if (existing !== undefined) return { text, kept: JSON.stringify(existing) !== JSON.stringify(ours) };
  const root = parseJsonSpans(text) as Extract<JsonNode, { kind: "object" }>;
  const servers = member(root, "mcpServers");
  return { text: servers === null ? appendMember(text, root, "mcpServers", { nemesis: ours }) : appendMember(text, servers.value as Extract<JsonNode, { kind: "object" }>, "nemesis", ours) };
};

/** `.mcp.json` without our server; `mcpServers` goes too when that empties it. */
export const removeOurServer = (text: string): string => {
  const root = parseJsonSpans(text);
  const servers = member(root, "mcpServers");
  if (servers === null || servers.value.kind !== "object") return text;
  const ours = member(servers.value, "nemesis");
  if (ours === null || !isOurServer(valueAt(text, ours.value))) return text;
  return servers.value.members.length > 1 ? removeMember(text, servers.value, ours.index) : removeMember(text, root as Extract<JsonNode, { kind: "object" }>, servers.index);
};
