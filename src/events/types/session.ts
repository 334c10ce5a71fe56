import * as Schema from "effect/Schema";

/**
 * An agent session began (stream `session:<sessionId>`): the session-start hook records one, and
 * so does each MCP client's `initialize`. `position` is the log's head when it began, so "what
 * changed since my last session" is the events after it.
 */
export const SessionStarted = Schema.Struct({
  /** The client's name: `claude-code` from the hook, `clientInfo.name` from an MCP client. */
  client: Schema.String,
  sessionId: Schema.String,
  position: Schema.Number,
});
export type SessionStarted = typeof SessionStarted.Type;
