// Each module by its own path: the session-start hook records this within its few tens of ms.
import type { EventMeta } from "../events/envelope.js";
import { appendToStreams } from "../events/sqlite/appendToStreams.js";
import { headPosition } from "../events/sqlite/readEvents.js";
import type { LogHandle } from "../events/sqlite/openEventLog.js";

export const SESSION_STREAM_PREFIX = "session:";

export const sessionStream = (sessionId: string): string => `${SESSION_STREAM_PREFIX}${sessionId}`;

export interface SessionStart {
  readonly client: string;
  readonly sessionId: string;
  readonly meta: EventMeta;
}

/**
 * Appends a SessionStarted holding the log's head as the session begins: what happened after it
 * is what the session did or saw. A session started again (Claude Code resumes, clears or
 * compacts under one id) adds an event to the same stream; each one is a point to compare from.
 * Returns that head.
 */
export const recordSessionStart = (log: LogHandle, start: SessionStart): number => {
  const position = headPosition(log);
  const result = appendToStreams(log, [
    {
      stream: sessionStream(start.sessionId),
      expectedVersion: "any",
      events: [{ type: "SessionStarted", data: { client: start.client, sessionId: start.sessionId, position }, meta: { ...start.meta, session: start.sessionId } }],
    },
  ]);
  // "any" cannot conflict; a conflict here is a bug in the log.
  if (!("appended" in result)) throw new Error(result.message);
  return position;
};
