import { Worker } from "node:worker_threads";
import { builtEntryUrl } from "../../shared/index.js";
import { preparedOn, type LogHandle } from "./sqliteLog.js";
import { payloadText } from "./payloadText.js";
import type { PayloadBatch, PayloadReaderData } from "./payloadReaderThread.js";
import { payloadByPositionSql, type ReadFilter } from "./readEvents.js";

/**
 * Payloads fewer than this are read on the calling thread: starting a thread costs more than reading them.
 * A graph replay, a rebuild or a restart reads thousands.
 */
const THREAD_MIN_PAYLOADS = 256;
/** How far the thread may read ahead of the consumer (the texts wait in this thread's heap). */
const WINDOW_KB = 16 * 1024;

/** The built thread entry, or null when running from sources (the payloads are then read here). */
const readerUrl = (): URL | null =>
  builtEntryUrl(import.meta.url, ["./payloadReaderThread.js", "../events/payloadReaderThread.js"]);

/**
 * The payload text of each of `positions`, in order (null for a position the log does not
 * hold), for a reader about to parse thousands of large payloads one after the other (the
 * graph's replay, rebuild and restart): SQLite reading them (and removing `omit`'s fields)
 * is a large part of that time, on one core while the other idles. From THREAD_MIN_PAYLOADS on, a
 * worker thread reads them with its own connection while this thread parses; a thread that
 * fails hands the rest back to this one.
 */
export async function* streamPayloads(
  log: LogHandle,
  positions: ReadonlyArray<number>,
  omit?: ReadFilter["omit"],
  /** Tests: the thread entry (default the built one, if any) and its read-ahead window. */
  thread: { readonly url?: URL | null; readonly windowKb?: number; readonly minPayloads?: number } = {},
): AsyncGenerator<string | null> {
  const sql = payloadByPositionSql(omit);
  const wanted = positions.length >= (thread.minPayloads ?? THREAD_MIN_PAYLOADS) && log.path !== ":memory:";
  const url = wanted ? (thread.url === undefined ? readerUrl() : thread.url) : null;
  let next = 0;
  if (url !== null) {
    const reader = new ThreadReader(url, { path: log.path, sql, positions, windowKb: thread.windowKb ?? WINDOW_KB });
    try {
      for (;;) {
        const batch = await reader.take();
        if (batch === null) break;
        for (const payload of batch) {
          next++;
          yield payload;
        }
      }
    } finally {
      await reader.close();
    }
  }
  if (next === positions.length) return;
  const stmt = preparedOn(log, sql, "pluck");
  for (; next < positions.length; next++) yield payloadText(stmt.get(positions[next]) as string | Buffer | undefined);
}

/** The consuming side of payloadReaderThread. */
class ThreadReader {
  private readonly worker: Worker;
  private readonly taken: Int32Array;
  private readonly batches: Array<{ readonly payloads: ReadonlyArray<string | null>; readonly kb: number }> = [];
  private waiting: (() => void) | null = null;
  /** Set once the thread has nothing more to give: it finished, failed or exited. */
  private ended = false;
  /** Payloads received so far; the batch order is the positions' order. */
  private received = 0;

  constructor(url: URL, data: Omit<PayloadReaderData, "control">) {
    const control = new SharedArrayBuffer(4);
    this.taken = new Int32Array(control);
    const total = data.positions.length;
    this.worker = new Worker(url, { workerData: { ...data, control } satisfies PayloadReaderData });
    const wake = () => {
      const w = this.waiting;
      this.waiting = null;
      w?.();
    };
    this.worker.on("message", (m: PayloadBatch) => {
      if ("failed" in m || m.from !== this.received) this.ended = true;
      else {
        this.batches.push(m);
        this.received += m.payloads.length;
        if (this.received >= total) this.ended = true;
      }
      wake();
    });
    const end = () => {
      this.ended = true;
      wake();
    };
    this.worker.on("error", end);
    this.worker.on("exit", end);
  }

  /** The next batch, or null once the thread has nothing more (the caller reads the rest itself). */
  async take(): Promise<ReadonlyArray<string | null> | null> {
    while (this.batches.length === 0 && !this.ended) await new Promise<void>((resolve) => (this.waiting = resolve));
    const batch = this.batches.shift();
    if (batch === undefined) return null;
    Atomics.add(this.taken, 0, batch.kb);
    Atomics.notify(this.taken, 0);
    return batch.payloads;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
