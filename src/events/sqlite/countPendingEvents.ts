import type { LogHandle } from "./openEventLog.js";

/** What lies after a consumer's checkpoint. */
export interface PendingEvents {
  /** Events of the types it handles: what it still has to apply. */
  readonly pending: number;
  /** Later events of other types: it will skip them, so they never make it behind. */
  readonly notForIt: number;
}

/**
 * Counts the events after `after`, split by whether `handles` names their type. Positions may
 * have holes (compaction), so the head minus a checkpoint is no count; both numbers are counted.
 */
export const countPendingEvents = (log: LogHandle, after: number, handles: ReadonlyArray<string>): PendingEvents => {
  const later = log.db.prepare("SELECT COUNT(*) FROM events WHERE position > ?").pluck().get(after) as number;
  const pending =
    handles.length === 0
      ? 0
      : (log.db
          .prepare(`SELECT COUNT(*) FROM events WHERE type IN (${handles.map(() => "?").join(",")}) AND position > ?`)
          .pluck()
          .get(...handles, after) as number);
  return { pending, notForIt: later - pending };
};
