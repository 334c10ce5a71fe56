import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | null | undefined;

/**
 * A full collection of the main thread's heap, now. V8 collects late: after a burst of saves a
 * serving engine sat at rest with ~460 MB of garbage in a heap whose live part was ~320 MB (sympy,
 * the soak bench), and the pages it held stayed in the RSS. The flag only reaches contexts made
 * after it is set, so the function comes from a new one (as Jest's leak detection gets it).
 * Answers whether it ran.
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
