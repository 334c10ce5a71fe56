// From the light entry of the log: a hook records a file through this within its few ms of start-up.
import { EventLogError, type AppendResult, type EventStore, type StreamAppend } from "../events/log.js";

/** An expected outcome other than success (invalid input, a duplicate, an entry not found), told apart by its `_tag`. */
export interface TaggedError {
  readonly _tag: string;
  readonly message: string;
}

/**
 * What a command decided: the appends, each expecting its stream at the version the decision
 * read, and its outcome once they are in (the answer, or a tagged error such as an idempotency
 * key already used by another event).
 */
export interface Decision<R> {
  readonly appends: ReadonlyArray<StreamAppend>;
  readonly answer: (appended: AppendResult) => R;
}

/** The outcomes a decision (or a union of decisions and refusals) can end in. */
type Outcome<D> = D extends Decision<infer R> ? R : D;

/** A write-side use case, run against whichever store the caller holds (see handleCommand). */
export type Command<A, E extends TaggedError> = (store: EventStore) => A | E;

/** Whether a command's outcome is one of its tagged errors rather than its answer. */
export const isTaggedError = (outcome: unknown): outcome is TaggedError =>
  outcome instanceof Error && typeof (outcome as { _tag?: unknown })._tag === "string";

/** A decision with nothing to append. */
export const answerOnly = <A>(answer: A): Decision<A> => ({ appends: [], answer: () => answer });

const NOTHING_APPENDED: AppendResult = { versions: [], lastPosition: 0, duplicates: 0, appended: 0 };

/** A re-decision that turned into an error under the write lock: leaves the transaction, which then writes nothing. */
class Rejected {
  constructor(readonly error: TaggedError) {}
}

/**
 * The one frame of every command: read what the decision needs, decide (a pure function), and
 * append with the versions read. When another writer moved a stream in between, the store runs
 * the read and the decision again where no other writer can commit (appendOrRedecide), so a
 * conflict is an outcome handled here, never an error, and a storm of writers cannot starve it.
 * A failing log (full disk, read-only file) is returned as an EventLogError.
 */
export const handleCommand = <H, D extends Decision<unknown> | TaggedError>(
  store: EventStore,
  read: (store: EventStore) => H,
  decide: (history: H) => D,
): Outcome<D> | EventLogError => {
  type Out = Outcome<D>;
  try {
    const first = decide(read(store));
    if (isTaggedError(first)) return first as Out;
    let decision = first as Decision<Out>;
    if (decision.appends.length === 0) return decision.answer(NOTHING_APPENDED);
    const appended = store.appendOrRedecide(decision.appends, () => {
      const again = decide(read(store));
      if (isTaggedError(again)) throw new Rejected(again);
      decision = again as Decision<Out>;
      return decision.appends;
    });
    return decision.answer(appended);
  } catch (e) {
    if (e instanceof Rejected) return e.error as Out;
    // A payload no schema reads (EventDecodeError) is an outcome the caller reports, like the others.
    if (isTaggedError(e)) return e as Out;
    if (isSqliteFailure(e)) return new EventLogError({ reason: `event log: ${e.message} (is the disk full or .nemesis/events.db read-only?)`, cause: e });
    throw e;
  }
};

/** SQLite's own errors carry a `SQLITE_…` code; anything else thrown is a bug and stays an exception. */
const isSqliteFailure = (e: unknown): e is Error => {
  const code = e instanceof Error ? (e as { code?: unknown }).code : undefined;
  return typeof code === "string" && code.startsWith("SQLITE");
};

/**
 * The answer of a command that refuses nothing (the history's records: files, commits, sessions),
 * whose callers treat a failing log as an exception, as they always have: the error SQLite raised.
 */
export const answerOrThrow = <A>(outcome: A | EventLogError): A => {
  if (outcome instanceof EventLogError) throw outcome.cause ?? outcome;
  return outcome;
};
