import Database from "better-sqlite3";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterEach, describe, expect, it } from "vitest";
import { Engine, indexProject, inlineParser } from "../../src/engine/index.js";
import { dropProjectionHint } from "../../src/events/index.js";
import { keywordIndexPath } from "../../src/projections/chunks/index.js";
import { routeDamageReports } from "../../src/shared/damageReports.js";
import { damageFile } from "../projections/damage/damageFile.js";
import { copyFixture, removeDir } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";

// The thread entry is a built file (workers cannot load TypeScript): vitest's globalSetup builds it (test/buildOnce.ts).
const THREAD = new URL("../../dist/engine/projectorThread.js", import.meta.url);

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});

const chunkRows = (root: string) => {
  const db = new Database(keywordIndexPath(join(root, ".nemesis", "chunks.lance")), { readonly: true });
  try {
    return db.prepare("SELECT id, path, symbol, kind, start_line, end_line, text FROM chunks ORDER BY id").all();
  } finally {
    db.close();
  }
};

const indexWith = async (threads: URL | false) => {
  const root = copyFixture("basic");
  dirs.push(root);
  const ctx = projectContext(root);
  try {
    const summary = await indexProject(ctx, { parser: inlineParser, threads });
    return { root, summary, rows: chunkRows(root) };
  } finally {
    ctx.close();
  }
};

describe("the chunk model caught up in its own thread", () => {
  it("builds the same chunk rows as in-process projection, and reports its run", async () => {
    const threaded = await indexWith(THREAD);
    const inProcess = await indexWith(false);
    expect(threaded.rows.length).toBeGreaterThan(0);
    expect(threaded.rows).toEqual(inProcess.rows);
    expect(threaded.summary.timings.projectMs.chunks).toBeGreaterThan(0);
    expect(threaded.summary.graph).toEqual(inProcess.summary.graph);
  });

  it("meets damage of its keyword index in the thread, and the engine drops the model and rebuilds it there", async () => {
    const root = copyFixture("basic");
    dirs.push(root);
    const ctx = projectContext(root);
    const reports: string[] = [];
    const unroute = routeDamageReports((line) => reports.push(line));
    try {
      await indexProject(ctx, { parser: inlineParser, threads: THREAD });
      // Its header is whole: only the thread's first read of the index finds the damage.
      damageFile(keywordIndexPath(join(root, ".nemesis", "chunks.lance")), "pages");
      writeFileSync(join(root, "later.ts"), "export function addedLater(x: number): number {\n  return x * 2;\n}\n");
      await indexProject(ctx, { parser: inlineParser, threads: THREAD });
      expect(reports).toEqual([expect.stringMatching(/^\.nemesis\/chunks\.lance\/keyword\.db is damaged \(.+\): rebuilding the chunks read model from the log$/)]);
      expect(chunkRows(root).some((r) => (r as { path: string }).path === "later.ts")).toBe(true);
    } finally {
      unroute();
      ctx.close();
    }
  });

  it("follows a later change, and takes no batches from the main thread", async () => {
    const root = copyFixture("basic");
    dirs.push(root);
    const ctx = projectContext(root);
    try {
      await indexProject(ctx, { parser: inlineParser, threads: THREAD });
      writeFileSync(join(root, "later.ts"), "export function addedLater(x: number): number {\n  return x * 2;\n}\n");
      const again = await indexProject(ctx, { parser: inlineParser, threads: THREAD });
      expect(again.timings.projectMs.chunks).toBeGreaterThan(0);
      expect(chunkRows(root).some((r) => (r as { path: string }).path === "later.ts")).toBe(true);
      const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, threads: THREAD }));
      try {
        const chunks = engine.projectors.find((p) => p.name === "chunks")!;
        await expect(chunks.apply([], 0)).rejects.toThrow(/catchUpSelf|own thread/);
      } finally {
        await engine.close();
      }
    } finally {
      ctx.close();
    }
  });

  it("asks a thread without a hint to catch up at once, and reports no run when it had nothing to do", async () => {
    const root = copyFixture("basic");
    dirs.push(root);
    const ctx = projectContext(root);
    try {
      await indexProject(ctx, { parser: inlineParser, threads: THREAD });
      const before = chunkRows(root);
      // Without its hint the store must be opened to know its checkpoint: the thread finds out itself.
      dropProjectionHint(ctx.log, "chunks");
      const again = await indexProject(ctx, { parser: inlineParser, threads: THREAD });
      expect(again.timings.projectMs.chunks).toBeUndefined();
      expect(chunkRows(root)).toEqual(before);
    } finally {
      ctx.close();
    }
  });
});
