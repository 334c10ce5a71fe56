import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine, indexProject, inlineParser } from "../../src/engine/index.js";
import { LazyProjector } from "../../src/engine/LazyProjector.js";
import { dropProjectionHint, readProjectionHint } from "../../src/events/index.js";
import { keepsACoreBusy } from "../../src/engine/runPipeline.js";
import { insertRawEvent } from "../events/support.js";
import { keywordIndexPath } from "../../src/projections/chunks/index.js";
import { runCli } from "../helpers.js";
import { copyFixture, removeDir } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";
import { closeEventLog } from "../../src/events/index.js";
import type { Projector } from "../../src/projections/index.js";
import { DiskFull } from "../../src/shared/diskFull.js";

const projections = ["catalog", "graph", "chunks"] as const;
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

/** Opens an engine, catches up, and says which lazy stores it had to open. */
const openedStores = async (c: typeof ctx): Promise<string[]> => {
  const engine = Either.getOrThrow(await Engine.open(c, { parser: inlineParser, projections }));
  try {
    await engine.catchUp();
    return engine.projectors.filter((p) => p instanceof LazyProjector && p.lazy && p.isOpen).map((p) => p.name);
  } finally {
    await engine.close();
  }
};

describe("lazily opened read models", () => {
  it("a catch-up with nothing new opens neither Kuzu nor LanceDB, and the summary still has the graph counts", async () => {
    const first = await indexProject(ctx, { parser: inlineParser, projections });
    expect(readProjectionHint(ctx.log, "graph")?.position).toBeGreaterThan(0);
    expect(await openedStores(ctx)).toEqual([]);
    const again = await indexProject(ctx, { parser: inlineParser, projections });
    expect(again.graph).toEqual(first.graph);
    expect(again.timings.projectMs.graph).toBeUndefined();
  });

  it("opens the stores once there is work for them, and the counts follow the change", async () => {
    const first = await indexProject(ctx, { parser: inlineParser, projections });
    writeFileSync(join(fixture, "added.ts"), "export function addedLater(x: number): number {\n  return x + 1;\n}\n");
    const second = await indexProject(ctx, { parser: inlineParser, projections });
    expect(second.timings.projectMs.graph).toBeGreaterThan(0);
    expect(second.graph?.files).toBe((first.graph?.files ?? 0) + 1);
    expect(await openedStores(ctx)).toEqual([]);
  });

  it("a store that could not open (a full disk) opens on the next use; a failed write drops the hint", async () => {
    const full = () => new DiskFull({ path: fixture, freeBytes: 0, neededBytes: 8 * 1024 * 1024 });
    let opens = 0;
    let writes = 0;
    const store: Projector = {
      name: "graph",
      version: 1,
      handles: ["FileParsed"],
      checkpoint: async () => ({ position: 5, version: 1 }),
      apply: async () => {
        if (writes++ === 0) throw full();
      },
      reset: async () => undefined,
      close: async () => undefined,
    };
    const lazy = new LazyProjector(
      {
        name: "graph",
        version: 1,
        handles: ["FileParsed"],
        storePath: fixture,
        fingerprint: "test",
        open: async () => {
          if (opens++ === 0) throw full();
          return store;
        },
      },
      ctx.log,
    );
    await expect(lazy.store()).rejects.toBeInstanceOf(DiskFull);
    expect(lazy.isOpen).toBe(false);
    expect(await lazy.store()).toBe(store);
    lazy.remember(5, null);
    await expect(lazy.apply([], 6)).rejects.toBeInstanceOf(DiskFull);
    expect(readProjectionHint(ctx.log, "graph"), "the failed write may have moved the store: its own checkpoint says where").toBeNull();
    await lazy.apply([], 6);
    expect(readProjectionHint(ctx.log, "graph")?.position).toBe(6);
  });

  it("a hint about a store that was deleted is void: the next run rebuilds it", async () => {
    const first = await indexProject(ctx, { parser: inlineParser, projections });
    rmSync(ctx.paths.graph, { recursive: true, force: true });
    const again = await indexProject(ctx, { parser: inlineParser, projections });
    expect(again.timings.projectMs.graph).toBeGreaterThan(0);
    expect(again.graph).toEqual(first.graph);
  });

  it("a deleted keyword index (where the chunk model keeps its checkpoint) voids the chunk hint", async () => {
    await indexProject(ctx, { parser: inlineParser, projections });
    rmSync(keywordIndexPath(ctx.paths.chunks), { force: true });
    expect(await openedStores(ctx)).toEqual(["chunks"]);
    expect(existsSync(keywordIndexPath(ctx.paths.chunks))).toBe(true);
  });

  it("nemesis replay forgets the hints of what it rebuilds: a replay cut short is caught up by the next run", async () => {
    await indexProject(ctx, { parser: inlineParser, projections });
    expect(readProjectionHint(ctx.log, "graph")).not.toBeNull();
    closeEventLog(ctx.log);
    expect(runCli(fixture, ["replay", "--projection", "graph"]).code).toBe(0);
    ctx = projectContext(fixture);
    expect(readProjectionHint(ctx.log, "graph")).toBeNull();
    expect(readProjectionHint(ctx.log, "chunks")).not.toBeNull();
  });

  it("a changed graph configuration voids the hint", async () => {
    await indexProject(ctx, { parser: inlineParser, projections });
    const changed = { ...ctx, config: { ...ctx.config, graph: { ...ctx.config.graph, buffer_pool_mb: 128 } } };
    expect(await openedStores(changed)).toContain("graph");
  });
});

describe("whether a threaded projector's catch-up takes a core (the graph reads ahead only when not)", () => {
  it("not when its hint is at the head, yes when hundreds of its events are pending, or when no hint says", async () => {
    await indexProject(ctx, { parser: inlineParser, projections });
    const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, projections }));
    try {
      const chunks = engine.projectors.find((p) => p.name === "chunks");
      expect(chunks).toBeInstanceOf(LazyProjector);
      const lazy = chunks as LazyProjector;
      expect(keepsACoreBusy(ctx.log, lazy)).toBe(false);
      for (let i = 0; i < 300; i++) {
        insertRawEvent(ctx.log, { eventId: `gone-${i}`, stream: `file:gone/${i}.ts`, type: lazy.handles[0]!, data: { path: `gone/${i}.ts` } });
      }
      expect(keepsACoreBusy(ctx.log, lazy)).toBe(true);
      dropProjectionHint(ctx.log, "chunks");
      expect(keepsACoreBusy(ctx.log, lazy)).toBe(true);
    } finally {
      await engine.close();
    }
  });
});
