import { getHeapStatistics } from "node:v8";
import { collectGarbage } from "./collectGarbage.js";

/**
 * For a long loop that leaves garbage behind while what it keeps grows: `tick()` after each step
 * collects once the heap has grown `slackBytes` past what the last collection left. V8 otherwise
 * lets the heap grow to about twice what is live before it collects, and keeps the pages: a
 * graph built from empty had 590-800 MB of heap at the end of resolving the scale tree with
 * ~400 MB live. A loop that never grows that far never collects. Answers whether it collected.
 */
export const garbageBound = (slackBytes: number): { readonly tick: () => boolean } => {
  let floor = getHeapStatistics().used_heap_size;
  return {
    tick: () => {
      if (getHeapStatistics().used_heap_size < floor + slackBytes) return false;
      if (!collectGarbage()) return false;
      floor = getHeapStatistics().used_heap_size;
      return true;
    },
  };
};
