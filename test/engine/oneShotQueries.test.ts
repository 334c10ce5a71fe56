import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addNodes } from "../../src/commands/scratch/index.js";
import { oneShotQueries } from "../../src/engine/index.js";
import { runCommand } from "../commands/harness.js";
import { copyFixture, removeDir } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";

let fixture: string;
let ctx: ReturnType<typeof projectContext>;

beforeEach(() => {
  fixture = copyFixture("basic");
  ctx = projectContext(fixture);
});
afterEach(() => {
  ctx.close();
  removeDir(fixture);
});

/** The reads a CLI command makes without a running engine: `Queries` as the engine serves it. */
describe("oneShotQueries", () => {
  it("reads the read models without the engine, and opens it for what must catch up first", async () => {
    const before = oneShotQueries(ctx);
    try {
      expect(await before.indexState()).toEqual({ kind: "never" });
      expect((await before.readModels()).map((m) => m.position)).toEqual([0, 0, 0, 0, 0]);
    } finally {
      await before.close();
    }

    // An index needs the engine: this process opens it for the call, then reads through it.
    const indexing = oneShotQueries(ctx);
    try {
      const summary = await indexing.index({});
      expect(summary.files.changed).toBeGreaterThan(0);
      expect(await indexing.indexState()).toEqual({ kind: "current" });
      expect((await indexing.graphCounts())?.files).toBe(summary.files.scanned);
    } finally {
      await indexing.close();
    }

    runCommand(ctx.log, addNodes("plan", [{ label: "Step" }], { source: "test" }));
    const q = oneShotQueries(ctx);
    try {
      // Read without the engine: checkpoints under the lock, the graph read-only.
      const progress = await q.logProgress();
      expect(progress.parse).toMatchObject({ pending: 0 });
      const scratch = progress.models.find((m) => m.name === "scratch");
      expect(scratch).toMatchObject({ pending: 1 });
      expect(progress.models.filter((m) => m.name !== "scratch").every((m) => m.pending === 0)).toBe(true);
      expect(q.staleFiles()).toMatchObject({ changed: [], missing: [], outdated: [] });
      expect(await q.freshness()).toBeNull();
      const chunks = await q.chunks();
      expect(chunks?.paths().size).toBeGreaterThan(0);
      // The scratch graphs catch up first: the write above is readable.
      expect((await q.scratchGraphs()).hasNode("plan", "Step")).toBe(true);
      expect(await q.history()).toBeNull();
    } finally {
      await q.close();
    }
  });
});
