// From the log's light entry: the session-start hook records this within its few tens of ms.
import type { EventMeta, LogHandle } from "../events/log.js";
import { eventStoreOf } from "./eventStoreOf.js";
import { answerOrThrow, handleCommand } from "./handleCommand.js";

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
export const recordSessionStart = (log: LogHandle, start: SessionStart): number =>
  answerOrThrow(
    handleCommand(
      eventStoreOf(log),
      (store) => store.head(),
      (position: number) => ({
        // "any": a session's starts never conflict, each is a point of its own.
        appends: [
          {
            stream: sessionStream(start.sessionId),
            expectedVersion: "any",
            events: [{ type: "SessionStarted", data: { client: start.client, sessionId: start.sessionId, position }, meta: { ...start.meta, session: start.sessionId } }],
          },
        ],
        answer: () => position,
      }),
    ),
  );
