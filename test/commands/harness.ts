import * as Effect from "effect/Effect";
import * as Either from "effect/Either";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeEventLog, EventLog, type EventLogService, type EventMeta, makeEventLog, openEventLog, readEvents, type RecordedEvent } from "../../src/events/index.js";

export const meta: EventMeta = { source: "test", actor: "tester" };

/** A fresh SQLite log in a temp dir, with Given/When/Then helpers for write-side tests. */
export const scenario = () => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-cmd-"));
  const handle = openEventLog(join(dir, "events.db"));
  const log: EventLogService = makeEventLog(handle);
  let mark = 0;
  return {
    log,
    handle,
    /** Given: events already in the log, appended directly (stream, type, data). */
    given(events: ReadonlyArray<{ stream: string; type: string; data: unknown }>) {
      for (const e of events) Effect.runSync(log.append(e.stream, "any", [{ type: e.type, data: e.data, meta }]));
      mark = readEvents(handle, { descending: true, limit: 1 })[0]?.position ?? 0;
    },
    /** When: run a command; returns its success or its typed failure. */
    when<A, E>(effect: Effect.Effect<A, E, EventLog>): Either.Either<A, E> {
      return Effect.runSync(Effect.either(Effect.provideService(effect, EventLog, log)));
    },
    /** Then: the events the command appended. */
    newEvents(): RecordedEvent[] {
      return readEvents(handle, { after: mark });
    },
    all(): RecordedEvent[] {
      return readEvents(handle);
    },
    close() {
      closeEventLog(handle);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export const expectRight = <A, E>(r: Either.Either<A, E>): A => {
  if (Either.isLeft(r)) throw new Error(`expected success, got ${String((r.left as { _tag?: string })._tag)}: ${String(r.left)}`);
  return r.right;
};

export const expectLeft = <A, E>(r: Either.Either<A, E>): E => {
  if (Either.isRight(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.right)}`);
  return r.left;
};
