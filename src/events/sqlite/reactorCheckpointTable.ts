import { preparedOn, sqliteLog, type LogHandle } from "./sqliteLog.js";

/**
 * A reactor's checkpoint (the parse reactor's: how far it has read FileChanged) lives in a side
 * table of the log, so it commits in the same transaction as the events it appended
 * (appendOrRedecide): a crash can replay a little, never skip a file.
 */
const SCHEMA = "CREATE TABLE IF NOT EXISTS reactor_checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL)";

/** Creates the table (a writer, before its first checkpoint). */
export const ensureReactorCheckpoint = (log: LogHandle): void => {
  sqliteLog(log).db.exec(SCHEMA);
};

/** Whether the table exists: a log no reactor has written to has none, and a read-only handle cannot make it. */
export const hasReactorCheckpoints = (log: LogHandle): boolean =>
  preparedOn(log, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'reactor_checkpoint'").get() !== undefined;
