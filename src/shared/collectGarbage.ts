import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | null = null;

/**
 * A full garbage collection of this thread's heap, now. For the few moments a long run has
 * just dropped hundreds of MB and then waits: V8 collects when the thread allocates, so a
 * thread that waits (a one-shot index's main thread while the chunk thread catches up) kept
 * the graph's ~650 MB of released resolver until exit, and its peak RSS with it. Node exposes
 * `gc` only with --expose-gc: the flag is set here, once, and the function taken from a new context.
 */
export const collectGarbage = (): void => {
  if (gc === null) {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  gc();
};
