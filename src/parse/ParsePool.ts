import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { builtEntryUrl } from "../shared/index.js";
import { EncodedPayload } from "../events/index.js";
import { encodeParseResult } from "./encodeParseResult.js";
import { DEFAULT_BUDGET_MS, parseSource, type ParseInput, type ParseResult } from "./parseSource.js";
import type { EncodedParseResult } from "./reactor/SourceParser.js";

export interface ParsePoolOptions {
  /** Worker threads; defaults to `os.availableParallelism()`. */
  readonly size?: number;
  /**
   * Worker script. Defaults to the compiled `parseWorker.js` beside this module. When that file
   * does not exist (running from TypeScript sources, as vitest does) the pool parses in-process.
   */
  readonly workerUrl?: URL;
  /**
   * How long a worker may take over one file before it is presumed hung, killed and replaced.
   * Defaults to three times the file's budget plus two seconds (the budget already stops
   * tree-sitter, so this only catches a worker that is truly stuck).
   */
  readonly hangTimeoutMs?: number;
}

export interface ParsePool {
  /** `worker` with real threads, `in-process` when no compiled worker script was found. */
  readonly mode: "worker" | "in-process";
  readonly size: number;
  parse(input: ParseInput): Promise<ParseResult>;
  /** `parse` with the FileParsed payload serialised by the worker (what the reactor appends). */
  parseEncoded(input: ParseInput): Promise<EncodedParseResult>;
  /** Stops the workers; files still queued resolve as failures. */
  close(): Promise<void>;
}

type Answer = ParseResult | EncodedParseResult;

interface Job {
  readonly id: number;
  readonly input: ParseInput;
  readonly encode: boolean;
  readonly resolve: (result: Answer) => void;
}

interface Slot {
  worker: Worker;
  /** Jobs posted to the worker, oldest first: the first is running, the rest wait in its port. */
  jobs: Job[];
  /** Hang timer of the running job. */
  timer: NodeJS.Timeout | null;
}

/**
 * Jobs posted to one worker at a time. Two, so that a worker that finishes a file starts the
 * next at once instead of waiting for the main thread, which may be busy committing a batch.
 */
const IN_FLIGHT = 2;

export interface WorkerRequest {
  readonly id: number;
  readonly input: ParseInput;
  /** Answer a successful parse with its payload's JSON and summary instead of the object. */
  readonly encode?: boolean;
}

export type WorkerResponse =
  | { readonly id: number; readonly result: ParseResult }
  | { readonly id: number; readonly encoded: { readonly json: string; readonly summary: string | undefined } };

const answerOf = (message: WorkerResponse): Answer =>
  "encoded" in message ? { ok: true, payload: new EncodedPayload(message.encoded.json, message.encoded.summary) } : message.result;

const defaultWorkerUrl = (): URL | null => builtEntryUrl(import.meta.url, ["./parseWorker.js", "../parse/parseWorker.js"]);

const inProcessPool = (): ParsePool => {
  let closed = false;
  return {
    mode: "in-process",
    size: 1,
    parse(input) {
      if (closed) return Promise.resolve({ ok: false, reason: "parse pool closed" });
      // Yield first so a caller queuing many files is not blocked for all of them at once.
      return new Promise((resolve) => setImmediate(() => resolve(parseSource(input))));
    },
    async parseEncoded(input) {
      return encodeParseResult(await this.parse(input));
    },
    async close() {
      closed = true;
    },
  };
};

/** A pool of parse workers: files go to idle workers; a crashed or hung worker costs only its file. */
export const createParsePool = (options: ParsePoolOptions = {}): ParsePool => {
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  if (workerUrl === null) return inProcessPool();
  const size = Math.max(1, options.size ?? availableParallelism());
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const hangLimit = (job: Job): number => options.hangTimeoutMs ?? 3 * (job.input.budgetMs ?? DEFAULT_BUDGET_MS) + 2_000;

  /** Starts the hang timer of the slot's running job (the worker begins it as soon as the previous one is answered). */
  const arm = (slot: Slot): void => {
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.jobs[0];
    if (job === undefined) {
      // An idle worker must not keep the process alive if the caller never closes the pool.
      slot.worker.unref();
      return;
    }
    const limit = hangLimit(job);
    slot.timer = setTimeout(() => replace(slot, `parse worker stopped responding after ${limit} ms on ${job.input.path}`), limit);
  };

  /** Answers the slot's running job. */
  const finish = (slot: Slot, result: Answer): void => {
    const job = slot.jobs.shift();
    arm(slot);
    job?.resolve(result);
  };

  /** The running job fails with `reason`; the jobs queued behind it never started and go back to the front of the queue. */
  const replace = (slot: Slot, reason: string): void => {
    const old = slot.worker;
    old.removeAllListeners();
    old.on("error", () => {});
    void old.terminate();
    const waiting = slot.jobs.splice(1);
    finish(slot, { ok: false, reason });
    if (closed) {
      for (const job of waiting) job.resolve({ ok: false, reason: "parse pool closed" });
      return;
    }
    queue.unshift(...waiting);
    slot.worker = spawn(slot);
    dispatch();
  };

  const spawn = (slot: Slot): Worker => {
    const worker = new Worker(workerUrl);
    worker.on("message", (message: WorkerResponse) => {
      if (slot.jobs[0]?.id !== message.id) return;
      finish(slot, answerOf(message));
      dispatch();
    });
    worker.on("error", (error) => {
      const path = slot.jobs[0]?.input.path ?? "a file";
      replace(slot, `parse worker crashed on ${path}: ${error.message}`);
    });
    worker.on("exit", (code) => {
      if (closed || slot.worker !== worker) return;
      const path = slot.jobs[0]?.input.path ?? "a file";
      replace(slot, `parse worker exited (code ${code}) while parsing ${path}`);
    });
    worker.unref();
    return worker;
  };

  const post = (slot: Slot, job: Job): void => {
    slot.jobs.push(job);
    if (slot.jobs.length === 1) {
      slot.worker.ref();
      arm(slot);
    }
    const request: WorkerRequest = { id: job.id, input: job.input, encode: job.encode };
    slot.worker.postMessage(request);
  };

  /** Idle workers first, then a second job behind each running one. */
  const dispatch = (): void => {
    for (let depth = 0; depth < IN_FLIGHT; depth++) {
      for (const slot of slots) {
        if (queue.length === 0) return;
        if (slot.jobs.length === depth) post(slot, queue.shift()!);
      }
    }
  };

  const submit = (input: ParseInput, encode: boolean): Promise<Answer> => {
    if (closed) return Promise.resolve({ ok: false, reason: "parse pool closed" });
    return new Promise<Answer>((resolve) => {
      queue.push({ id: nextId++, input, encode, resolve });
      dispatch();
    });
  };

  for (let i = 0; i < size; i++) {
    const slot: Slot = { worker: null as unknown as Worker, jobs: [], timer: null };
    slot.worker = spawn(slot);
    slots.push(slot);
  }

  return {
    mode: "worker",
    size,
    parse: (input) => submit(input, false) as Promise<ParseResult>,
    parseEncoded: (input) => submit(input, true) as Promise<EncodedParseResult>,
    async close() {
      if (closed) return;
      closed = true;
      for (const job of queue.splice(0)) job.resolve({ ok: false, reason: "parse pool closed" });
      await Promise.all(
        slots.map(async (slot) => {
          while (slot.jobs.length > 0) finish(slot, { ok: false, reason: "parse pool closed" });
          slot.worker.removeAllListeners();
          slot.worker.on("error", () => {});
          await slot.worker.terminate();
        }),
      );
    },
  };
};
