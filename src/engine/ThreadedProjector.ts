import { Worker } from "node:worker_threads";
import { EventLogDamaged, type RecordedEvent } from "../events/index.js";
import { builtEntryUrl } from "../shared/index.js";
import { StoreDamaged, type CatchUpResult, type Projector } from "../projections/index.js";
import { decodeThreadReply, type ProjectorThreadData, type ThreadRequest } from "./projectorThreadMessages.js";

/** A projector that reads the log itself (in its own thread) instead of being handed batches. */
export interface SelfCatchingUp {
  catchUpSelf(): Promise<CatchUpResult>;
}

export const catchesUpItself = (p: Projector): p is Projector & SelfCatchingUp =>
  typeof (p as Partial<SelfCatchingUp>).catchUpSelf === "function";

/** The built thread entry, or null when running from sources (tests then project in-process). */
export const projectorThreadUrl = (): URL | null =>
  builtEntryUrl(import.meta.url, ["./projectorThread.js", "../engine/projectorThread.js"]);

/**
 * The main thread's side of a projector thread (see projectorThread.ts). Requests are
 * serialised; a failure in the thread comes back as an error with the thread's stack.
 */
export class ThreadedProjector implements Projector, SelfCatchingUp {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private queue: Promise<unknown> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    readonly name: string,
    readonly version: number,
    readonly handles: ReadonlyArray<string>,
    url: URL,
    data: ProjectorThreadData,
  ) {
    this.worker = new Worker(url, { workerData: data });
    this.worker.on("message", (message: unknown) => {
      const reply = decodeThreadReply(message);
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      if (reply.ok) w.resolve(reply.value);
      // Damage keeps its type across the thread: the engine drops and rebuilds a damaged model.
      else if (reply.damage) w.reject(new StoreDamaged(reply.damage));
      else if (reply.logDamage) w.reject(new EventLogDamaged(reply.logDamage));
      else w.reject(new Error(`${name} projector thread: ${reply.error}`));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    this.worker.on("error", (e) => fail(new Error(`${name} projector thread crashed: ${e.message}`)));
    this.worker.on("exit", (code) => fail(new Error(`${name} projector thread exited (code ${code})`)));
  }

  private request<A>(op: ThreadRequest["op"]): Promise<A> {
    const run = this.queue.then(
      () =>
        new Promise<unknown>((resolve, reject) => {
          if (this.failure) return reject(this.failure);
          const id = this.nextId++;
          this.waiting.set(id, { resolve, reject });
          this.worker.postMessage({ id, op } satisfies ThreadRequest);
        }),
    );
    this.queue = run.catch(() => undefined);
    return run as Promise<A>;
  }

  checkpoint(): Promise<{ readonly position: number; readonly version: number }> {
    return this.request("checkpoint");
  }

  catchUpSelf(): Promise<CatchUpResult> {
    return this.request("catchUp");
  }

  apply(_events: ReadonlyArray<RecordedEvent>, _upTo: number): Promise<void> {
    return Promise.reject(new Error(`the ${this.name} projector runs in its own thread and reads the log itself: call catchUpSelf`));
  }

  reset(): Promise<void> {
    return this.request("reset");
  }

  async close(): Promise<void> {
    try {
      if (!this.failure) await this.request("close");
    } finally {
      this.worker.removeAllListeners("exit");
      await this.worker.terminate();
    }
  }
}
