import { sqliteLog, type LogHandle } from "./sqliteLog.js";

/** The position of the event with id `eventId`, or undefined when the log does not hold it. */
export const positionOfEvent = (log: LogHandle, eventId: string): number | undefined =>
  sqliteLog(log).stmt.positionOfId.get(eventId) as number | undefined;
