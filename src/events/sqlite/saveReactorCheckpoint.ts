import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/** Moves reactor `name`'s checkpoint to `position`, never back (see ensureReactorCheckpoint). */
export const saveReactorCheckpoint = (log: LogHandle, name: string, position: number): void => {
  sqliteLog(log)
    .db.prepare(
      "INSERT INTO reactor_checkpoint (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = MAX(position, excluded.position)",
    )
    .run(name, position);
};
