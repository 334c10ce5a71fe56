import { createRequire } from "node:module";

/** glibc's `int malloc_trim(size_t pad)`, run off the main thread: 1 if it gave memory back, else 0. */
export type MallocTrim = (pad: number) => Promise<number>;

/** What one trim did: an expected outcome either way, never an error. */
export type TrimOutcome =
  | { readonly _tag: "Trimmed"; readonly rssBeforeMb: number; readonly rssAfterMb: number; readonly ms: number }
  | { readonly _tag: "Unavailable"; readonly reason: string };

/** Why there is no malloc_trim here, and whether that is to be expected (another platform) or worth a line. */
export interface NoTrim {
  readonly reason: string;
  readonly expected: boolean;
}

interface KoffiFunction {
  async(pad: number, done: (err: unknown, result: number) => void): void;
}

/**
 * glibc's malloc_trim through koffi (an FFI whose binaries come inside its npm packages), or why
 * not. Only glibc has it: macOS, Windows and musl have nothing to call, and their allocators
 * hand memory back on their own terms. The call runs on libuv's pool: on a soak's arenas it took
 * 270-420 ms, which the main thread would otherwise spend not answering.
 */
export const loadMallocTrim = (): MallocTrim | NoTrim => {
  if (process.platform !== "linux") return { reason: `${process.platform} has no malloc_trim`, expected: true };
  let koffi: { load(path: string): { func(signature: string): KoffiFunction } };
  try {
    koffi = createRequire(import.meta.url)("koffi");
  } catch (e) {
    return { reason: `koffi did not load (${firstLine(e)}); \`npm install\` brings it back`, expected: false };
  }
  try {
    // musl's libc has another name: the load fails there, which is the answer.
    const trim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return (pad) => new Promise((resolve, reject) => trim.async(pad, (err, result) => (err ? reject(err) : resolve(result))));
  } catch (e) {
    return { reason: `no glibc malloc_trim in this process (${firstLine(e)})`, expected: true };
  }
};

const firstLine = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0]!;

/** At most one trim in this long: each one walks every arena, and a day under load asks often. */
export const TRIM_INTERVAL_MS = 30_000;

export interface NativeMemoryTrimmer {
  /**
   * A trim now, or, if one ran less than TRIM_INTERVAL_MS ago, once that time is up. `now`: the
   * server is at rest (a burst over), so the trim costs nobody a wait: it runs at once.
   */
  request(now?: boolean): void;
  /** No more trims: the pending one is dropped and a running one awaited. */
  stop(): Promise<void>;
}

/**
 * Hands what malloc keeps free back to the system, for a long-running server. glibc keeps what
 * the native code (Kuzu, LanceDB, SQLite, V8's own malloc) freed in its per-thread arenas, in
 * chunks it returns only from the top of a heap, so the RSS kept each burst's high-water mark,
 * ~60% of it free (docs/benchmarks.md, the soak); malloc_trim(0) walks every arena and returns the
 * free pages. The FFI loads on the first trim, so commands that never ask do not pay for it;
 * where it cannot load, requests are no-ops and `say` gets one line if that is a surprise.
 */
export const nativeMemoryTrimmer = (
  say: (line: string) => void,
  onTrimmed: (outcome: TrimOutcome & { _tag: "Trimmed" }) => void = () => {},
  load: () => MallocTrim | NoTrim = loadMallocTrim,
  intervalMs = TRIM_INTERVAL_MS,
): NativeMemoryTrimmer => {
  let loaded: MallocTrim | NoTrim | undefined;
  let lastAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    timer = undefined;
    if (loaded === undefined) {
      loaded = load();
      if (typeof loaded !== "function" && !loaded.expected) say(`freed native memory stays with the process: ${loaded.reason}`);
    }
    if (typeof loaded !== "function" || stopped) return;
    lastAt = performance.now();
    const rssBeforeMb = process.memoryUsage.rss() / 1048576;
    try {
      await loaded(0);
    } catch (e) {
      loaded = { reason: `malloc_trim failed (${firstLine(e)})`, expected: false };
      return say(`freed native memory stays with the process: ${loaded.reason}`);
    }
    onTrimmed({ _tag: "Trimmed", rssBeforeMb, rssAfterMb: process.memoryUsage.rss() / 1048576, ms: performance.now() - lastAt });
  };

  return {
    request: (now = false) => {
      if (stopped || (loaded !== undefined && typeof loaded !== "function")) return;
      const start = () => {
        running = run().finally(() => (running = null));
      };
      if (now && running === null) {
        clearTimeout(timer);
        return start();
      }
      if (timer !== undefined) return;
      const wait = running === null ? lastAt + intervalMs - performance.now() : intervalMs;
      if (wait <= 0) start();
      else timer = setTimeout(start, wait).unref();
    },
    stop: async () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
};
