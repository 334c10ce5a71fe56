import type { RecordedEvent } from "../envelope.js";
import type { ReadFilter, TailOptions } from "./EventStore.js";

/**
 * Follows a log through two of its reads: calls `onEvents` with every batch appended after
 * `options.after`, polling `head` every `intervalMs` (10). Both drivers tail this way; for
 * SQLite the head is one b-tree lookup, so the poll costs next to nothing and another process's
 * appends show up well within 50 ms. Returns a function that stops it.
 */
export const pollTail = (
  head: () => number,
  read: (filter: ReadFilter) => RecordedEvent[],
  options: TailOptions,
  onEvents: (events: RecordedEvent[]) => void | Promise<void>,
): (() => void) => {
  let position = options.after;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      while (!stopped && head() > position) {
        const batch = read({ after: position, limit: options.batchSize ?? 1000 });
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
