/**
 * Worker entry of `streamPayloads`: reads payloads by position from its own read-only
 * connection and posts them in order, in batches, staying at most a window ahead of what the
 * main thread has taken (it reports that in `taken`, KB, through shared memory).
 */
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { payloadText } from "./payloadText.js";

export interface PayloadReaderData {
  readonly path: string;
  /** One `?`: the position. */
  readonly sql: string;
  readonly positions: ReadonlyArray<number>;
  /** Int32Array over it: [0] KB the main thread has taken. */
  readonly control: SharedArrayBuffer;
  readonly windowKb: number;
}

/**
 * A batch in order from `from`; a null payload is a position the log does not hold. `kb` is what
 * the batch counts against the window: the consumer adds it to `taken` once it takes the batch.
 */
export type PayloadBatch =
  | { readonly from: number; readonly payloads: ReadonlyArray<string | null>; readonly kb: number }
  | { readonly failed: string };

/** Characters gathered before a post: one message per few hundred KB, not per payload. */
const BATCH_CHARS = 256 * 1024;

const run = (): void => {
  const data = workerData as PayloadReaderData;
  const port = parentPort!;
  const taken = new Int32Array(data.control);
  let db: Database.Database | undefined;
  try {
    db = new Database(data.path, { readonly: true, fileMustExist: true });
    const stmt = db.prepare(data.sql).pluck();
    let sentKb = 0;
    let from = 0;
    let batch: Array<string | null> = [];
    let chars = 0;
    const post = () => {
      const kb = Math.ceil(chars / 1024);
      port.postMessage({ from, payloads: batch, kb } satisfies PayloadBatch);
      from += batch.length;
      sentKb += kb;
      batch = [];
      chars = 0;
      // Wait while the main thread lags a window behind: the texts would pile up in its heap.
      for (let seen = Atomics.load(taken, 0); sentKb - seen > data.windowKb; seen = Atomics.load(taken, 0)) {
        Atomics.wait(taken, 0, seen, 100);
      }
    };
    for (const position of data.positions) {
      const text = payloadText(stmt.get(position) as string | Buffer | undefined);
      batch.push(text);
      chars += text?.length ?? 0;
      if (chars >= BATCH_CHARS) post();
    }
    if (batch.length > 0) post();
  } catch (e) {
    port.postMessage({ failed: e instanceof Error ? e.message : String(e) } satisfies PayloadBatch);
  } finally {
    db?.close();
  }
};

run();
