import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | null | undefined;

/**
 * A full collection of this thread's heap, now, for the moments a long run has just dropped
 * hundreds of MB and then waits. V8 collects when a thread allocates, so a thread that waits
 * keeps its garbage and the RSS with it:
 * - a one-shot index's main thread, while the chunk thread caught up, kept the graph's ~650 MB
 *   of released resolver until exit (the scale bench's peak);
 * - a serving engine sat at rest after a burst of saves with ~460 MB of garbage in a heap whose
 *   live part was ~320 MB (sympy, the soak bench).
 * Node exposes `gc` only with --expose-gc, and the flag reaches only contexts made after it is
 * set, so the function comes from a new one (as Jest's leak detection gets it). Answers whether
 * it ran.
 */
export const collectGarbage = (): boolean => {
  if (gc === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  if (typeof gc !== "function") return false;
  gc();
  return true;
};
