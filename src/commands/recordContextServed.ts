import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { EventLog, makeEventLog, type ContextServed, type EventLogError, type EventMeta, type LogHandle, type VersionConflict } from "../events/index.js";
import { retryOnConflict } from "./retryOnConflict.js";

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
 * reads again and retries. Returns the event's position.
 */
export const recordContextServed = (input: ContextServedInput): Effect.Effect<number, VersionConflict | EventLogError, EventLog> =>
  Effect.gen(function* () {
    const log = yield* EventLog;
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
    const version = yield* log.streamVersion(stream);
    const result = yield* log.append(stream, version, [{ type: "ContextServed", data, meta: s.session === null ? input.meta : { ...input.meta, session: s.session } }]);
    return result.lastPosition;
  }).pipe(retryOnConflict, Effect.withSpan("recordContextServed"));

/**
 * Runs recordContextServed on `log` now. Logging what was served must never fail the answer
 * that served it: every failure (a conflict past its retries, a full disk, a read-only log) comes
 * back as its message, for the caller to log.
 */
export const logContextServed = (log: LogHandle, input: ContextServedInput): { readonly position: number } | { readonly failed: string } => {
  try {
    const exit = Effect.runSyncExit(Effect.provideService(recordContextServed(input), EventLog, makeEventLog(log)));
    if (Exit.isSuccess(exit)) return { position: exit.value };
    const e = Cause.squash(exit.cause);
    return { failed: e instanceof Error ? e.message : String(e) };
  } catch (e) {
    return { failed: e instanceof Error ? e.message : String(e) };
  }
};
