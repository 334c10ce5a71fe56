import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { graphWarmer, QUIET_MS } from "../../src/mcp/graphWarmer.js";

/** A load that finishes when the test says so. */
const controlledLoad = () => {
  const finishes: Array<() => void> = [];
  const load = vi.fn(() => new Promise<void>((resolve) => finishes.push(resolve)));
  return { load, finish: () => finishes.shift()?.() };
};

describe("graphWarmer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("loads once after changes in quick succession stop", async () => {
    const { load, finish } = controlledLoad();
    const warmer = graphWarmer(load, () => {});
    for (let i = 0; i < 5; i++) {
      warmer.changed();
      await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
    }
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(load).toHaveBeenCalledTimes(1);
    finish();
    await warmer.idle();
  });

  it("loads once more after a load that changes arrived during, never two at a time", async () => {
    const { load, finish } = controlledLoad();
    const warmer = graphWarmer(load, () => {});
    warmer.changed();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    warmer.changed();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    warmer.changed();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(load).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    finish();
    await warmer.idle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reports a failed load and goes on; after stop nothing more is loaded", async () => {
    const errors: unknown[] = [];
    const warmer = graphWarmer(() => Promise.reject(new Error("kuzu closed")), (e) => errors.push(e));
    warmer.changed();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    await warmer.idle();
    expect(errors).toHaveLength(1);
    warmer.stop();
    warmer.changed();
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toHaveLength(1);
  });
});
