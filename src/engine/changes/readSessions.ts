// Modules by their own paths: the session-start hook reads sessions without the schema library.
import type { EventMeta } from "../../events/index.js";
import { readEvents, type LogHandle } from "../../events/log.js";

/** One SessionStarted as the log holds it. */
export interface SessionRecord {
  readonly client: string;
  readonly sessionId: string;
  /** The log's head when the session began: its changes are the events after it. */
  readonly position: number;
  /** The SessionStarted event's own position. */
  readonly recordedAt: number;
  readonly at: string;
  readonly meta: EventMeta;
}

/** Every session start, oldest first (one per start: a few a day, so all of them are read). */
export const readSessions = (log: LogHandle, upTo?: number): SessionRecord[] =>
  readEvents(log, { types: ["SessionStarted"], ...(upTo !== undefined ? { before: upTo + 1 } : {}) }).map((e) => {
    const d = e.data as { client?: unknown; sessionId?: unknown; position?: unknown };
    return {
      client: String(d.client ?? ""),
      sessionId: String(d.sessionId ?? ""),
      position: typeof d.position === "number" ? d.position : e.position - 1,
      recordedAt: e.position,
      at: e.recordedAt,
      meta: e.meta,
    };
  });

/**
 * Starts closer than this to the caller's own are the same session: Claude Code runs the
 * session-start hook and starts its MCP servers together, and each records a start.
 */
export const SAME_SESSION_MS = 60_000;

/**
 * The session before `current` of the same client: the newest start of that client recorded
 * before it, under another id and more than SAME_SESSION_MS earlier. Without `current` (the
 * CLI), the newest start of any client.
 */
export const previousSession = (sessions: ReadonlyArray<SessionRecord>, current: { readonly client: string; readonly sessionId: string } | null): SessionRecord | null => {
  if (current === null) return sessions[sessions.length - 1] ?? null;
  const own = sessions.filter((s) => s.sessionId === current.sessionId);
  const startedAt = own.length > 0 ? Date.parse(own[own.length - 1]!.at) : Date.now();
  const before = own.length > 0 ? own[own.length - 1]!.recordedAt : Infinity;
  for (let i = sessions.length - 1; i >= 0; i--) {
    const s = sessions[i]!;
    if (s.recordedAt >= before || s.client !== current.client || s.sessionId === current.sessionId) continue;
    if (startedAt - Date.parse(s.at) <= SAME_SESSION_MS) continue;
    return s;
  }
  return null;
};
