import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GraphReader, type GraphQueryable } from "../../src/projections/index.js";
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

  it("keeps a graph snapshot until the graph changes, shared by every context", async () => {
    let loads = 0;
    const fileCount = async (graph: GraphQueryable) => {
      loads++;
      return Number((await graph.query("MATCH (f:File) RETURN count(*) AS n"))[0]!.n);
    };
    const before = await project.context().graphSnapshot(fileCount);
    expect(await project.context("another").graphSnapshot(fileCount)).toBe(before);
    expect(loads).toBe(1);
    writeFileSync(join(project.root, "src/extra.ts"), "export const extra = 1;\n");
    await project.context().index({});
    expect(await project.context().graphSnapshot(fileCount)).toBe(before! + 1);
    expect(loads).toBe(2);
  });
});
