import { describe, expect, it } from "vitest";
import { garbageBound } from "../../src/shared/garbageBound.js";

describe("garbageBound", () => {
  it("collects once the heap has grown its slack past the last collection, and not before", () => {
    const bound = garbageBound(64 * 1024 * 1024);
    expect(bound.tick()).toBe(false);
    let collected = 0;
    const kept: number[][] = [];
    for (let step = 0; step < 40; step++) {
      // ~8 MB of garbage a step, and a little kept.
      let garbage: Array<{ readonly i: number }> | null = Array.from({ length: 250_000 }, (_, i) => ({ i }));
      kept.push([garbage.length]);
      garbage = null;
      if (bound.tick()) collected++;
    }
    expect(collected).toBeGreaterThan(0);
    expect(collected).toBeLessThan(40);
    expect(kept).toHaveLength(40);
  });
});
