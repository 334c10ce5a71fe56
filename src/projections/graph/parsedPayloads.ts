import { streamPayloads, type LogHandle, type RecordedEvent } from "../../events/index.js";

/** A batch with fewer FileParsed events reads each payload when it is first used. */
const STREAM_MIN_EVENTS = 256;

export interface ParsedPayloads {
  /** The payload of `event`; each FileParsed of the batch must be asked for, in order. */
  dataOf(event: RecordedEvent): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The payloads of a batch's FileParsed events for a reader that walks the batch in order: a
 * large batch (a replay, a rebuild, a restart's refill) has them read ahead by another thread
 * (streamPayloads) while this one parses. An event the log does not hold keeps its own `data`.
 */
export const parsedPayloads = (
  log: LogHandle,
  events: ReadonlyArray<RecordedEvent>,
  omit: Readonly<Record<string, ReadonlyArray<string>>>,
  /** False when the cores are taken (see ApplyContext): each payload is then read when used. */
  readAhead: boolean,
): ParsedPayloads => {
  const positions: number[] = [];
  for (const e of events) if (e.type === "FileParsed") positions.push(e.position);
  if (!readAhead || positions.length < STREAM_MIN_EVENTS) return { dataOf: async (event) => event.data, close: async () => undefined };
  const stream = streamPayloads(log, positions, omit);
  // Asked now, so the reader thread starts now: a caller may have other work before its first
  // read (a restart loads the resolution cache meanwhile).
  let first: Promise<IteratorResult<string | null>> | null = stream.next();
  first.catch(() => undefined);
  return {
    async dataOf(event) {
      if (event.type !== "FileParsed") return event.data;
      const pending = first ?? stream.next();
      first = null;
      const { value } = await pending;
      return typeof value === "string" ? JSON.parse(value) : event.data;
    },
    async close() {
      await stream.return(undefined);
    },
  };
};
