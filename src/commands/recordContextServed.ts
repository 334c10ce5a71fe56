import type { ContextServed, EventLogError, EventMeta, LogHandle } from "../events/index.js";
import { eventStoreOf } from "./eventStoreOf.js";
import { handleCommand, isTaggedError, type Command } from "./handleCommand.js";

export const CONTEXT_STREAM_PREFIX = "context:";
/** The stream of calls made in no session (`nemesis query`, `nemesis context`). */
export const NO_SESSION_STREAM = `${CONTEXT_STREAM_PREFIX}-`;

export const contextStream = (session: string | null): string => (session === null ? NO_SESSION_STREAM : `${CONTEXT_STREAM_PREFIX}${session}`);

/** Most entries of each list kept: an answer is capped by tokens, so these bound only a bug's event. */
const MAX_ITEMS = 200;
/** The task as get_smart_context accepts it at most (TASK_TEXT_MAX); longer text is cut, not refused. */
const MAX_TASK_CHARS = 2_000;

export interface ContextServedInput {
  readonly served: ContextServed;
  /** Whether the task text is kept (`[privacy] log_tasks`). */
  readonly keepTask: boolean;
  readonly meta: EventMeta;
}

const unique = (items: ReadonlyArray<string>): string[] => [...new Set(items.filter((s) => s !== ""))].slice(0, MAX_ITEMS);

/**
 * Records what one answer served (ContextServed), in its session's stream. The stream is read
 * and appended at its version, so two answers of one session at once are ordered, and a conflict
 * reads again and decides again. Returns the event's position.
 */
export const recordContextServed =
  (input: ContextServedInput): Command<number, EventLogError> =>
  (store) => {
    const s = input.served;
    const stream = contextStream(s.session);
    const data: ContextServed = {
      session: s.session,
      client: s.client,
      tool: s.tool,
      task: input.keepTask && s.task !== null ? s.task.slice(0, MAX_TASK_CHARS) : null,
      files: unique(s.files),
      symbols: unique(s.symbols),
      rules: unique(s.rules),
      tokens: Math.max(0, Math.round(s.tokens)),
    };
    const meta = s.session === null ? input.meta : { ...input.meta, session: s.session };
    return handleCommand(
      store,
      (st) => st.streamVersion(stream),
      (version: number) => ({ appends: [{ stream, expectedVersion: version, events: [{ type: "ContextServed", data, meta }] }], answer: (appended) => appended.lastPosition }),
    );
  };

/**
 * Runs recordContextServed on `log` now. Logging what was served must never fail the answer
 * that served it: every failure (a full disk, a read-only log) comes
 * back as its message, for the caller to log.
 */
export const logContextServed = (log: LogHandle, input: ContextServedInput): { readonly position: number } | { readonly failed: string } => {
  try {
    const outcome = recordContextServed(input)(eventStoreOf(log));
    return isTaggedError(outcome) ? { failed: outcome.message } : { position: outcome };
  } catch (e) {
    return { failed: e instanceof Error ? e.message : String(e) };
  }
};
