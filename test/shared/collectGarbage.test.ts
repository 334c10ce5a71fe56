import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../src/shared/collectGarbage.js";

describe("collectGarbage", () => {
  it("collects what nothing references any more, at once, without --expose-gc", () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    let held: Array<{ readonly i: number; readonly s: string }> | null = Array.from({ length: 1_000_000 }, (_, i) => ({ i, s: `x${i}` }));
    const withIt = process.memoryUsage().heapUsed;
    expect(held.length).toBe(1_000_000);
    held = null;
    expect(collectGarbage()).toBe(true);
    expect(collectGarbage()).toBe(true);
    expect(process.memoryUsage().heapUsed).toBeLessThan(withIt - 30 * 1024 * 1024);
  });
});
