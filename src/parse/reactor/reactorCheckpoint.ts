import type { LogHandle } from "../../events/index.js";

/**
 * The reactor's checkpoint lives in a side table of events.db, so it commits in the same
 * transaction as the results it covers: a crash can replay a little, never skip a file.
 * The events table itself is never touched by this.
 */
const SCHEMA = "CREATE TABLE IF NOT EXISTS reactor_checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL)";

export const ensureReactorCheckpoint = (log: LogHandle): void => {
  log.db.exec(SCHEMA);
};

export const readReactorCheckpoint = (log: LogHandle, name: string): number => {
  const exists = log.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'reactor_checkpoint'").get();
  if (!exists) return 0;
  return (log.db.prepare("SELECT position FROM reactor_checkpoint WHERE name = ?").pluck().get(name) as number | undefined) ?? 0;
};

export const saveReactorCheckpoint = (log: LogHandle, name: string, position: number): void => {
  log.db
    .prepare(
      "INSERT INTO reactor_checkpoint (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = MAX(position, excluded.position)",
    )
    .run(name, position);
};
