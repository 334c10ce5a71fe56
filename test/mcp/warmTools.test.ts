import { describe, expect, it, vi } from "vitest";
import type { Logger } from "../../src/mcp/logger.js";
import type { ToolDefinition } from "../../src/mcp/tool.js";
import type { ToolContext } from "../../src/mcp/ToolContext.js";
import { SETTLE_MS, toolWarmer } from "../../src/mcp/warmTools.js";

const logs: string[] = [];
const logger: Logger = { info: (m) => logs.push(m), error: (m) => logs.push(`error: ${m}`) };
const ctx = { freshness: async () => null } as unknown as ToolContext;
const tool = (name: string, warm?: ToolDefinition["warm"]) => ({ name, warm }) as unknown as ToolDefinition;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("toolWarmer", () => {
  it("warms each tool that can, one at a time; a failing warm-up is logged and the others still run", async () => {
    const order: string[] = [];
    let running = 0;
    const slow = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      await sleep(5);
      order.push(name);
      running--;
    };
    const warmer = toolWarmer(
      [tool("a", slow("a")), tool("plain"), tool("broken", async () => Promise.reject(new Error("no graph"))), tool("b", slow("b"))],
      () => ctx,
      logger,
    );
    await Promise.all([warmer.warm(), warmer.warm()]);
    expect(order).toEqual(["a", "b", "a", "b"]);
    expect(logs.filter((l) => l.startsWith("error: warming broken failed"))).toHaveLength(2);
  });

  it("warms once after a burst of changes, and not at all once stopped", async () => {
    vi.useFakeTimers();
    try {
      let warmed = 0;
      const warmer = toolWarmer([tool("a", async () => void warmed++)], () => ctx, logger);
      for (let i = 0; i < 5; i++) {
        warmer.changed();
        await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
      }
      expect(warmed).toBe(0);
      await vi.advanceTimersByTimeAsync(SETTLE_MS);
      expect(warmed).toBe(1);
      warmer.changed();
      await warmer.stop();
      await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
      expect(warmed).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits while the engine is busy, and a warm-up under way stops between tools when it becomes busy", async () => {
    vi.useFakeTimers();
    try {
      let busy = true;
      let aWarmed = 0;
      const warmed: string[] = [];
      const warmer = toolWarmer(
        [
          tool("a", async () => {
            warmed.push("a");
            // On its second warm-up, a branch switch's changes arrive while the first tool warms.
            if (++aWarmed === 2) busy = true;
          }),
          tool("b", async () => void warmed.push("b")),
        ],
        () => ctx,
        logger,
        () => busy,
      );
      // The first warm-up after a start runs whatever the engine does.
      await warmer.warm();
      expect(warmed).toEqual(["a", "b"]);
      busy = true;
      warmer.changed();
      await vi.advanceTimersByTimeAsync(SETTLE_MS * 3);
      expect(warmed).toEqual(["a", "b"]);
      busy = false;
      await vi.advanceTimersByTimeAsync(SETTLE_MS);
      // "a" made the engine busy: "b" waits for the next quiet moment.
      expect(warmed).toEqual(["a", "b", "a"]);
      busy = false;
      await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
      expect(warmed).toEqual(["a", "b", "a", "a", "b"]);
      await warmer.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says a burst is over once a warm-up after a change went through with the engine idle, and only then", async () => {
    vi.useFakeTimers();
    try {
      let busy = false;
      let settled = 0;
      const warmer = toolWarmer(
        [tool("a", async () => void (busy = pending.shift() ?? busy))],
        () => ctx,
        logger,
        () => busy,
        () => void settled++,
      );
      const pending: boolean[] = [];
      // The warm-up of a start is not the end of a burst.
      await warmer.warm();
      expect(settled).toBe(0);
      warmer.changed();
      await vi.advanceTimersByTimeAsync(SETTLE_MS);
      expect(settled).toBe(1);
      // A change arrives while its warm-up runs: the burst goes on.
      pending.push(true);
      warmer.changed();
      await vi.advanceTimersByTimeAsync(SETTLE_MS);
      expect(settled).toBe(1);
      busy = false;
      warmer.changed();
      await vi.advanceTimersByTimeAsync(SETTLE_MS);
      expect(settled).toBe(2);
      await warmer.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
