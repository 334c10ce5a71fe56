import type { RecordedEvent } from "../envelope.js";
import type { LogHandle } from "./sqliteLog.js";
import { headPosition, readEvents } from "./readEvents.js";
import type { TailOptions } from "../store/EventStore.js";
import { pollTail } from "../store/pollTail.js";

export type { TailOptions };

/** Follows the log: every batch appended after `options.after`, by any process (see pollTail). Returns a function that stops it. */
export const tailEvents = (
  log: LogHandle,
  options: TailOptions,
  onEvents: (events: RecordedEvent[]) => void | Promise<void>,
): (() => void) => pollTail(() => headPosition(log), (filter) => readEvents(log, filter), options, onEvents);
