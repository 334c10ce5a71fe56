import { countEventsOfTypes } from "./countEventsOfTypes.js";
import { preparedOn, type LogHandle } from "./sqliteLog.js";

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
  const later = preparedOn(log, "SELECT COUNT(*) FROM events WHERE position > ?", "pluck").get(after) as number;
  const pending = countEventsOfTypes(log, handles, after);
  return { pending, notForIt: later - pending };
};
