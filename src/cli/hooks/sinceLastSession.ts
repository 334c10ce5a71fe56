import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
// Each module by its own path: the hook must answer within 300 ms, Node's start-up included.
import { recordSessionStart } from "../../commands/index.js";
import type { NemesisPaths } from "../../config/index.js";
import { readChanges, previousSession, readSessions } from "../../engine/index.js";
import { closeEventLog, openEventLog } from "../../events/log.js";
import type { Logger } from "../../mcp/index.js";
import { summarizeChanges } from "../../queries/index.js";
import type { HookInput } from "./hookInput.js";
import { hookMeta } from "./hookMeta.js";

/** The name Claude Code gives itself in an MCP `initialize`: its hook and its MCP sessions are one client's. */
export const HOOK_CLIENT = "claude-code";

const ago = (iso: string, now: number): string => {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
};

/**
 * Records this session's start (SessionStarted) and returns at most three lines on what changed
 * since the client's previous session: none when nothing did, when there was none, or when the
 * project has no log yet. Never throws: a hook fails open.
 */
export const sinceLastSession = (paths: NemesisPaths, input: HookInput, logger: Logger, env: NodeJS.ProcessEnv): string[] => {
  if (!existsSync(paths.events)) return [];
  try {
    const log = openEventLog(paths.events);
    try {
      const sessionId = input.sessionId ?? randomUUID();
      const head = recordSessionStart(log, { client: HOOK_CLIENT, sessionId, meta: hookMeta("hook", input, env) });
      const previous = previousSession(readSessions(log), { client: HOOK_CLIENT, sessionId });
      if (previous === null) return [];
      const from = { position: previous.position, label: "your last session", at: previous.at };
      const changes = readChanges(log, from, head, { symbols: false });
      return summarizeChanges(changes, `${ago(previous.at, Date.now())}, #${previous.position}`);
    } finally {
      closeEventLog(log);
    }
  } catch (e) {
    logger.error("session-start: what changed since the last session could not be read; the brief goes on without it", e);
    return [];
  }
};
