import { createRequire } from "node:module";

/** glibc's `int malloc_trim(size_t pad)`: 1 if it gave memory back to the system, else 0. */
export type MallocTrim = (pad: number) => number;

/** What one call did: an expected outcome either way, never an error. */
export type TrimOutcome =
  | { readonly _tag: "Trimmed"; readonly rssBeforeMb: number; readonly rssAfterMb: number; readonly ms: number }
  | { readonly _tag: "Unavailable"; readonly reason: string };

/** Why there is no malloc_trim here, and whether that is to be expected (another platform) or worth a line. */
export interface NoTrim {
  readonly reason: string;
  readonly expected: boolean;
}

/**
 * glibc's malloc_trim through koffi (an FFI whose binaries come inside its npm packages), or why
 * not. Only glibc has it: macOS, Windows and musl have nothing to call, and their allocators
 * hand memory back on their own terms.
 */
export const loadMallocTrim = (): MallocTrim | NoTrim => {
  if (process.platform !== "linux") return { reason: `${process.platform} has no malloc_trim`, expected: true };
  let koffi: { load(path: string): { func(signature: string): (...args: unknown[]) => unknown } };
  try {
    koffi = createRequire(import.meta.url)("koffi");
  } catch (e) {
    return { reason: `koffi did not load (${firstLine(e)}); reinstall with \`npm install\` to get it back`, expected: false };
  }
  try {
    // musl's libc has another name: the load fails there, which is the answer.
    const trim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return (pad) => trim(pad) as number;
  } catch (e) {
    return { reason: `no glibc malloc_trim in this process (${firstLine(e)})`, expected: true };
  }
};

const firstLine = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0]!;

export interface NativeMemoryTrimmer {
  /** Hands the memory malloc keeps free back to the system, where that can be done. */
  trim(): TrimOutcome;
}

/**
 * For a server at rest after a burst of work: glibc's malloc keeps what the native code (Kuzu,
 * LanceDB, SQLite, V8's own malloc) freed in its per-thread arenas, in chunks it returns to the
 * system only from the top of a heap, so the RSS kept each burst's high-water mark, ~60% of it
 * free (docs/benchmarks.md, the soak). malloc_trim(0) walks every arena and returns the free
 * pages. The FFI loads on the first call, so commands that never settle do not pay for it; where
 * it cannot load, every call is a no-op, and `say` gets one line if that is a surprise.
 */
export const nativeMemoryTrimmer = (say: (line: string) => void, load: () => MallocTrim | NoTrim = loadMallocTrim): NativeMemoryTrimmer => {
  let loaded: MallocTrim | NoTrim | undefined;
  return {
    trim: () => {
      if (loaded === undefined) {
        loaded = load();
        if (typeof loaded !== "function" && !loaded.expected) say(`freed native memory stays with the process: ${loaded.reason}`);
      }
      if (typeof loaded !== "function") return { _tag: "Unavailable", reason: loaded.reason };
      const t0 = performance.now();
      const rssBeforeMb = process.memoryUsage.rss() / 1048576;
      loaded(0);
      return { _tag: "Trimmed", rssBeforeMb, rssAfterMb: process.memoryUsage.rss() / 1048576, ms: performance.now() - t0 };
    },
  };
};
