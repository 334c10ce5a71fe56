import { Worker } from "node:worker_threads";
import { matchLines, type CorpusFile, type LineMatch, type MatchRequest } from "./matchLines.js";

/**
 * The worker's program, built from `matchLines`' own source so the same code is tested in
 * process and run in the thread. V8's linear-time regex engine takes over from a pattern that
 * backtracks excessively (`(a+)+$`); patterns it cannot run (backreferences, lookaround) are
 * bounded by the caller's timeout, which terminates the thread.
 */
const SOURCE = `
const { parentPort } = require("node:worker_threads");
require("node:v8").setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
const matchLines = ${matchLines.toString()};
let corpus = [];
parentPort.on("message", (msg) => {
  if (msg.type === "load") { corpus = msg.files; parentPort.postMessage({ id: msg.id, ok: true }); return; }
  try { parentPort.postMessage({ id: msg.id, ok: true, result: matchLines(corpus, msg.request) }); }
  catch (e) { parentPort.postMessage({ id: msg.id, ok: false, error: String(e && e.message || e) }); }
});
`;

export type WorkerOutcome =
  | { readonly kind: "done"; readonly matches: LineMatch[]; readonly complete: boolean }
  | { readonly kind: "timeout" }
  | { readonly kind: "failed"; readonly reason: string };

/**
 * One worker thread holding the corpus (loaded once, reused by later searches). A search that
 * overruns its time limit kills the thread; the next search starts a fresh one.
 */
export class GrepWorker {
  private worker: Worker | null = null;
  private loadedVersion: string | null = null;
  private nextId = 1;

  private start(): Worker {
    const w = new Worker(SOURCE, { eval: true });
    w.unref();
    this.worker = w;
    this.loadedVersion = null;
    return w;
  }

  private call(w: Worker, msg: Record<string, unknown>, timeoutMs: number): Promise<WorkerOutcome> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        cleanup();
        void w.terminate();
        if (this.worker === w) this.worker = null;
        resolve({ kind: "timeout" });
      }, timeoutMs);
      const onMessage = (m: { id: number; ok: boolean; result?: { matches: LineMatch[]; complete: boolean }; error?: string }) => {
        if (m.id !== id) return;
        cleanup();
        resolve(m.ok ? { kind: "done", matches: m.result?.matches ?? [], complete: m.result?.complete ?? true } : { kind: "failed", reason: m.error ?? "unknown" });
      };
      const onError = (e: Error) => {
        cleanup();
        if (this.worker === w) this.worker = null;
        resolve({ kind: "failed", reason: e.message });
      };
      const cleanup = () => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
      };
      w.on("message", onMessage);
      w.on("error", onError);
      w.postMessage({ ...msg, id });
    });
  }

  async search(
    version: string,
    loadCorpus: () => CorpusFile[],
    request: MatchRequest,
    timeoutMs: number,
  ): Promise<WorkerOutcome> {
    const w = this.worker ?? this.start();
    if (this.loadedVersion !== version) {
      const loaded = await this.call(w, { type: "load", files: loadCorpus() }, 60_000);
      if (loaded.kind !== "done") return loaded;
      this.loadedVersion = version;
    }
    return this.call(w, { type: "grep", request }, timeoutMs);
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
