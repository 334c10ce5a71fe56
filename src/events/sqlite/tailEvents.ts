import type { RecordedEvent } from "../envelope.js";
import type { LogHandle } from "./sqliteLog.js";
import { headPosition, readEvents } from "./readEvents.js";

import type { TailOptions } from "../store/EventStore.js";

export type { TailOptions };

/**
 * Follows the log: calls `onEvents` with every batch appended after `after`, by any process.
 * Polling MAX(position) is one b-tree lookup, so a 10 ms interval costs next to nothing and
 * another process's appends show up well within 50 ms. Returns a function that stops it.
 */
export const tailEvents = (
  log: LogHandle,
  options: TailOptions,
  onEvents: (events: RecordedEvent[]) => void | Promise<void>,
): (() => void) => {
  let position = options.after;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      while (!stopped && headPosition(log) > position) {
        const batch = readEvents(log, { after: position, limit: options.batchSize ?? 1000 });
        if (batch.length === 0) break;
        position = batch[batch.length - 1]!.position;
        const wanted = options.types ? batch.filter((e) => options.types!.includes(e.type)) : batch;
        if (wanted.length > 0) await onEvents(wanted);
      }
    } finally {
      if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 10);
    }
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
};
