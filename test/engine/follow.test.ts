import { join } from "node:path";
import * as Either from "effect/Either";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordFileChanges } from "../../src/commands/recordFileChanges.js";
import { scanProject } from "../../src/sources/scan/index.js";
import { Engine, inlineParser } from "../../src/engine/index.js";
import { closeEventLog, openEventLog } from "../../src/events/index.js";
import { CatalogReader } from "../../src/projections/index.js";
import { removeDir, SCAN_DEFAULTS, tempDir, write } from "../sources/scan/helpers.js";
import { projectContext } from "./helpers.js";

let root: string;
let ctx: ReturnType<typeof projectContext>;
beforeEach(() => {
  root = tempDir("nemesis-follow-");
  ctx = projectContext(root);
});
afterEach(() => {
  ctx.close();
  removeDir(root);
});

const statusOf = (path: string): string | undefined => {
  const reader = CatalogReader.open(ctx.paths.catalog);
  try {
    return reader.files().find((f) => f.path === path)?.status;
  } finally {
    reader.close();
  }
};

describe("a live engine", () => {
  it("parses and projects what another writer appends", async () => {
    const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, projections: ["catalog"] }));
    const caughtUp: number[] = [];
    const stop = engine.follow({ intervalMs: 5, onCaughtUp: (r) => caughtUp.push(r.reactor.parsed) });
    // Another process's handle on the same log: a hook or the watcher.
    const writer = openEventLog(join(root, ".nemesis", "events.db"));
    try {
      write(root, "a.ts", "export function a(): number {\n  return 1;\n}\n");
      const scan = await scanProject(root, SCAN_DEFAULTS);
      recordFileChanges(writer, scan, { meta: { source: "watcher" } });
      // Bounded only so that a failure names what never happened; how soon belongs in the bench.
      await expect.poll(() => statusOf("a.ts"), { timeout: 45_000, interval: 5 }).toBe("parsed");
      expect(caughtUp.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      stop();
      closeEventLog(writer);
      await engine.close();
    }
  });

  it("catches up without an onCaughtUp listener (as nemesis serve follows)", async () => {
    const engine = Either.getOrThrow(await Engine.open(ctx, { parser: inlineParser, projections: ["catalog"] }));
    const stop = engine.follow({ intervalMs: 5 });
    const writer = openEventLog(join(root, ".nemesis", "events.db"));
    try {
      write(root, "b.ts", "export const b = 1;\n");
      recordFileChanges(writer, await scanProject(root, SCAN_DEFAULTS), { meta: { source: "watcher" } });
      // Bounded only so that a failure names what never happened; how soon belongs in the bench.
      await expect.poll(() => statusOf("b.ts"), { timeout: 45_000, interval: 5 }).toBe("parsed");
    } finally {
      stop();
      closeEventLog(writer);
      await engine.close();
    }
  });
});
