import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../src/shared/collectGarbage.js";

describe("collectGarbage", () => {
  it("runs a full collection in a process started without --expose-gc, and frees what nothing holds", async () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    let freed = false;
    const registry = new FinalizationRegistry(() => (freed = true));
    (() => registry.register({ big: new Array(1_000).fill(0) }, "x"))();
    expect(collectGarbage()).toBe(true);
    expect(collectGarbage()).toBe(true);
    // Finalizers run after the collection, on a later turn.
    for (let i = 0; i < 40 && !freed; i++) await new Promise((r) => setTimeout(r, 50));
    expect(freed).toBe(true);
  });
});
