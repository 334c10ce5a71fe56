import * as Either from "effect/Either";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isTaggedError, type Command, type TaggedError } from "../../src/commands/index.js";
import { closeEventLog, type EventMeta, type EventStore, type LogHandle, openEventLog, readEvents, type RecordedEvent, SqliteEventStore } from "../../src/events/index.js";

export const meta: EventMeta = { source: "test", actor: "tester" };

/** A fresh SQLite log in a temp dir, with Given/When/Then helpers for write-side tests. */
export const scenario = () => {
  const dir = mkdtempSync(join(tmpdir(), "nemesis-cmd-"));
  const handle = openEventLog(join(dir, "events.db"));
  const store: EventStore = SqliteEventStore.of(handle);
  let mark = 0;
  return {
    store,
    handle,
    /** Given: events already in the log, appended directly (stream, type, data). */
    given(events: ReadonlyArray<{ stream: string; type: string; data: unknown }>) {
      for (const e of events) {
        const appended = store.append([{ stream: e.stream, expectedVersion: "any", events: [{ type: e.type, data: e.data, meta }] }]);
        if (isTaggedError(appended)) throw appended;
      }
      mark = readEvents(handle, { descending: true, limit: 1 })[0]?.position ?? 0;
    },
    /** When: run a command; returns its success or its typed failure. */
    when<A, E extends TaggedError>(command: Command<A, E>): Either.Either<A, E> {
      const outcome = command(store);
      return isTaggedError(outcome) ? Either.left(outcome as E) : Either.right(outcome as A);
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

/** Runs a command against an open log, for tests that set the scene through commands: a refusal throws. */
export const runCommand = <A, E extends TaggedError>(log: LogHandle, command: Command<A, E>): A => {
  const outcome = command(SqliteEventStore.of(log));
  if (isTaggedError(outcome)) throw outcome;
  return outcome as A;
};
