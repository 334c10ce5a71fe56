import { VersionConflict } from "../versionConflict.js";
import { appendToStreams, traceAppended, type AppendResult, type StreamAppend } from "./appendToStreams.js";
import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/**
 * An append that meets concurrent writers without failing. `appends` carry the expected
 * versions the caller read; when another writer moved one of those streams meanwhile (a hook,
 * the watcher, the parse reactor), `redecide` runs inside the write transaction, where no other
 * writer can commit, and reads the streams as they are now: it returns what is still worth
 * appending, often less (a newer event may already cover it). A conflict is thus an expected
 * outcome handled here, never an error, and retrying in a loop cannot starve under a storm of
 * writers. `alsoInTransaction` commits with the append (a reactor's checkpoint).
 */
export const appendOrRedecide = (
  handle: LogHandle,
  appends: ReadonlyArray<StreamAppend>,
  redecide: () => ReadonlyArray<StreamAppend>,
  alsoInTransaction?: () => void,
): AppendResult => {
  const { db } = sqliteLog(handle);
  const attempt = (decided: ReadonlyArray<StreamAppend>): AppendResult | VersionConflict => {
    const result = appendToStreams(handle, decided);
    if (!(result instanceof VersionConflict)) alsoInTransaction?.();
    return result;
  };
  const first = db.transaction(() => attempt(appends)).immediate();
  if (!(first instanceof VersionConflict)) {
    if (!db.inTransaction) traceAppended(first);
    return first;
  }
  const second = db
    .transaction(() => {
      const result = attempt(redecide());
      // Decided while holding the write lock: a stream can only be off if redecide read it wrong.
      if (result instanceof VersionConflict) throw new Error(`appendOrRedecide: decided under the write lock, yet ${result.message}`);
      return result;
    })
    .immediate();
  if (!db.inTransaction) traceAppended(second);
  return second;
};
