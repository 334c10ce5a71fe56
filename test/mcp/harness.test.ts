import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GraphReader } from "../../src/projections/index.js";
import { indexedFixture, type IndexedProject } from "./harness.js";

let project: IndexedProject;
beforeAll(async () => {
  project = await indexedFixture("resolve/ts-basic");
}, 60_000);
afterAll(() => project?.close());

describe("the engine's tool context", () => {
  it("reads the graph, the chunks and the catalog of an indexed project", async () => {
    const ctx = project.context();
    const graph = await ctx.graph();
    expect(graph).not.toBeNull();
    const symbols = await new GraphReader(graph!).symbolsOf("src/render.ts");
    expect(symbols.map((s) => s.name)).toContain("render");
    expect((await ctx.chunks())!.chunkCount()).toBeGreaterThan(0);
    expect(ctx.catalog().files().map((f) => f.path)).toContain("src/render.ts");
    expect(await ctx.freshness()).toBeNull();
  });
});
